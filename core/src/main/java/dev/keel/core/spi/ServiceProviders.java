package dev.keel.core.spi;

import dev.keel.core.ConfigurationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Finds the one {@code *Provider} of a kind on the class path. Discovery is a convenience: hosts can always
 * wire implementations by hand. Thread-safe (no state).
 */
public final class ServiceProviders {

    private ServiceProviders() {
    }

    /** As {@link #single(Class, ClassLoader)} with this thread's context class loader. */
    public static <P> Optional<P> single(Class<P> type) {
        return single(type, Thread.currentThread().getContextClassLoader());
    }

    /**
     * The only provider of {@code type}, or empty when there is none.
     *
     * @throws ConfigurationException when more than one is found (naming them all), or one cannot be created
     */
    public static <P> Optional<P> single(Class<P> type, ClassLoader loader) {
        List<P> found = new ArrayList<>();
        try {
            for (P provider : ServiceLoader.load(type, loader)) {
                found.add(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new ConfigurationException("cannot load a " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
        if (found.size() > 1) {
            throw new ConfigurationException("more than one " + type.getSimpleName() + " on the class path: "
                    + found.stream().map(p -> p.getClass().getName()).sorted().collect(Collectors.joining(", "))
                    + "; keep one, or wire the implementation explicitly");
        }
        return found.stream().findFirst();
    }
}
