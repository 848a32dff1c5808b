package dev.keel.evidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a discovery plan is built from (the protocol's {@code BuildAssistantMcpDiscoveryPlanInput}, see {@code
 * docs/evidence.md}): the data need, the turn's meaning, the primitives a model proposed, the axes and gaps, and the
 * budget asked for. Every field may be absent; {@link DiscoveryPlanBuilder} decides what an absence means.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class DiscoveryPlanInput {

    private final @Nullable String semanticDataNeed;
    private final @Nullable TurnMeaning turnMeaning;
    private final List<String> proposedPrimitives;
    private final List<String> requiredAxes;
    private final List<String> clarificationGaps;
    private final @Nullable Double maxProbeCount;
    private final @Nullable Double maxRowsPerProbe;

    private DiscoveryPlanInput(Builder b) {
        this.semanticDataNeed = b.semanticDataNeed;
        this.turnMeaning = b.turnMeaning;
        this.proposedPrimitives = Lists.withoutNulls(b.proposedPrimitives);
        this.requiredAxes = Lists.withoutNulls(b.requiredAxes);
        this.clarificationGaps = Lists.withoutNulls(b.clarificationGaps);
        this.maxProbeCount = b.maxProbeCount;
        this.maxRowsPerProbe = b.maxRowsPerProbe;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads the reference's input object (camelCase keys; {@code turnMeaning} with snake_case keys) from a plain
     * tree, converting loosely typed values exactly as the reference does: a number or boolean where text is
     * expected becomes its JavaScript string ({@code 1e21} is {@code "1e+21"}), a non-array list is empty, a budget
     * that is not a number (such as the string {@code "5"}) is absent. Unknown keys are ignored, as there.
     *
     * @throws dev.keel.core.InvalidInputException (message starting with the JSON pointer) where the reference
     *         throws: a value it must turn into text is an object with its own {@code toString} member
     */
    public static DiscoveryPlanInput fromWire(Map<String, ?> input) {
        return WireInputs.planInput(input);
    }

    public Optional<String> semanticDataNeed() {
        return Optional.ofNullable(semanticDataNeed);
    }

    public Optional<TurnMeaning> turnMeaning() {
        return Optional.ofNullable(turnMeaning);
    }

    public List<String> proposedPrimitives() {
        return proposedPrimitives;
    }

    public List<String> requiredAxes() {
        return requiredAxes;
    }

    public List<String> clarificationGaps() {
        return clarificationGaps;
    }

    /** The probe count asked for, as given (not yet truncated or clamped). */
    public Optional<Double> maxProbeCount() {
        return Optional.ofNullable(maxProbeCount);
    }

    /** The rows per probe asked for, as given (not yet truncated or clamped). */
    public Optional<Double> maxRowsPerProbe() {
        return Optional.ofNullable(maxRowsPerProbe);
    }

    @Override
    public String toString() {
        return "DiscoveryPlanInput{semanticDataNeed=" + semanticDataNeed + ", turnMeaning=" + turnMeaning
                + ", proposedPrimitives=" + proposedPrimitives + ", requiredAxes=" + requiredAxes
                + ", clarificationGaps=" + clarificationGaps + ", maxProbeCount=" + maxProbeCount
                + ", maxRowsPerProbe=" + maxRowsPerProbe + "}";
    }

    /** Collects the fields of a {@link DiscoveryPlanInput}; null clears a field. Not thread-safe. */
    public static final class Builder {
        private @Nullable String semanticDataNeed;
        private @Nullable TurnMeaning turnMeaning;
        private List<String> proposedPrimitives = List.of();
        private List<String> requiredAxes = List.of();
        private List<String> clarificationGaps = List.of();
        private @Nullable Double maxProbeCount;
        private @Nullable Double maxRowsPerProbe;

        private Builder() {
        }

        public Builder semanticDataNeed(@Nullable String value) {
            this.semanticDataNeed = value;
            return this;
        }

        public Builder turnMeaning(@Nullable TurnMeaning value) {
            this.turnMeaning = value;
            return this;
        }

        /** The primitive names a model proposed; null items are ignored. */
        public Builder proposedPrimitives(List<String> values) {
            this.proposedPrimitives = copy(values);
            return this;
        }

        public Builder proposedPrimitives(String... values) {
            return proposedPrimitives(Arrays.asList(values));
        }

        public Builder requiredAxes(List<String> values) {
            this.requiredAxes = copy(values);
            return this;
        }

        public Builder clarificationGaps(List<String> values) {
            this.clarificationGaps = copy(values);
            return this;
        }

        /** Any number; the plan truncates it toward zero and clamps it to 1..36 (absent or not finite: 3). */
        public Builder maxProbeCount(@Nullable Double value) {
            this.maxProbeCount = value;
            return this;
        }

        /** Any number; the plan truncates it toward zero and clamps it to 1..500 (absent or not finite: 100). */
        public Builder maxRowsPerProbe(@Nullable Double value) {
            this.maxRowsPerProbe = value;
            return this;
        }

        public DiscoveryPlanInput build() {
            return new DiscoveryPlanInput(this);
        }

        private static List<String> copy(List<String> values) {
            return values == null ? List.of() : new ArrayList<>(values);
        }
    }
}
