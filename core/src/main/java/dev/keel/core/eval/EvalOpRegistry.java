package dev.keel.core.eval;

import dev.keel.core.ConfigurationException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * The operations {@code keel eval} knows, by name. Immutable and thread-safe.
 */
public final class EvalOpRegistry {

    private final Map<String, EvalOp> ops;

    private EvalOpRegistry(Map<String, EvalOp> ops) {
        this.ops = Collections.unmodifiableMap(ops);
    }

    /**
     * Every {@link EvalOp} listed in {@code META-INF/services} on the class path of {@code loader}.
     *
     * @throws ConfigurationException when two operations share a name (both are named) or one cannot load
     */
    public static EvalOpRegistry discover(ClassLoader loader) {
        try {
            return of(ServiceLoader.load(EvalOp.class, loader));
        } catch (ServiceConfigurationError e) {
            throw new ConfigurationException("cannot load a keel eval operation: " + e.getMessage(), e);
        }
    }

    /** As {@link #discover(ClassLoader)} with this class's loader. */
    public static EvalOpRegistry discover() {
        return discover(EvalOpRegistry.class.getClassLoader());
    }

    /** Exactly these operations. @throws ConfigurationException when two share a name */
    public static EvalOpRegistry of(Iterable<? extends EvalOp> ops) {
        Map<String, EvalOp> byName = new TreeMap<>();
        for (EvalOp op : ops) {
            EvalOp previous = byName.putIfAbsent(op.name(), op);
            if (previous != null) {
                throw new ConfigurationException("two keel eval operations are named '" + op.name() + "': "
                        + previous.getClass().getName() + " and " + op.getClass().getName());
            }
        }
        return new EvalOpRegistry(byName);
    }

    public static EvalOpRegistry of(EvalOp... ops) {
        return of(java.util.Arrays.asList(ops));
    }

    public Optional<EvalOp> find(String name) {
        return Optional.ofNullable(ops.get(name));
    }

    /** The operation names, sorted. */
    public Set<String> names() {
        return ops.keySet();
    }
}
