package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One flat rule ({@code docs/rules.md}): where it applies ({@link RuleScope}), how it ranks (priority, higher
 * first, and an optional conflict group), when it applies ({@code condition_text}, for retrieval by meaning), what
 * the answer must do ({@code action_text}), and how it is enforced ({@link Lane}): a deterministic rule has an
 * enforcement expression in CEL (with variables it may read from the answer) or a forbidden pattern in RE2 syntax,
 * compiled once, when the rule is built. A hard rule is a global constraint checked on every turn. There are no
 * links between rules: what one rule needs from another is written with scope, priority and group.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe. Checking an answer is pure.
 */
public final class Rule {

    /**
     * What a rule id, a scenario id and a step id look like: letters, digits, {@code _}, {@code .}, {@code -} (the
     * rule book's schema, which checks it, says the same).
     */
    public static final String ID_PATTERN = "[A-Za-z0-9_.-]{1,100}";
    /** What a variable name looks like: a CEL identifier (as the rule book's schema says). */
    public static final String VARIABLE_PATTERN = "[A-Za-z_][A-Za-z0-9_]{0,99}";

    /**
     * Reads a rule, scenario or step id ({@link #ID_PATTERN}) at {@code value}, in a document read with a
     * {@link JsonTreeReader}: null when absent, or when it is not an id (the problem, by pointer, goes to the value's
     * reader).
     */
    public static @Nullable String readId(JsonTreeReader.Value value) {
        String id = value.string();
        if (id == null) {
            return null;
        }
        Optional<String> problem = RuleFormat.idProblem(id);
        problem.ifPresent(value::problem);
        return problem.isPresent() ? null : id;
    }

    private final String id;
    private final RuleScope scope;
    private final int priority;
    private final @Nullable String group;
    private final String conditionText;
    private final String actionText;
    private final Lane lane;
    private final @Nullable String enforcementExpression;
    private final @Nullable String forbidPattern;
    private final Map<String, Extraction> extract;
    private final OnMissing onMissing;
    private final boolean hard;
    private final boolean risky;
    private final List<String> tools;
    /** The compiled check of a deterministic rule; null for a subjective one. */
    private final @Nullable RuleCheck check;

    /** A rule of {@code b}, whose {@link Builder#problems()} are none. */
    private Rule(Builder b, @Nullable RuleCheck check) {
        this.id = b.id;
        this.scope = b.scope;
        this.priority = b.priority;
        this.group = b.group;
        this.conditionText = Objects.requireNonNull(b.conditionText, "condition_text");
        this.actionText = Objects.requireNonNull(b.actionText, "action_text");
        this.lane = Objects.requireNonNull(b.lane, "lane");
        this.enforcementExpression = b.enforcementExpression;
        this.forbidPattern = b.forbidPattern;
        this.extract = Collections.unmodifiableMap(new LinkedHashMap<>(b.extract));
        this.onMissing = b.onMissing == null ? OnMissing.SKIP : b.onMissing;
        this.hard = b.hard;
        this.risky = b.risky;
        this.tools = List.copyOf(b.tools);
        this.check = check;
    }

    /** A rule with this id: global, priority 0, not hard, not risky, no tools, until set otherwise. */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    public String id() {
        return id;
    }

    public RuleScope scope() {
        return scope;
    }

    /** Higher first. */
    public int priority() {
        return priority;
    }

    /** The conflict group: of the rules of one group in scope, only the first in order applies. */
    public Optional<String> group() {
        return Optional.ofNullable(group);
    }

    /** When the rule applies, in words; what retrieval compares the message with. */
    public String conditionText() {
        return conditionText;
    }

    /** What the answer must do, in words; what the generation prompt carries. */
    public String actionText() {
        return actionText;
    }

    public Lane lane() {
        return lane;
    }

    /** The CEL expression an answer must satisfy (a deterministic rule has this or a forbidden pattern). */
    public Optional<String> enforcementExpression() {
        return Optional.ofNullable(enforcementExpression);
    }

    /** The pattern (RE2 syntax) an answer must not match. */
    public Optional<String> forbidPattern() {
        return Optional.ofNullable(forbidPattern);
    }

    /** How the expression's variables are read from the answer, by variable name. */
    public Map<String, Extraction> extract() {
        return extract;
    }

    /** What the expression means when a variable it reads has no value. */
    public OnMissing onMissing() {
        return onMissing;
    }

    /** A global hard constraint: checked on every turn, whether retrieval found it or not. */
    public boolean hard() {
        return hard;
    }

    /** Whether a turn this rule applies to is risky: its subjective rules are then judged. */
    public boolean risky() {
        return risky;
    }

    /** The tools this rule runs when it applies, by name. */
    public List<String> tools() {
        return tools;
    }

    /** The variables the enforcement expression reads; empty for other rules. */
    public Set<String> variables() {
        return check == null ? Set.of() : check.variables();
    }

    /**
     * The violation of this deterministic rule by {@code answer}, given the turn's variables as CEL values, if it is
     * broken or fails closed. A subjective rule is never broken here: a judge decides.
     */
    Optional<RuleViolation> violationBy(String answer, Map<String, Object> celVariables) {
        if (check == null) {
            return Optional.empty();
        }
        RuleCheck.Outcome outcome = check.check(answer, celVariables);
        return outcome.violated() ? Optional.of(new RuleViolation(id, Lane.DETERMINISTIC, outcome.reason()))
                : Optional.empty();
    }

