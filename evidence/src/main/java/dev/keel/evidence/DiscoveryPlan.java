package dev.keel.evidence;

import dev.keel.core.ReasonCodes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A discovery plan: the runtime's decision on which discovery a turn may run (the protocol's
 * {@code AssistantMcpDiscoveryPlanContract}, see {@code docs/evidence.md}). Every plan requires the evidence gate
 * and never lets an answer use raw model claims; {@link #toWire()} writes those constants with the other fields.
 *
 * <p>Plans come from {@link DiscoveryPlanBuilder}; {@link #fromWire(Map)} reads one back from JSON strictly.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class DiscoveryPlan {

    /** The reference's {@code ASSISTANT_MCP_DISCOVERY_PLAN_SCHEMA_VERSION}. */
    public static final String SCHEMA_VERSION = "assistant_mcp_discovery_plan_v1";
    /** The {@code policy_owner} of every plan and evidence contract. */
    public static final String POLICY_OWNER = "assistantMcpDiscoveryPolicy";

    private final PlanStatus planStatus;
    private final @Nullable String semanticDataNeed;
    private final @Nullable TurnMeaning turnMeaningRef;
    private final List<DiscoveryPrimitive> allowedPrimitives;
    private final List<String> rejectedPrimitives;
    private final List<String> requiredAxes;
    private final List<String> clarificationGaps;
    private final ExecutionBudget executionBudget;
    private final ReasonCodes reasonCodes;

    private DiscoveryPlan(Builder b) {
        this.planStatus = Objects.requireNonNull(b.planStatus, "planStatus");
        this.semanticDataNeed = b.semanticDataNeed;
        this.turnMeaningRef = b.turnMeaningRef;
        this.allowedPrimitives = Lists.copyOf(b.allowedPrimitives);
        this.rejectedPrimitives = Lists.copyOf(b.rejectedPrimitives);
        this.requiredAxes = Lists.copyOf(b.requiredAxes);
        this.clarificationGaps = Lists.copyOf(b.clarificationGaps);
        this.executionBudget = Objects.requireNonNull(b.executionBudget, "executionBudget");
        this.reasonCodes = Objects.requireNonNull(b.reasonCodes, "reasonCodes");
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads a plan contract from a plain tree, strictly: every field of the protocol's contract must be present with
     * its type, constants must have their values, primitives must be registered, and no other field may appear (but
     * {@code $schema}, naming the plan's JSON Schema).
     *
     * @throws dev.keel.core.InvalidInputException naming every problem with its JSON pointer, the first one first
     */
    public static DiscoveryPlan fromWire(Map<String, ?> plan) {
        return fromWire(plan, PrimitiveRegistry.defaults());
    }

    /** As {@link #fromWire(Map)}, accepting the primitives of {@code registry}. */
    public static DiscoveryPlan fromWire(Map<String, ?> plan, PrimitiveRegistry registry) {
        return StrictPlanReader.read(plan, registry);
    }

    public PlanStatus planStatus() {
        return planStatus;
    }

    /** True when the plan may run. */
    public boolean isAllowed() {
        return planStatus == PlanStatus.ALLOWED;
    }

    public Optional<String> semanticDataNeed() {
        return Optional.ofNullable(semanticDataNeed);
    }

    /** The normalised turn meaning; empty when the input had none worth keeping. */
    public Optional<TurnMeaning> turnMeaningRef() {
        return Optional.ofNullable(turnMeaningRef);
    }

    /** Proposed primitives the runtime registers, in proposal order, each once. */
    public List<DiscoveryPrimitive> allowedPrimitives() {
        return allowedPrimitives;
    }

    /** Proposed names the runtime does not register, as proposed (trimmed). */
    public List<String> rejectedPrimitives() {
        return rejectedPrimitives;
    }

    public List<String> requiredAxes() {
        return requiredAxes;
    }

    public List<String> clarificationGaps() {
        return clarificationGaps;
    }

    public ExecutionBudget executionBudget() {
        return executionBudget;
    }

    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** The contract with the protocol's field names, in the protocol's order; a new map on each call. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("schema_version", SCHEMA_VERSION);
        wire.put("policy_owner", POLICY_OWNER);
        wire.put("plan_status", planStatus.wireName());
        wire.put("semantic_data_need", semanticDataNeed);
        wire.put("turn_meaning_ref", turnMeaningRef == null ? null : turnMeaningRef.toWire());
        List<String> allowed = new ArrayList<>(allowedPrimitives.size());
        for (DiscoveryPrimitive primitive : allowedPrimitives) {
            allowed.add(primitive.wireName());
        }
        wire.put("allowed_primitives", Collections.unmodifiableList(allowed));
        wire.put("rejected_primitives", rejectedPrimitives);
        wire.put("required_axes", requiredAxes);
        wire.put("clarification_gaps", clarificationGaps);
        Map<String, Object> budget = new LinkedHashMap<>();
        budget.put("max_probe_count", executionBudget.maxProbeCount());
        budget.put("max_rows_per_probe", executionBudget.maxRowsPerProbe());
        wire.put("execution_budget", budget);
        wire.put("requires_evidence_gate", true);
        wire.put("answer_may_use_raw_model_claims", false);
        wire.put("reason_codes", reasonCodes.values());
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DiscoveryPlan && ((DiscoveryPlan) other).toWire().equals(toWire());
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
    }

    @Override
    public String toString() {
        return "DiscoveryPlan" + toWire();
    }

    /** Collects the fields of a {@link DiscoveryPlan}; not thread-safe. */
    public static final class Builder {
        private @Nullable PlanStatus planStatus;
        private @Nullable String semanticDataNeed;
        private @Nullable TurnMeaning turnMeaningRef;
        private List<DiscoveryPrimitive> allowedPrimitives = List.of();
        private List<String> rejectedPrimitives = List.of();
        private List<String> requiredAxes = List.of();
        private List<String> clarificationGaps = List.of();
        private @Nullable ExecutionBudget executionBudget = ExecutionBudget.DEFAULT;
        private ReasonCodes reasonCodes = ReasonCodes.empty();

        private Builder() {
        }

        public Builder planStatus(PlanStatus value) {
            this.planStatus = value;
            return this;
        }

        public Builder semanticDataNeed(@Nullable String value) {
            this.semanticDataNeed = value;
            return this;
        }

        public Builder turnMeaningRef(@Nullable TurnMeaning value) {
            this.turnMeaningRef = value;
            return this;
        }

        public Builder allowedPrimitives(List<DiscoveryPrimitive> values) {
            this.allowedPrimitives = values;
            return this;
        }

        public Builder rejectedPrimitives(List<String> values) {
            this.rejectedPrimitives = values;
            return this;
        }

        public Builder requiredAxes(List<String> values) {
            this.requiredAxes = values;
            return this;
        }

        public Builder clarificationGaps(List<String> values) {
            this.clarificationGaps = values;
            return this;
        }

        public Builder executionBudget(@Nullable ExecutionBudget value) {
            this.executionBudget = value;
            return this;
        }

        public Builder reasonCodes(ReasonCodes value) {
            this.reasonCodes = value;
            return this;
        }

        /** @throws NullPointerException when the status, the budget, the codes or a list item is missing */
        public DiscoveryPlan build() {
            return new DiscoveryPlan(this);
        }
    }
}
