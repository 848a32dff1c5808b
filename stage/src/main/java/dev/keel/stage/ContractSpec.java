package dev.keel.stage;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A stage contract as its wire format binds it: one component per member of the JSON Schema
 * ({@code dev/keel/stage/schema/stage-contract.schema.json}), which is what validates it. Shapes and rules are unions
 * told apart by {@code type} and {@code rule}: one record each, with a component for every member any variant takes
 * (the schema says which variant takes which). Component names are the camelCase of the wire names, or named by
 * {@code @JsonProperty} where the wire name is a Java keyword; optional members, and those only some variants take,
 * are null when absent. Not changed once bound; thread-safe.
 */
record ContractSpec(
        String id,
        String kind,
        @Nullable String purpose,
        @Nullable Object directive,
        @Nullable List<InputSpec> inputs,
        @Nullable String sessionFields,
        @Nullable ShapeSpec output,
        @Nullable List<RuleSpec> rules,
        @Nullable NextStepSpec nextStep,
        @Nullable List<SliceSpec> stateMerge) {

    /** One entry of {@code inputs}. */
    record InputSpec(String slot, Boolean required) {
    }

    /** A shape, of any {@code type}. */
    record ShapeSpec(
            String type,
            @Nullable Boolean nullable,
            @Nullable Boolean nonBlank,
            @JsonProperty("enum") @Nullable List<String> enumValues,
            @Nullable BigDecimal minimum,
            @Nullable Map<String, ShapeSpec> properties,
            @Nullable List<String> required,
            @Nullable Boolean additionalProperties,
            @Nullable ShapeSpec items,
            @Nullable Integer minItems,
            @Nullable Boolean unique,
            @Nullable String uniqueBy,
            @Nullable ShapeSpec values,
            @Nullable Integer minEntries) {
    }

    /** {@code {"output" or "state": pointer, "equals": scalar}}. */
    record ConditionSpec(
            @Nullable String output,
            @Nullable String state,
            // null is a value a condition compares with, so it is written too.
            @JsonProperty("equals") @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable Object value) {
    }

    /** A rule, of any {@code rule}. */
    record RuleSpec(
            String rule,
            @Nullable String count,
            @Nullable String of,
            @Nullable String path,
            @Nullable String values,
            @JsonProperty("if") @Nullable ConditionSpec condition,
            @Nullable ShapeSpec shape,
            @Nullable String groups,
            @Nullable String key,
            @Nullable String scores,
            @Nullable String state,
            @JsonProperty("equals") @Nullable Object value,
            @Nullable String text,
            @Nullable String sources,
            @Nullable String entity,
            @Nullable List<KnownSpec> known) {
    }

    /** One entry of a {@code sources_cover_mentions} rule's {@code known}. */
    record KnownSpec(String state, @Nullable String id, @Nullable List<String> names) {
    }

    /** {@code next_step}. */
    record NextStepSpec(List<String> allowed, @Nullable List<BranchSpec> branches, @Nullable String otherwise) {
    }

    /** One entry of {@code next_step.branches}. */
    record BranchSpec(@JsonProperty("if") ConditionSpec condition, String then) {
    }

    /** One entry of {@code state_merge}. */
    record SliceSpec(String into, @Nullable String from, @Nullable Map<String, String> fields) {
    }
}