    /** The rule in its JSON form ({@code docs/rules.md}), members in the documented order. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> toWire() {
        return (Map<String, Object>) RuleFormat.write(List.of(this)).get(0);
    }

    /** Rules are equal when their JSON forms are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Rule && RuleFormat.spec(this).equals(RuleFormat.spec((Rule) other));
    }

    @Override
    public int hashCode() {
        return RuleFormat.spec(this).hashCode();
    }

    @Override
    public String toString() {
        return "Rule{" + id + ", " + scope.kind().wireName() + ", priority " + priority + ", " + lane.wireName()
                + (hard ? ", hard" : "") + "}";
    }

    /** Collects a rule; not thread-safe. */
    public static final class Builder {
        private final String id;
        private RuleScope scope = RuleScope.global();
        private int priority;
        private @Nullable String group;
        private @Nullable String conditionText;
        private @Nullable String actionText;
        private @Nullable Lane lane;
        private @Nullable String enforcementExpression;
        private @Nullable String forbidPattern;
        private final Map<String, Extraction> extract = new LinkedHashMap<>();
        private @Nullable OnMissing onMissing;
        private boolean hard;
        private boolean risky;
        private final List<String> tools = new ArrayList<>();
        private @Nullable RuleCheck compiled;

        private Builder(String id) {
            this.id = id;
        }

        public Builder scope(RuleScope scope) {
            this.scope = Objects.requireNonNull(scope, "scope");
            return this;
        }

        public Builder priority(int priority) {
            this.priority = priority;
            return this;
        }

        /** The conflict group; null: none. */
        public Builder group(@Nullable String group) {
            this.group = group;
            return this;
        }

        public Builder conditionText(String text) {
            this.conditionText = text;
            return this;
        }

        public Builder actionText(String text) {
            this.actionText = text;
            return this;
        }

        public Builder lane(Lane lane) {
            this.lane = lane;
            return this;
        }

        /** A deterministic rule's CEL expression (sets the lane to deterministic). */
        public Builder enforcementExpression(String expression) {
            this.enforcementExpression = expression;
            this.compiled = null;
            return lane(Lane.DETERMINISTIC);
        }

        /** A deterministic rule's forbidden pattern (sets the lane to deterministic). */
        public Builder forbidPattern(String pattern) {
            this.forbidPattern = pattern;
            this.compiled = null;
            return lane(Lane.DETERMINISTIC);
        }

        /** Reads {@code variable} of the expression from the answer. */
        public Builder extract(String variable, Extraction extraction) {
            extract.put(Objects.requireNonNull(variable, "variable"), Objects.requireNonNull(extraction, "extraction"));
            this.compiled = null;
            return this;
        }

        /** What the expression means when a variable has no value; null: the default, {@link OnMissing#SKIP}. */
        public Builder onMissing(@Nullable OnMissing onMissing) {
            this.onMissing = onMissing;
            this.compiled = null;
            return this;
        }

        public Builder hard(boolean hard) {
            this.hard = hard;
            return this;
        }

        public Builder risky(boolean risky) {
            this.risky = risky;
            return this;
        }

        public Builder tool(String name) {
            tools.add(Objects.requireNonNull(name, "name"));
            return this;
        }

        public Builder tools(List<String> names) {
            names.forEach(this::tool);
            return this;
        }

        /**
         * Everything wrong with the rule so far, each problem with the JSON pointer of the offending member relative
         * to the rule ({@code /forbid_pattern}; {@code ""} for the rule as a whole); empty when {@link #build()}
         * will succeed. The rule book's schema checks the rule as it would a rule in a document; then the expression
         * and the patterns are compiled (once: {@link #build()} reuses them).
         */
        public List<JsonProblem> problems() {
            List<JsonProblem> problems = RuleFormat.ruleProblems(spec());
            if (!problems.isEmpty() || lane != Lane.DETERMINISTIC) {
                return problems;
            }
            String pattern = forbidPattern;
            if (pattern != null) {
                compiled = compiled != null ? compiled : RuleCheck.forbidding(pattern);
                return List.of();
            }
            RuleCheck check = compiled;
            if (check == null) {
                try {
                    // The schema has seen that a deterministic rule without a forbidden pattern has an expression.
                    check = RuleCheck.expression(Objects.requireNonNull(enforcementExpression, "expression"),
                            extract, onMissing == null ? OnMissing.SKIP : onMissing);
                } catch (InvalidInputException e) {
                    return List.of(new JsonProblem("/enforcement_expression", e.getMessage()));
                }
                compiled = check;
            }
            List<JsonProblem> unread = new ArrayList<>();
            for (String variable : extract.keySet()) {
                if (!check.variables().contains(variable)) {
                    unread.add(new JsonProblem(JsonPointers.child("/extract", variable), "the expression does not "
                            + "read '" + variable + "'"));
                }
            }
            return unread;
        }

        /** The rule so far as its JSON form binds it: what is not set is left out. */
        private BookSpec.RuleSpec spec() {
            Map<String, BookSpec.ExtractionSpec> variables = new LinkedHashMap<>();
            extract.forEach((variable, extraction) -> variables.put(variable,
                    new BookSpec.ExtractionSpec(extraction.pattern(), extraction.type().wireName())));
            return new BookSpec.RuleSpec(id, scope.kind().wireName(), scope.scenario(), scope.step(), priority, group,
                    conditionText, actionText, lane == null ? null : lane.wireName(), enforcementExpression,
                    forbidPattern, variables.isEmpty() ? null : variables,
                    onMissing == null ? null : onMissing.wireName(), hard, risky, List.copyOf(tools));
        }

        /**
         * @throws InvalidRulesException naming every problem ({@link #problems()}), each with its pointer
         */
        public Rule build() {
            List<JsonProblem> problems = problems();
            if (!problems.isEmpty()) {
                throw new InvalidRulesException("rule " + (id == null ? "" : "'" + id + "'"), problems);
            }
            return new Rule(this, lane == Lane.DETERMINISTIC ? compiled : null);
        }
    }
}
