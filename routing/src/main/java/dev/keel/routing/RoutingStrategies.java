package dev.keel.routing;

import dev.keel.core.ConfigurationException;
import dev.keel.core.text.UnicodeText;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The strategies a routing table may name with {@code "strategy"}, by name: the built-in
 * {@value RoutingStrategy#WEIGHTED} always, and the providers a host adds ({@link #with}) or its class path
 * provides ({@link #discover(ClassLoader)}). Immutable and thread-safe.
 */
public final class RoutingStrategies {

    private static final RoutingStrategies BUILT_IN = new RoutingStrategies(
            Map.of(RoutingStrategy.WEIGHTED, new WeightedStrategyProvider()));

    private final Map<String, RoutingStrategyProvider> providers;

    private RoutingStrategies(Map<String, RoutingStrategyProvider> providers) {
        this.providers = Collections.unmodifiableMap(new LinkedHashMap<>(providers));
    }

    /** The built-in weighted strategy alone. */
    public static RoutingStrategies builtIn() {
        return BUILT_IN;
    }

    /**
     * The built-in strategy and every {@link RoutingStrategyProvider} that {@code loader} lists in
     * {@code META-INF/services/dev.keel.routing.RoutingStrategyProvider}.
     *
     * @throws ConfigurationException when two providers give the same name, or one cannot be loaded
     */
    public static RoutingStrategies discover(ClassLoader loader) {
        RoutingStrategies strategies = BUILT_IN;
        try {
            for (RoutingStrategyProvider provider : ServiceLoader.load(RoutingStrategyProvider.class, loader)) {
                strategies = strategies.with(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new ConfigurationException("a routing strategy provider cannot be loaded: " + e.getMessage(), e);
        }
        return strategies;
    }

    /**
     * As {@link #discover(ClassLoader)}, with the current thread's context class loader (or, without one, the
     * loader of this library).
     */
    public static RoutingStrategies discover() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return discover(loader != null ? loader : RoutingStrategies.class.getClassLoader());
    }

    /**
     * These strategies and {@code provider}.
     *
     * @throws ConfigurationException when its name is blank or already taken
     */
    public RoutingStrategies with(RoutingStrategyProvider provider) {
        Objects.requireNonNull(provider, "provider");
        String name = provider.name();
        if (name == null || name.isEmpty() || name.codePoints().anyMatch(UnicodeText::isWhiteSpace)) {
            throw new ConfigurationException("a routing strategy's name must be a non-blank word, found '" + name + "'");
        }
        if (providers.containsKey(name)) {
            throw new ConfigurationException("two routing strategies are named '" + name + "'");
        }
        Map<String, RoutingStrategyProvider> more = new LinkedHashMap<>(providers);
        more.put(name, provider);
        return new RoutingStrategies(more);
    }

    /** The provider named {@code name}. */
    public Optional<RoutingStrategyProvider> find(String name) {
        return Optional.ofNullable(providers.get(name));
    }

    /** The names, the built-in first. */
    public Set<String> names() {
        return providers.keySet();
    }

    @Override
    public String toString() {
        return "RoutingStrategies" + names();
    }
}
