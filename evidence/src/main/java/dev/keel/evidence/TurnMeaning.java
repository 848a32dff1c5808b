package dev.keel.evidence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the current turn means, as the language understanding step saw it (the protocol's
 * {@code AssistantMcpDiscoveryTurnMeaningRef}, see {@code docs/evidence.md}). The same type serves as the builder's
 * input, where every field is taken as given, and as the plan's {@code turn_meaning_ref}, where
 * {@link DiscoveryPlanBuilder} has trimmed the texts, dropped empty ones, clamped {@code meaning_confidence} to
 * [0, 1] and kept only the fields the reference keeps.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class TurnMeaning {

    private final @Nullable String askedDomainFamily;
    private final @Nullable String askedActionFamily;
    private final @Nullable String askedAggregationAxis;
    private final @Nullable String seededRankingNeed;
    private final List<String> explicitEntityCandidates;
    private final List<String> metadataAmbiguityEntitySets;
    private final @Nullable String metadataScopeHint;
    private final @Nullable String explicitOrganizationScope;
    private final @Nullable String explicitDateScope;
    private final @Nullable Boolean subjectResolutionOptional;
    private final @Nullable Double meaningConfidence;
    private final @Nullable String unsupportedButUnderstoodFamily;
    private final @Nullable Boolean staleReplayForbidden;

    private TurnMeaning(Builder b) {
        this.askedDomainFamily = b.askedDomainFamily;
        this.askedActionFamily = b.askedActionFamily;
        this.askedAggregationAxis = b.askedAggregationAxis;
        this.seededRankingNeed = b.seededRankingNeed;
        this.explicitEntityCandidates = Lists.withoutNulls(b.explicitEntityCandidates);
        this.metadataAmbiguityEntitySets = Lists.withoutNulls(b.metadataAmbiguityEntitySets);
        this.metadataScopeHint = b.metadataScopeHint;
        this.explicitOrganizationScope = b.explicitOrganizationScope;
        this.explicitDateScope = b.explicitDateScope;
        this.subjectResolutionOptional = b.subjectResolutionOptional;
        this.meaningConfidence = b.meaningConfidence;
        this.unsupportedButUnderstoodFamily = b.unsupportedButUnderstoodFamily;
        this.staleReplayForbidden = b.staleReplayForbidden;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<String> askedDomainFamily() {
        return Optional.ofNullable(askedDomainFamily);
    }

    public Optional<String> askedActionFamily() {
        return Optional.ofNullable(askedActionFamily);
    }

    public Optional<String> askedAggregationAxis() {
        return Optional.ofNullable(askedAggregationAxis);
    }

    public Optional<String> seededRankingNeed() {
        return Optional.ofNullable(seededRankingNeed);
    }

    /** Entity names the user mentioned; empty when none. */
    public List<String> explicitEntityCandidates() {
        return explicitEntityCandidates;
    }

    public List<String> metadataAmbiguityEntitySets() {
        return metadataAmbiguityEntitySets;
    }

    /** Input only: the reference does not carry it into {@code turn_meaning_ref}. */
    public Optional<String> metadataScopeHint() {
        return Optional.ofNullable(metadataScopeHint);
    }

    public Optional<String> explicitOrganizationScope() {
        return Optional.ofNullable(explicitOrganizationScope);
    }

    public Optional<String> explicitDateScope() {
        return Optional.ofNullable(explicitDateScope);
    }

    /** Input only: the reference does not carry it into {@code turn_meaning_ref}. */
    public Optional<Boolean> subjectResolutionOptional() {
        return Optional.ofNullable(subjectResolutionOptional);
    }

    /** The confidence as given (input) or clamped to [0, 1] (in a plan); empty when absent or not finite. */
    public Optional<Double> meaningConfidence() {
        return Optional.ofNullable(meaningConfidence);
    }

    public Optional<String> unsupportedButUnderstoodFamily() {
        return Optional.ofNullable(unsupportedButUnderstoodFamily);
    }

    public Optional<Boolean> staleReplayForbidden() {
        return Optional.ofNullable(staleReplayForbidden);
    }

    /** True when no field is set. */
    public boolean isEmpty() {
        return askedDomainFamily == null && askedActionFamily == null && askedAggregationAxis == null
                && seededRankingNeed == null && explicitEntityCandidates.isEmpty() && metadataAmbiguityEntitySets.isEmpty()
                && metadataScopeHint == null && explicitOrganizationScope == null && explicitDateScope == null
                && subjectResolutionOptional == null && (meaningConfidence == null || !Double.isFinite(meaningConfidence))
                && unsupportedButUnderstoodFamily == null && staleReplayForbidden == null;
    }

    /**
     * The object with the protocol's snake_case names, only the fields that are set, in the order the reference
     * writes {@code turn_meaning_ref}. A new map on each call, ordered for the wire codec.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        putIfSet(wire, "asked_domain_family", askedDomainFamily);
        putIfSet(wire, "asked_action_family", askedActionFamily);
        putIfSet(wire, "asked_aggregation_axis", askedAggregationAxis);
        putIfSet(wire, "seeded_ranking_need", seededRankingNeed);
        putIfSet(wire, "explicit_entity_candidates", explicitEntityCandidates.isEmpty() ? null : explicitEntityCandidates);
        putIfSet(wire, "metadata_ambiguity_entity_sets",
                metadataAmbiguityEntitySets.isEmpty() ? null : metadataAmbiguityEntitySets);
        putIfSet(wire, "metadata_scope_hint", metadataScopeHint);
        putIfSet(wire, "explicit_organization_scope", explicitOrganizationScope);
        putIfSet(wire, "explicit_date_scope", explicitDateScope);
        putIfSet(wire, "subject_resolution_optional", subjectResolutionOptional);
        putIfSet(wire, "meaning_confidence",
                meaningConfidence == null ? null : Js.toJsonNumberOrNull(meaningConfidence));
        putIfSet(wire, "unsupported_but_understood_family", unsupportedButUnderstoodFamily);
        putIfSet(wire, "stale_replay_forbidden", staleReplayForbidden);
        return wire;
    }

    private static void putIfSet(Map<String, Object> wire, String key, @Nullable Object value) {
        if (value != null) {
            wire.put(key, value);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TurnMeaning && ((TurnMeaning) other).toWire().equals(toWire());
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
    }

    @Override
    public String toString() {
        return "TurnMeaning" + toWire();
    }

    /** Collects the fields of a {@link TurnMeaning}; null clears a field. Not thread-safe. */
    public static final class Builder {
        private @Nullable String askedDomainFamily;
        private @Nullable String askedActionFamily;
        private @Nullable String askedAggregationAxis;
        private @Nullable String seededRankingNeed;
        private List<String> explicitEntityCandidates = List.of();
        private List<String> metadataAmbiguityEntitySets = List.of();
        private @Nullable String metadataScopeHint;
        private @Nullable String explicitOrganizationScope;
        private @Nullable String explicitDateScope;
        private @Nullable Boolean subjectResolutionOptional;
        private @Nullable Double meaningConfidence;
        private @Nullable String unsupportedButUnderstoodFamily;
        private @Nullable Boolean staleReplayForbidden;

        private Builder() {
        }

        public Builder askedDomainFamily(@Nullable String value) {
            this.askedDomainFamily = value;
            return this;
        }

        public Builder askedActionFamily(@Nullable String value) {
            this.askedActionFamily = value;
            return this;
        }

        public Builder askedAggregationAxis(@Nullable String value) {
            this.askedAggregationAxis = value;
            return this;
        }

        public Builder seededRankingNeed(@Nullable String value) {
            this.seededRankingNeed = value;
            return this;
        }

        /** Null items are ignored, as the reference ignores them. */
        public Builder explicitEntityCandidates(List<String> values) {
            this.explicitEntityCandidates = values == null ? List.of() : new ArrayList<>(values);
            return this;
        }

        /** Null items are ignored, as the reference ignores them. */
        public Builder metadataAmbiguityEntitySets(List<String> values) {
            this.metadataAmbiguityEntitySets = values == null ? List.of() : new ArrayList<>(values);
            return this;
        }

        public Builder metadataScopeHint(String value) {
            this.metadataScopeHint = value;
            return this;
        }

        public Builder explicitOrganizationScope(@Nullable String value) {
            this.explicitOrganizationScope = value;
            return this;
        }

        public Builder explicitDateScope(@Nullable String value) {
            this.explicitDateScope = value;
            return this;
        }

        public Builder subjectResolutionOptional(Boolean value) {
            this.subjectResolutionOptional = value;
            return this;
        }

        /** Any double; a plan keeps it only when finite, clamped to [0, 1]. */
        public Builder meaningConfidence(@Nullable Double value) {
            this.meaningConfidence = value;
            return this;
        }

        public Builder unsupportedButUnderstoodFamily(@Nullable String value) {
            this.unsupportedButUnderstoodFamily = value;
            return this;
        }

        public Builder staleReplayForbidden(@Nullable Boolean value) {
            this.staleReplayForbidden = value;
            return this;
        }

        public TurnMeaning build() {
            return new TurnMeaning(this);
        }
    }
}
