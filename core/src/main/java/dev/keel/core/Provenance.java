package dev.keel.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The provenance record of seed 000 §5: who asked, what governance decided, where the evidence came from,
 * which model was selected, which backend was targeted and which one really answered, and how confident the
 * answer is.
 *
 * <p>{@link #toWire()} gives the stub with exactly the seed's field names, in the seed's order. Fields the
 * seed does not name ({@code domains}, {@code routing_override}, {@code backend_used_reason},
 * {@code evidence_routing}, {@code reason_codes}) are written after them, and only when set.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class Provenance {

    private final Principal principal;
    private final Decision governanceDecision;
    private final List<String> domains;
    private final EvidenceSources evidenceSources;
    private final String routerSelectedLlm;
    private final String backendTarget;
    private final String backendUsed;
    private final boolean topSecretInternalOnly;
    private final String reasoningMode;
    private final List<String> subtasksExecuted;
    private final Confidence confidence;
    private final String routingOverride;
    private final String backendUsedReason;
    private final String evidenceRouting;
    private final ReasonCodes reasonCodes;

    private Provenance(Builder b) {
        this.principal = b.principal;
        this.governanceDecision = b.governanceDecision;
        this.domains = b.domains == null ? null : List.copyOf(b.domains);
        this.evidenceSources = b.evidenceSources;
        this.routerSelectedLlm = b.routerSelectedLlm;
        this.backendTarget = b.backendTarget;
        this.backendUsed = b.backendUsed;
        this.topSecretInternalOnly = b.topSecretInternalOnly;
        this.reasoningMode = b.reasoningMode;
        this.subtasksExecuted = List.copyOf(b.subtasksExecuted);
        this.confidence = b.confidence;
        this.routingOverride = b.routingOverride;
        this.backendUsedReason = b.backendUsedReason;
        this.evidenceRouting = b.evidenceRouting;
        this.reasonCodes = b.reasonCodes;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Principal principal() {
        return principal;
    }

    public Decision governanceDecision() {
        return governanceDecision;
    }

    /** The requested domains, or null when not recorded. */
    public List<String> domains() {
        return domains;
    }

    public EvidenceSources evidenceSources() {
        return evidenceSources;
    }

    public String routerSelectedLlm() {
        return routerSelectedLlm;
    }

    public String backendTarget() {
        return backendTarget;
    }

    public String backendUsed() {
        return backendUsed;
    }

    public boolean topSecretInternalOnly() {
        return topSecretInternalOnly;
    }

    public String reasoningMode() {
        return reasoningMode;
    }

    public List<String> subtasksExecuted() {
        return subtasksExecuted;
    }

    public Confidence confidence() {
        return confidence;
    }

    /** The routing override applied (for example the auditor override of seed 000 §3.4.4), or null. */
    public String routingOverride() {
        return routingOverride;
    }

    /** Why {@link #backendUsed()} differs from {@link #backendTarget()} (a fallback), or null when it does not. */
    public String backendUsedReason() {
        return backendUsedReason;
    }

    /** The evidence routing decision (seed 000 §3.3), or null when not recorded. */
    public String evidenceRouting() {
        return evidenceRouting;
    }

    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** The stub as an insertion-ordered JSON object of plain values, with the seed's field names. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("role", principal.role());
        wire.put("clearance", principal.clearance());
        wire.put("governance_decision", governanceDecision.wireName());
        Map<String, Object> sources = new LinkedHashMap<>();
        sources.put("policy", evidenceSources.policy());
        sources.put("regulated_knowledge", evidenceSources.regulatedKnowledge());
        sources.put("governed_data", evidenceSources.governedData());
        wire.put("evidence_sources", sources);
        wire.put("router_selected_llm", routerSelectedLlm);
        wire.put("backend_target", backendTarget);
        wire.put("backend_used", backendUsed);
        wire.put("top_secret_internal_only", topSecretInternalOnly);
        wire.put("reasoning_mode", reasoningMode);
        wire.put("subtasks_executed", subtasksExecuted);
        Map<String, Object> confidenceWire = new LinkedHashMap<>();
        confidenceWire.put("level", confidence.level().wireName());
        confidenceWire.put("rationale", confidence.rationale());
        wire.put("confidence", confidenceWire);
        putIfSet(wire, "domains", domains);
        putIfSet(wire, "routing_override", routingOverride);
        putIfSet(wire, "backend_used_reason", backendUsedReason);
        putIfSet(wire, "evidence_routing", evidenceRouting);
        if (!reasonCodes.isEmpty()) {
            wire.put("reason_codes", reasonCodes.values());
        }
        return wire;
    }

    private static void putIfSet(Map<String, Object> wire, String key, Object value) {
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
        private Principal principal;
        private Decision governanceDecision;
        private List<String> domains;
        private EvidenceSources evidenceSources;
        private String routerSelectedLlm;
        private String backendTarget;
        private String backendUsed;
        private boolean topSecretInternalOnly;
        private String reasoningMode;
        private final List<String> subtasksExecuted = new ArrayList<>();
        private Confidence confidence;
        private String routingOverride;
        private String backendUsedReason;
        private String evidenceRouting;
        private ReasonCodes reasonCodes = ReasonCodes.empty();

        private Builder() {
        }

        public Builder principal(Principal principal) {
            this.principal = principal;
            return this;
        }

        public Builder governanceDecision(Decision decision) {
            this.governanceDecision = decision;
            return this;
        }

        public Builder domains(List<String> domains) {
            this.domains = domains;
            return this;
        }

        public Builder evidenceSources(EvidenceSources evidenceSources) {
            this.evidenceSources = evidenceSources;
            return this;
        }

        public Builder routerSelectedLlm(String routerSelectedLlm) {
            this.routerSelectedLlm = routerSelectedLlm;
            return this;
        }

        public Builder backendTarget(String backendTarget) {
            this.backendTarget = backendTarget;
            return this;
        }

        public Builder backendUsed(String backendUsed) {
            this.backendUsed = backendUsed;
            return this;
        }

        public Builder topSecretInternalOnly(boolean topSecretInternalOnly) {
            this.topSecretInternalOnly = topSecretInternalOnly;
            return this;
        }

        public Builder reasoningMode(String reasoningMode) {
            this.reasoningMode = reasoningMode;
            return this;
        }

        public Builder subtasksExecuted(List<String> subtasks) {
            this.subtasksExecuted.clear();
            this.subtasksExecuted.addAll(subtasks);
            return this;
        }

        public Builder confidence(Confidence confidence) {
            this.confidence = confidence;
            return this;
        }

        public Builder routingOverride(String routingOverride) {
            this.routingOverride = routingOverride;
            return this;
        }

        public Builder backendUsedReason(String backendUsedReason) {
            this.backendUsedReason = backendUsedReason;
            return this;
        }

        public Builder evidenceRouting(String evidenceRouting) {
            this.evidenceRouting = evidenceRouting;
            return this;
        }

        public Builder reasonCodes(ReasonCodes reasonCodes) {
            this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
            return this;
        }

        /**
         * @throws InvalidInputException naming the first of the seed's fields that is missing
         */
        public Provenance build() {
            require(principal, "role/clearance");
            require(governanceDecision, "governance_decision");
            require(evidenceSources, "evidence_sources");
            require(routerSelectedLlm, "router_selected_llm");
            require(backendTarget, "backend_target");
            require(backendUsed, "backend_used");
            require(reasoningMode, "reasoning_mode");
            require(confidence, "confidence");
            return new Provenance(this);
        }

        private static void require(Object value, String field) {
            if (value == null) {
                throw new InvalidInputException("provenance_incomplete", "provenance field '" + field + "' is missing");
            }
        }
    }
}
