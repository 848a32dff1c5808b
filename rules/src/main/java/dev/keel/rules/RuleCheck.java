package dev.keel.rules;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.keel.core.Cancellation;
import dev.keel.core.text.LinearPatterns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The compiled check of a deterministic rule ({@code docs/rules.md}): a forbidden pattern that must not match the
 * answer, or an enforcement expression over variables bound from the turn and read from the answer. Compiled once,
 * when the rule is built; checking is pure and bounded: patterns run on RE2/J, and the expression's evaluations for
 * every combination of extracted values share one cost budget of {@value #MAX_COST} evaluation steps (CEL's count of
 * the expression nodes it evaluates). A check that spends it fails the rule closed, with the reason
 * {@value #COST_EXCEEDED}: the rule was not shown to hold. Immutable and thread-safe.
 */
final class RuleCheck {

    /** Evaluation steps of one expression on one answer, over all combinations of its variables' values. */
    static final long MAX_COST = 1_000_000;

    /** The reason of a rule that failed closed because its check spent {@link #MAX_COST}. */
    static final String COST_EXCEEDED = "rule_cost_exceeded";

    /**
     * How an answer fared.
     *
     * @param violated whether the rule is broken (or failed closed)
     * @param reason   {@link #COST_EXCEEDED} when it failed closed for its cost, else empty
     * @param cost     the evaluation steps taken
     */
    record Outcome(boolean violated, Optional<String> reason, long cost) {

        private static final Outcome KEPT = new Outcome(false, Optional.empty(), 0);
        private static final Outcome BROKEN = new Outcome(true, Optional.empty(), 0);

        Outcome {
            Objects.requireNonNull(reason, "reason");
        }
    }

    private final @Nullable Pattern forbidden;
    private final CelExpressions.@Nullable Compiled expression;
    private final Map<String, Pattern> extract;
    private final OnMissing onMissing;

    private RuleCheck(@Nullable Pattern forbidden, CelExpressions.@Nullable Compiled expression, Map<String, Pattern> extract,
                      OnMissing onMissing) {
        this.forbidden = forbidden;
        this.expression = expression;
        this.extract = extract;
        this.onMissing = onMissing;
    }

    /**
     * The check of a forbidden pattern; {@code pattern} must have passed {@link #patternProblem}.
     */
    static RuleCheck forbidding(String pattern) {
        return new RuleCheck(Pattern.compile(pattern), null, Map.of(), OnMissing.SKIP);
    }

    /**
     * The check of an enforcement expression; every extraction must have passed {@link #valuePatternProblem}.
     *
     * @throws dev.keel.core.InvalidInputException when the expression is not valid CEL, reads no variable the way
     *         CEL allows, or is not a boolean; the message says why
     */
    static RuleCheck expression(String expression, Map<String, Extraction> extract, OnMissing onMissing) {
        CelExpressions.Compiled compiled = CelExpressions.compile(expression);
        Map<String, Pattern> patterns = new LinkedHashMap<>();
        extract.forEach((variable, extraction) -> patterns.put(variable, Pattern.compile(extraction.pattern())));
        return new RuleCheck(null, compiled, patterns, onMissing);
    }

    /** What is wrong with {@code pattern} as a forbidden pattern, if anything. */
    static Optional<String> patternProblem(String pattern) {
        return LinearPatterns.problem(pattern, "forbidden patterns");
    }

    /**
     * What is wrong with {@code pattern} as a pattern that captures a value, if anything: the engine's limits, or not
     * exactly one capturing group.
     *
     * @param kind what the patterns are, for the message ({@code "extract patterns"})
     */
    static Optional<String> valuePatternProblem(String pattern, String kind) {
        Optional<String> problem = LinearPatterns.problem(pattern, kind);
        if (problem.isPresent()) {
            return problem;
        }
        int groups = Pattern.compile(pattern).groupCount();
        return groups == 1 ? Optional.empty() : Optional.of("must have exactly one capturing group (the value), found "
                + groups);
    }

    /** The variables the expression reads; empty for a forbidden pattern. */
    Set<String> variables() {
        return expression == null ? Set.of() : expression.variables();
    }

    /**
     * How {@code answer} fares against the rule, given the turn's variables as CEL values
     * ({@link #celValue(Object)}).
     *
     * @throws dev.keel.core.CancelledException when the thread is interrupted during the check
     */
    Outcome check(String answer, Map<String, Object> variables) {
        if (forbidden != null) {
            return forbidden.matcher(answer).find() ? Outcome.BROKEN : Outcome.KEPT;
        }
        // A check has a forbidden pattern or an expression: this one has the expression.
        CelExpressions.Compiled compiled = Objects.requireNonNull(expression, "expression");
        Map<String, List<Object>> values = new LinkedHashMap<>();
        for (String variable : compiled.variables()) {
            List<Object> read = extract.containsKey(variable) ? extracted(extract.get(variable), answer) : List.of();
            if (read.isEmpty() && variables.containsKey(variable)) {
                read = List.of(variables.get(variable));
            }
            if (read.isEmpty()) {
                return onMissing == OnMissing.VIOLATION ? Outcome.BROKEN : Outcome.KEPT;
            }
            values.put(variable, read);
        }
        CelExpressions.Cost cost = new CelExpressions.Cost(MAX_COST);
        boolean holds = holdsForEveryCombination(compiled, new ArrayList<>(values.entrySet()), 0, new HashMap<>(),
                cost);
        return new Outcome(!holds, cost.spent() ? Optional.of(COST_EXCEEDED) : Optional.empty(), cost.steps());
    }

    /** Whether the expression holds for every combination; the first that fails, or a spent cost, ends the walk. */
    private static boolean holdsForEveryCombination(CelExpressions.Compiled expression,
            List<Map.Entry<String, List<Object>>> values, int index, Map<String, Object> bindings,
            CelExpressions.Cost cost) {
        if (index == values.size()) {
            return expression.holds(bindings, cost);
        }
        Map.Entry<String, List<Object>> variable = values.get(index);
        for (Object value : variable.getValue()) {
            bindings.put(variable.getKey(), value);
            if (!holdsForEveryCombination(expression, values, index + 1, bindings, cost)) {
                return false;
            }
        }
        return true;
    }

    /** The distinct numbers {@code pattern}'s group captures in {@code answer}, in the order first found. */
    private static List<Object> extracted(Pattern pattern, String answer) {
        Set<Object> values = new LinkedHashSet<>();
        Matcher matcher = pattern.matcher(answer);
        while (matcher.find()) {
            Cancellation.checkpoint();
            String group = matcher.group(1);
            if (group != null) {
                NumberText.read(group).ifPresent(values::add);
            }
        }
        return List.copyOf(values);
    }

    /**
     * A turn's variable as the value an expression sees: see {@code docs/rules.md}.
     *
     * @throws dev.keel.core.InvalidInputException for a value that is not a number, a string or a boolean
     */
    static Object celValue(Object value) {
        return CelValues.of(value);
    }
}
