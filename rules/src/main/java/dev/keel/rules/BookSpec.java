package dev.keel.rules;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rule book as its wire format binds it: one component per member of the JSON Schema
 * ({@code dev/keel/rules/schema/rule-book.schema.json}), which is what validates it ({@link RuleFormat}). Component
 * names are the camelCase of the wire names ({@code conditionText} is {@code condition_text}); optional members are
 * null when absent. Immutable once bound (the binding makes its own lists and maps) and thread-safe.
 */
record BookSpec(List<RuleSpec> rules, @Nullable List<ScenarioSpec> scenarios,
        @Nullable List<EntitySpec> entities) {

    /**
     * One entry of {@code rules}. The members the schema requires are null only in a rule built in code that is not
     * valid yet ({@code Rule.Builder#problems}); one bound from a document has them.
     */
    record RuleSpec(@Nullable String id, @Nullable String scope, @Nullable String scenario,
            @Nullable String step, @Nullable Integer priority, @Nullable String group, @Nullable String conditionText,
            @Nullable String actionText, @Nullable String lane, @Nullable String enforcementExpression,
            @Nullable String forbidPattern, @Nullable Map<String, ExtractionSpec> extract, @Nullable String onMissing,
            @Nullable Boolean hard, @Nullable Boolean risky, @Nullable List<String> tools) {
    }

    /** One entry of a rule's {@code extract}. */
    record ExtractionSpec(String pattern, String type) {
    }

    /** One entry of {@code scenarios}. */
    record ScenarioSpec(String id, @Nullable String description, @Nullable List<String> profileFields,
            List<StepSpec> steps, @Nullable List<TransitionSpec> transitions, List<EntryPointSpec> entryPoints) {
    }

    /** One entry of a scenario's {@code steps}. */
    record StepSpec(String id, @Nullable String description, @Nullable List<TransitionSpec> transitions) {
    }

    /** One entry of a step's or a scenario's {@code transitions}. */
    record TransitionSpec(String id, String to, List<String> examples) {
    }

    /** One entry of a scenario's {@code entry_points}. */
    record EntryPointSpec(String id, @Nullable String step, List<String> examples) {
    }

    /** One entry of {@code entities}. */
    record EntitySpec(String name, String pattern, @Nullable String type, String store) {
    }
}
