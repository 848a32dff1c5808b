package dev.keel.pipeline;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The model backends a pipeline may call, by the names routing uses ({@code backend_target}), each marked
 * <b>internal</b> (runs in the house: every prompt may go there) or <b>external</b> (outside the house: every prompt
 * passes the egress filter first, and nothing of an internal-only request is ever sent). One internal backend is the
 * fallback: it answers when an external one fails, or when routing chose an external one for an internal-only
 * request. Each model call is a {@link dev.keel.core.spi.FallbackChain} from the target to the fallback, whose gate
 * passes over an external backend for an internal-only request.
 *
 * <p>Immutable and thread-safe when the backends are; the builder is not thread-safe.
 */
public final class Backends {

    private final Map<String, LlmBackend> internal;
    private final Map<String, LlmBackend> external;
    private final String fallback;

    private Backends(Builder b, String fallback) {
        // In the order given: the default routing picks the first external backend.
        this.internal = Collections.unmodifiableMap(new LinkedHashMap<>(b.internal));
        this.external = Collections.unmodifiableMap(new LinkedHashMap<>(b.external));
        this.fallback = fallback;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The backend named {@code name}. */
    public Optional<LlmBackend> find(String name) {
        LlmBackend backend = internal.get(name);
        return Optional.ofNullable(backend != null ? backend : external.get(name));
    }

    /** Whether {@code name} is an external backend. */
    public boolean isExternal(String name) {
        return external.containsKey(name);
    }

    /** Whether {@code name} is an internal backend. */
    public boolean isInternal(String name) {
        return internal.containsKey(name);
    }

    /** The internal backend that answers when an external one fails or must not be called. */
    public String fallback() {
        return fallback;
    }

    /**
     * The routing table of a host that gives models, not routes: every request goes to the first external backend
     * given (the fallback when there is none), and what must stay in the house goes to the fallback.
     */
    public RoutingTable defaultRouting() {
        String target = external.isEmpty() ? fallback : external.keySet().iterator().next();
        return RoutingTable.builder().pool(1, new PoolEntry(target, "default", target))
                .internalBackendTarget(fallback).build();
    }

    /** Every backend name. */
    public Set<String> names() {
        Map<String, LlmBackend> all = new LinkedHashMap<>(internal);
        all.putAll(external);
        return Set.copyOf(all.keySet());
    }

    @Override
    public String toString() {
        return "Backends{internal=" + internal.keySet() + ", external=" + external.keySet() + ", fallback=" + fallback
                + "}";
    }

    /** Collects backends; not thread-safe. */
    public static final class Builder {
        private final Map<String, LlmBackend> internal = new LinkedHashMap<>();
        private final Map<String, LlmBackend> external = new LinkedHashMap<>();
        private @Nullable String fallback;

        private Builder() {
        }

        /** An internal backend named {@code name}. */
        public Builder internal(String name, LlmBackend backend) {
            internal.put(requireNew(name), Objects.requireNonNull(backend, "backend"));
            return this;
        }

        /** An external backend named {@code name}: every prompt to it passes the egress filter. */
        public Builder external(String name, LlmBackend backend) {
            external.put(requireNew(name), Objects.requireNonNull(backend, "backend"));
            return this;
        }

        /** The fallback: an internal backend's name; the first internal backend unless set. */
        public Builder fallback(String name) {
            this.fallback = Objects.requireNonNull(name, "name");
            return this;
        }

        private String requireNew(String name) {
            Objects.requireNonNull(name, "name");
            if (internal.containsKey(name) || external.containsKey(name)) {
                throw new ConfigurationException("backend '" + name + "' is given twice");
            }
            return name;
        }

        /** @throws ConfigurationException when there is no internal backend, or the fallback is not one */
        public Backends build() {
            if (internal.isEmpty()) {
                throw new ConfigurationException("a pipeline needs at least one internal backend: an internal model"
                        + " answers when nothing may leave the house");
            }
            if (fallback != null && !internal.containsKey(fallback)) {
                throw new ConfigurationException("the fallback backend '" + fallback + "' is not an internal backend");
            }
            return new Backends(this, fallback != null ? fallback : internal.keySet().iterator().next());
        }
    }
}
