package dev.keel.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Why an answer is what it is: who asked, what governance decided over which data domains, where the evidence
 * came from, which backend routing chose and which one really answered (and why they differ), the reason codes,
 * and an ordered map of extensions that each step or application adds (a router's choice, a reasoning mode, a
 * confidence, a workflow's trace id). Every governed answer carries one; its protocol is described in
 * {@code docs/provenance.md}.
 *
 * <p>{@link #toWire()} writes the generic fields under fixed snake_case names, then the extensions in the order
 * they were added; unset optional fields are left out. Applications that promise a wire format of their own
 * render one from the accessors.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class Provenance {

    /** The names {@link #toWire()} uses for the generic fields; an extension may not take one of them. */
    public static final Set<String> FIELD_NAMES = Set.of("request_id", "role", "clearance", "decision", "domains",
            "evidence_sources", "backend_target", "backend_used", "backend_used_reason", "reason_codes");

    private final @Nullable String requestId;
    private final @Nullable Principal principal;
    private final Decision decision;
    private final @Nullable List<String> domains;
    private final EvidenceSources evidenceSources;
    private final @Nullable String backendTarget;
    private final @Nullable String backendUsed;
    private final @Nullable String backendUsedReason;
    private final ReasonCodes reasonCodes;
    private final Map<String, Object> extensions;

    private Provenance(Builder b) {
        this.requestId = b.requestId;
        this.principal = b.principal;
        this.decision = Objects.requireNonNull(b.decision, "decision");
        this.domains = b.domains == null ? null : List.copyOf(b.domains);
        this.evidenceSources = b.evidenceSources;
        this.backendTarget = b.backendTarget;
        this.backendUsed = b.backendUsed;
        this.backendUsedReason = b.backendUsedReason;
        this.reasonCodes = b.reasonCodes;
        this.extensions = Collections.unmodifiableMap(new LinkedHashMap<>(b.extensions));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The request this provenance belongs to, or null when none was given. */
    public @Nullable String requestId() {
        return requestId;
    }

    /** Who the answer was governed for, or null when no principal could be resolved. */
    public @Nullable Principal principal() {
        return principal;
    }

    /** The governance decision. */
    public Decision decision() {
        return decision;
    }

    /** The data domains the decision was taken over, or null when not recorded. */
    public @Nullable List<String> domains() {
        return domains;
    }

    /** Where the evidence came from; {@link EvidenceSources#none()} when nothing was consulted. */
    public EvidenceSources evidenceSources() {
        return evidenceSources;
    }

    /** The backend routing chose, or null when no backend was chosen (a denial). */
    public @Nullable String backendTarget() {
        return backendTarget;
    }

    /** The backend that really answered, or null when none did. */
    public @Nullable String backendUsed() {
        return backendUsed;
    }

    /** Why {@link #backendUsed()} differs from {@link #backendTarget()} (a fallback, a safeguard), or null. */
    public @Nullable String backendUsedReason() {
        return backendUsedReason;
    }

    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** The extensions, in the order they were added: plain JSON values by name. */
    public Map<String, Object> extensions() {
        return extensions;
    }

    /** The extension {@code name}, or null. */
    public @Nullable Object extension(String name) {
        return extensions.get(name);
    }

    /** An insertion-ordered JSON object of plain values: the generic fields that are set, then the extensions. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        putIfSet(wire, "request_id", requestId);
        if (principal != null) {
            wire.put("role", principal.role());
            wire.put("clearance", principal.clearance());
        }
        wire.put("decision", decision.wireName());
        putIfSet(wire, "domains", domains);
        wire.put("evidence_sources", evidenceSources.toWire());
        putIfSet(wire, "backend_target", backendTarget);
        putIfSet(wire, "backend_used", backendUsed);
        putIfSet(wire, "backend_used_reason", backendUsedReason);
        if (!reasonCodes.isEmpty()) {
            wire.put("reason_codes", reasonCodes.values());
        }
        wire.putAll(extensions);
        return wire;
    }

    private static void putIfSet(Map<String, Object> wire, String key, @Nullable Object value) {
        if (value != null) {
            wire.put(key, value);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Provenance && ((Provenance) other).toWire().equals(toWire());
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
    }

    @Override
    public String toString() {
        return "Provenance" + toWire();
    }

    /** Collects the fields of a {@link Provenance}; not thread-safe. */
    public static final class Builder {
        private @Nullable String requestId;
        private @Nullable Principal principal;
        private @Nullable Decision decision;
        private @Nullable List<String> domains;
        private EvidenceSources evidenceSources = EvidenceSources.none();
        private @Nullable String backendTarget;
        private @Nullable String backendUsed;
        private @Nullable String backendUsedReason;
        private ReasonCodes reasonCodes = ReasonCodes.empty();
        private final Map<String, Object> extensions = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder requestId(@Nullable String requestId) {
            this.requestId = requestId;
            return this;
        }

        public Builder principal(@Nullable Principal principal) {
            this.principal = principal;
            return this;
        }

        public Builder decision(Decision decision) {
            this.decision = decision;
            return this;
        }

        public Builder domains(@Nullable List<String> domains) {
            this.domains = domains;
            return this;
        }

        public Builder evidenceSources(EvidenceSources evidenceSources) {
            this.evidenceSources = Objects.requireNonNull(evidenceSources, "evidenceSources");
            return this;
        }

        public Builder backendTarget(@Nullable String backendTarget) {
            this.backendTarget = backendTarget;
            return this;
        }

        public Builder backendUsed(@Nullable String backendUsed) {
            this.backendUsed = backendUsed;
            return this;
        }

        public Builder backendUsedReason(@Nullable String backendUsedReason) {
            this.backendUsedReason = backendUsedReason;
            return this;
        }

        public Builder reasonCodes(ReasonCodes reasonCodes) {
            this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
            return this;
        }

        /**
         * Sets the extension {@code name} to a plain JSON value (a string, number, boolean, list or map of them);
         * a name set again keeps its first position. Null removes it.
         *
         * @throws InvalidInputException when {@code name} is one of {@link #FIELD_NAMES}
         */
        public Builder extension(String name, @Nullable Object value) {
            Objects.requireNonNull(name, "name");
            if (FIELD_NAMES.contains(name)) {
                throw new InvalidInputException("'" + name + "' is a provenance field, not an extension");
            }
            if (value == null) {
                extensions.remove(name);
            } else {
                extensions.put(name, value);
            }
            return this;
        }

        /** @throws InvalidInputException {@code provenance_incomplete} when no decision is set */
        public Provenance build() {
            if (decision == null) {
                throw new InvalidInputException("provenance_incomplete", "provenance field 'decision' is missing");
            }
            return new Provenance(this);
        }
    }
}
