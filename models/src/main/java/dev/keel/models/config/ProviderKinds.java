package dev.keel.models.config;

import dev.keel.core.ConfigurationException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

/**
 * The provider kinds a configuration may name, by {@link ProviderKind#name()}: the built-in ones ({@code ollama},
 * {@code openai}, {@code anthropic}, {@code embedded}), those found through {@link ServiceLoader}, and those a host
 * adds with {@link #with}. {@link LlmConfig} reads {@code llm.config.json} against it, and the Spring Boot starter
 * reads {@code keel.backends} against it, so a kind registered once is found by both.
 *
 * <p>Immutable and thread-safe; {@link #defaults()} asks the class loader (no other I/O).
 */
public final class ProviderKinds {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");

    private static final List<ProviderKind> BUILT_IN = List.of(ProviderKind.OLLAMA, ProviderKind.OPENAI,
            ProviderKind.ANTHROPIC, ProviderKind.EMBEDDED);

    private final Map<String, ProviderKind> kinds;

    private ProviderKinds(Map<String, ProviderKind> kinds) {
        this.kinds = Collections.unmodifiableMap(kinds);
    }

    /** The built-in kinds alone. */
    public static ProviderKinds builtIn() {
        return new ProviderKinds(new LinkedHashMap<>()).with(BUILT_IN);
    }

    /**
     * The built-in kinds and every {@link ProviderKind} listed in
     * {@code META-INF/services/dev.keel.models.config.ProviderKind} on the class path of Keel's class loader.
     *
     * @throws ConfigurationException when a listed kind has an invalid name or repeats one
     */
    public static ProviderKinds defaults() {
        List<ProviderKind> found = new ArrayList<>();
        ServiceLoader.load(ProviderKind.class, ProviderKind.class.getClassLoader()).forEach(found::add);
        return builtIn().with(found);
    }

    /**
     * These kinds and {@code more}.
     *
     * @throws ConfigurationException when a kind's name is invalid or already taken
     */
    public ProviderKinds with(ProviderKind... more) {
        return with(List.of(more));
    }

    /** As {@link #with(ProviderKind...)}. */
    public ProviderKinds with(List<? extends ProviderKind> more) {
        Map<String, ProviderKind> all = new LinkedHashMap<>(kinds);
        for (ProviderKind kind : more) {
            String name = Objects.requireNonNull(kind, "kind").name();
            if (name == null || !NAME.matcher(name).matches()) {
                throw new ConfigurationException("provider kind " + kind.getClass().getName() + " has the name '"
                        + name + "'; a kind's name is lower-case letters, digits, '-' and '_', first a letter");
            }
            ProviderKind taken = all.putIfAbsent(name, kind);
            if (taken != null && taken != kind) {
                throw new ConfigurationException("provider kind '" + name + "' is registered twice");
            }
        }
        return new ProviderKinds(all);
    }

    /** The kind named {@code name}, if registered. */
    public Optional<ProviderKind> find(String name) {
        return Optional.ofNullable(kinds.get(name));
    }

    /** The names, built-in kinds first, then in registration order. */
    public List<String> names() {
        return List.copyOf(kinds.keySet());
    }

    @Override
    public String toString() {
        return "ProviderKinds" + kinds.keySet();
    }
}
