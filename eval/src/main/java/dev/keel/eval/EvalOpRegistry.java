package dev.keel.eval;

import dev.keel.core.ConfigurationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /** The operations of Keel's modules: {@code policy}, {@code route}, {@code stage}, and the others. */
    public static EvalOpRegistry standard() {
        return of(StandardOps.all());
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
        return of(Arrays.asList(ops));
    }

    /** These operations and {@code more}. @throws ConfigurationException when two share a name */
    public EvalOpRegistry with(EvalOp... more) {
        List<EvalOp> all = new ArrayList<>(ops.values());
        all.addAll(Arrays.asList(more));
        return of(all);
    }

    public Optional<EvalOp> find(String name) {
        return Optional.ofNullable(ops.get(name));
    }

    /** The operation names, sorted. */
    public Set<String> names() {
        return ops.keySet();
    }
}
