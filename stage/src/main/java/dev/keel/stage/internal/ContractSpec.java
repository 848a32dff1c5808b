package dev.keel.stage.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A stage contract as its wire format binds it: one component per member of the JSON Schema
 * ({@code dev/keel/stage/schema/stage-contract.schema.json}), which is what validates it. Shapes and rules are unions
 * told apart by {@code type} and {@code rule}: one record each, with a component for every member any variant takes
 * (the schema says which variant takes which). Component names are the camelCase of the wire names, or named by
 * {@code @JsonProperty} where the wire name is a Java keyword; optional members are null when absent. Not changed
 * once bound; thread-safe.
 */
public record ContractSpec(
        String id,
        String kind,
        String purpose,
        Object directive,
        List<InputSpec> inputs,
        String sessionFields,
        ShapeSpec output,
        List<RuleSpec> rules,
        NextStepSpec nextStep,
        List<SliceSpec> stateMerge) {

    /** One entry of {@code inputs}. */
    public record InputSpec(String slot, Boolean required) {
    }

    /** A shape, of any {@code type}. */
    public record ShapeSpec(
            String type,
            Boolean nullable,
            Boolean nonBlank,
            @JsonProperty("enum") List<String> enumValues,
            BigDecimal minimum,
            Map<String, ShapeSpec> properties,
            List<String> required,
            Boolean additionalProperties,
            ShapeSpec items,
            Integer minItems,
            Boolean unique,
            String uniqueBy,
            ShapeSpec values,
            Integer minEntries) {
    }

    /** {@code {"output" or "state": pointer, "equals": scalar}}. */
    public record ConditionSpec(
            String output,
            String state,
            // null is a value a condition compares with, so it is written too.
            @JsonProperty("equals") @JsonInclude(JsonInclude.Include.ALWAYS) Object value) {
    }

    /** A rule, of any {@code rule}. */
    public record RuleSpec(
            String rule,
            String count,
            String of,
            String path,
            String values,
            @JsonProperty("if") ConditionSpec condition,
            ShapeSpec shape,
            String groups,
            String key,
            String scores,
            String state,
            @JsonProperty("equals") Object value,
            String text,
            String sources,
            String entity,
            List<KnownSpec> known) {
    }

    /** One entry of a {@code sources_cover_mentions} rule's {@code known}. */
    public record KnownSpec(String state, String id, List<String> names) {
    }

    /** {@code next_step}. */
    public record NextStepSpec(List<String> allowed, List<BranchSpec> branches, String otherwise) {
    }

    /** One entry of {@code next_step.branches}. */
    public record BranchSpec(@JsonProperty("if") ConditionSpec condition, String then) {
    }

    /** One entry of {@code state_merge}. */
    public record SliceSpec(String into, String from, Map<String, String> fields) {
    }
}
