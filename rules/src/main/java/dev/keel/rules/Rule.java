package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.rules.internal.RuleCheck;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

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

    /** What a rule id, a scenario id and a step id look like: letters, digits, {@code _}, {@code .}, {@code -}. */
    public static final String ID_PATTERN = "[A-Za-z0-9_.-]{1,100}";
    /** What a variable name looks like: a CEL identifier. */
    public static final String VARIABLE_PATTERN = "[A-Za-z_][A-Za-z0-9_]{0,99}";

    private static final Pattern ID = Pattern.compile(ID_PATTERN);
    private static final Pattern VARIABLE = Pattern.compile(VARIABLE_PATTERN);
    private static final Set<String> CEL_RESERVED = Set.of("true", "false", "null", "in", "as", "break", "const",
            "continue", "else", "for", "function", "if", "import", "let", "loop", "package", "namespace", "return",
            "var", "void", "while");

    /**
     * Reads a rule, scenario or step id ({@link #ID_PATTERN}) at {@code value}, in a document read with a
     * {@link JsonTreeReader}: null when absent, or when it is not an id (the problem, by pointer, goes to the value's
     * reader).
     */
    public static String readId(JsonTreeReader.Value value) {
        String id = value.string();
        if (id != null && !ID.matcher(id).matches()) {
            value.problem("must be 1 to 100 letters, digits, '_', '.' or '-', found " + JsonTreeReader.describe(id));
            return null;
        }
        return id;
    }

    private final String id;
    private final RuleScope scope;
    private final int priority;
    private final String group;
    private final String conditionText;
    private final String actionText;
    private final Lane lane;
    private final String enforcementExpression;
    private final String forbidPattern;
    private final Map<String, Extraction> extract;
    private final OnMissing onMissing;
    private final boolean hard;
    private final boolean risky;
    private final List<String> tools;
    private final RuleCheck check;

    private Rule(Builder b, RuleCheck check) {
        this.id = b.id;
        this.scope = b.scope;
        this.priority = b.priority;
        this.group = b.group;
        this.conditionText = b.conditionText;
        this.actionText = b.actionText;
        this.lane = b.lane;
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
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("id", id);
        wire.put("scope", scope.kind().wireName());
        if (scope.scenario() != null) {
            wire.put("scenario", scope.scenario());
        }
        if (scope.step() != null) {
            wire.put("step", scope.step());
        }
        wire.put("priority", priority);
        if (group != null) {
            wire.put("group", group);
        }
        wire.put("condition_text", conditionText);
        wire.put("action_text", actionText);
        wire.put("lane", lane.wireName());
        if (enforcementExpression != null) {
            wire.put("enforcement_expression", enforcementExpression);
        }
        if (forbidPattern != null) {
            wire.put("forbid_pattern", forbidPattern);
        }
        if (!extract.isEmpty()) {
            Map<String, Object> variables = new LinkedHashMap<>();
            extract.forEach((name, extraction) -> variables.put(name, Map.of("pattern", extraction.pattern(), "type",
                    extraction.type().wireName())));
            wire.put("extract", variables);
        }
        if (enforcementExpression != null) {
            wire.put("on_missing", onMissing.wireName());
        }
        wire.put("hard", hard);
        wire.put("risky", risky);
        wire.put("tools", tools);
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Rule && toWire().equals(((Rule) other).toWire());
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
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
        private String group;
        private String conditionText;
        private String actionText;
        private Lane lane;
        private String enforcementExpression;
        private String forbidPattern;
        private final Map<String, Extraction> extract = new LinkedHashMap<>();
        private OnMissing onMissing;
        private boolean hard;
        private boolean risky;
        private final List<String> tools = new ArrayList<>();
        private RuleCheck compiled;

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

        public Builder group(String group) {
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

        public Builder onMissing(OnMissing onMissing) {
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
         * will succeed. Compiles the expression and the patterns (once: {@link #build()} reuses them).
         */
        public List<JsonProblem> problems() {
            List<JsonProblem> problems = new ArrayList<>();
            if (id == null || !ID.matcher(id).matches()) {
                problems.add(new JsonProblem("/id", "must be 1 to 100 letters, digits, '_', '.' or '-', found "
                        + (id == null ? "nothing" : "'" + id + "'")));
            }
            for (String[] text : new String[][] {{"/condition_text", conditionText}, {"/action_text", actionText}}) {
                if (text[1] == null || text[1].isBlank()) {
                    problems.add(new JsonProblem(text[0], "must be a non-blank text"));
                }
            }
            if (group != null && group.isBlank()) {
                problems.add(new JsonProblem("/group", "must be a non-blank text"));
            }
            if (lane == null) {
                problems.add(new JsonProblem("/lane", "required: deterministic or subjective"));
            }
            if (hard && scope.kind() != RuleScope.Kind.GLOBAL) {
                problems.add(new JsonProblem("/hard", "only a global rule may be hard: a hard rule is checked on "
                        + "every turn, wherever the conversation is"));
            }
            Set<String> seenTools = new HashSet<>();
            for (int i = 0; i < tools.size(); i++) {
                String tool = tools.get(i);
                if (tool.isBlank() || !seenTools.add(tool)) {
                    problems.add(new JsonProblem("/tools/" + i, tool.isBlank() ? "must be a non-blank tool name"
                            : "names tool '" + tool + "' twice"));
                }
            }
            if (lane == Lane.SUBJECTIVE) {
                subjectiveProblems(problems);
            } else if (lane == Lane.DETERMINISTIC) {
                deterministicProblems(problems);
            }
            return problems;
        }

        private void subjectiveProblems(List<JsonProblem> problems) {
            String judged = "a subjective rule is judged, not computed: only a deterministic rule has ";
            if (enforcementExpression != null) {
                problems.add(new JsonProblem("/enforcement_expression", judged + "an enforcement_expression"));
            }
            if (forbidPattern != null) {
                problems.add(new JsonProblem("/forbid_pattern", judged + "a forbid_pattern"));
            }
            if (!extract.isEmpty()) {
                problems.add(new JsonProblem("/extract", judged + "variables to extract"));
            }
            if (onMissing != null) {
                problems.add(new JsonProblem("/on_missing", judged + "on_missing"));
            }
        }

        private void deterministicProblems(List<JsonProblem> problems) {
            if ((enforcementExpression == null) == (forbidPattern == null)) {
                problems.add(new JsonProblem("", "a deterministic rule has either an enforcement_expression or a "
                        + "forbid_pattern" + (forbidPattern == null ? "" : ", not both")));
                return;
            }
            if (forbidPattern != null) {
                if (!extract.isEmpty()) {
                    problems.add(new JsonProblem("/extract", "extract binds variables of an enforcement_expression; "
                            + "this rule has a forbid_pattern"));
                }
                if (onMissing != null) {
                    problems.add(new JsonProblem("/on_missing", "on_missing is about the variables of an "
                            + "enforcement_expression; this rule has a forbid_pattern"));
                }
                RuleCheck.patternProblem(forbidPattern).ifPresentOrElse(
                        problem -> problems.add(new JsonProblem("/forbid_pattern", problem)),
                        () -> compiled = compiled != null ? compiled : RuleCheck.forbidding(forbidPattern));
                return;
            }
            int before = problems.size();
            extract.forEach((variable, extraction) -> {
                String at = JsonPointers.child("/extract", variable);
                if (!VARIABLE.matcher(variable).matches() || CEL_RESERVED.contains(variable)) {
                    problems.add(new JsonProblem(at, "a variable name is a CEL identifier (a letter or '_', then "
                            + "letters, digits or '_') that is not a reserved word"));
                } else {
                    RuleCheck.valuePatternProblem(extraction.pattern(), "extract patterns").ifPresent(problem ->
                            problems.add(new JsonProblem(at + "/pattern", problem)));
                }
            });
            if (problems.size() > before) {
                return;
            }
            if (compiled == null) {
                try {
                    compiled = RuleCheck.expression(enforcementExpression, extract,
                            onMissing == null ? OnMissing.SKIP : onMissing);
                } catch (InvalidInputException e) {
                    problems.add(new JsonProblem("/enforcement_expression", e.getMessage()));
                    return;
                }
            }
            for (String variable : extract.keySet()) {
                if (!compiled.variables().contains(variable)) {
                    problems.add(new JsonProblem(JsonPointers.child("/extract", variable), "the expression does not "
                            + "read '" + variable + "'"));
                }
            }
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
