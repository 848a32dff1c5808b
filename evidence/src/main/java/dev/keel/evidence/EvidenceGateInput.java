package dev.keel.evidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the evidence gate judges (the protocol's {@code ResolveAssistantMcpDiscoveryEvidenceInput}, see {@code
 * docs/evidence.md}): the plan, the probe results, the facts the answer would state (confirmed, inferred, unknown), a
 * summary of the source rows, limitations and a suggested next probe.
 *
 * <p>Built in Java from a {@link DiscoveryPlan} with {@link #builder(DiscoveryPlan)}, or read from JSON with
 * {@link #fromWire(Map)}, which keeps the plan exactly as given: the gate echoes it as {@code query_plan} and starts
 * its reason codes from the plan's {@code reason_codes} as they are, as the reference does.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class EvidenceGateInput {

    private final @Nullable DiscoveryPlan plan;
    private final @Nullable Map<String, Object> planTree;
    private final List<Object> planReasonCodeItems;
    private final Set<Object> planAllowedKeys;
    private final boolean planAllowed;
    private final List<ProbeResult> probeResults;
    private final List<String> confirmedFacts;
    private final List<String> inferredFacts;
    private final List<String> unknownFacts;
    private final @Nullable String sourceRowsSummary;
    private final List<String> queryLimitations;
    private final @Nullable String recommendedNextProbe;

    private EvidenceGateInput(@Nullable DiscoveryPlan plan, @Nullable Map<String, Object> planTree,
            List<Object> planReasonCodeItems, Set<Object> planAllowedKeys, boolean planAllowed, Facts facts) {
        this.plan = plan;
        this.planTree = planTree;
        this.planReasonCodeItems = planReasonCodeItems;
        this.planAllowedKeys = planAllowedKeys;
        this.planAllowed = planAllowed;
        this.probeResults = Lists.withoutNulls(facts.probeResults);
        this.confirmedFacts = Lists.withoutNulls(facts.confirmedFacts);
        this.inferredFacts = Lists.withoutNulls(facts.inferredFacts);
        this.unknownFacts = Lists.withoutNulls(facts.unknownFacts);
        this.sourceRowsSummary = facts.sourceRowsSummary;
        this.queryLimitations = Lists.withoutNulls(facts.queryLimitations);
        this.recommendedNextProbe = facts.recommendedNextProbe;
    }

    /** An input judging {@code plan}; the other fields start empty. */
    public static Builder builder(DiscoveryPlan plan) {
        return new Builder(Objects.requireNonNull(plan, "plan"));
    }

    /**
     * Reads the reference's input object (camelCase keys; {@code plan} a plan contract) from a plain tree, with the
     * reference's conversions (see {@link DiscoveryPlanInput#fromWire(Map)}). The plan is kept as given, extra
     * fields included.
     *
     * @throws dev.keel.core.InvalidInputException (message starting with the JSON pointer) exactly where the
     *         reference throws: {@code plan} missing or not an object, its {@code reason_codes} not an array (or
     *         string), its {@code allowed_primitives} neither absent, null, an array nor a string, a null probe
     *         result, or a value it must turn into text or a number that is an object with its own
     *         {@code toString} member
     */
    public static EvidenceGateInput fromWire(Map<String, ?> input) {
        return WireInputs.gateInput(input);
    }

    static EvidenceGateInput ofWire(@Nullable Map<String, Object> planTree, List<Object> planReasonCodeItems,
            Set<Object> planAllowedKeys, boolean planAllowed, Facts facts) {
        return new EvidenceGateInput(null, planTree, planReasonCodeItems, planAllowedKeys, planAllowed, facts);
    }

    /** The plan when it was given as a {@link DiscoveryPlan}; empty when read from JSON. */
    public Optional<DiscoveryPlan> plan() {
        return Optional.ofNullable(plan);
    }

    /** The plan as the gate echoes it ({@code query_plan}). */
    public @Nullable Map<String, Object> planTree() {
        return plan != null ? plan.toWire() : planTree;
    }

    List<Object> planReasonCodeItems() {
        return planReasonCodeItems;
    }

    boolean allowsPrimitive(Object primitiveKey) {
        return planAllowedKeys.contains(primitiveKey);
    }

    boolean planAllowed() {
        return planAllowed;
    }

    public List<ProbeResult> probeResults() {
        return probeResults;
    }

    public List<String> confirmedFacts() {
        return confirmedFacts;
    }

    public List<String> inferredFacts() {
        return inferredFacts;
    }

    public List<String> unknownFacts() {
        return unknownFacts;
    }

    public Optional<String> sourceRowsSummary() {
        return Optional.ofNullable(sourceRowsSummary);
    }

    public List<String> queryLimitations() {
        return queryLimitations;
    }

    public Optional<String> recommendedNextProbe() {
        return Optional.ofNullable(recommendedNextProbe);
    }

    /** Everything but the plan, as collected by the builder or the JSON reader. Not thread-safe. */
    static final class Facts {
        List<ProbeResult> probeResults = List.of();
        List<String> confirmedFacts = List.of();
        List<String> inferredFacts = List.of();
        List<String> unknownFacts = List.of();
        @Nullable String sourceRowsSummary;
        List<String> queryLimitations = List.of();
        @Nullable String recommendedNextProbe;
    }

    /** Collects an {@link EvidenceGateInput}; null clears a field, null list items are ignored. Not thread-safe. */
    public static final class Builder {
        private final DiscoveryPlan plan;
        private final Facts facts = new Facts();

        private Builder(DiscoveryPlan plan) {
            this.plan = plan;
        }

        public Builder probeResults(List<ProbeResult> values) {
            facts.probeResults = copy(values);
            return this;
        }

        public Builder probeResults(ProbeResult... values) {
            return probeResults(Arrays.asList(values));
        }

        public Builder confirmedFacts(List<String> values) {
            facts.confirmedFacts = copy(values);
            return this;
        }

        public Builder inferredFacts(List<String> values) {
            facts.inferredFacts = copy(values);
            return this;
        }

        public Builder unknownFacts(List<String> values) {
            facts.unknownFacts = copy(values);
            return this;
        }

        public Builder sourceRowsSummary(String value) {
            facts.sourceRowsSummary = value;
            return this;
        }

        public Builder queryLimitations(List<String> values) {
            facts.queryLimitations = copy(values);
            return this;
        }

        public Builder recommendedNextProbe(String value) {
            facts.recommendedNextProbe = value;
            return this;
        }

        public EvidenceGateInput build() {
            Set<Object> allowed = new HashSet<>();
            for (DiscoveryPrimitive primitive : plan.allowedPrimitives()) {
                allowed.add(primitive.wireName());
            }
            List<Object> codes = Collections.unmodifiableList(new ArrayList<>(plan.reasonCodes().values()));
            return new EvidenceGateInput(plan, null, codes, allowed, plan.isAllowed(), facts);
        }

        private static <T> List<T> copy(List<T> values) {
            return values == null ? List.of() : new ArrayList<>(values);
        }
    }
}
