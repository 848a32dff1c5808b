package dev.keel.committee;

import dev.keel.core.Cancellation;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A three-point execution-time estimate: for each step {@code e = (o + 4m + p) / 6}, and the totals of {@code o},
 * {@code m}, {@code p} and {@code e} as sums. A model gives O, M and P; the E values and totals are always computed
 * here. The {@code pert} operation of {@code keel eval}; see {@code docs/committee.md}.
 *
 * <p>Immutable, pure and thread-safe.
 */
public record PertEstimate(EstimateUnit unit, List<PertStep> steps, PertTotal total) {

    private static final BigDecimal FOUR = BigDecimal.valueOf(4);
    private static final BigDecimal SIX = BigDecimal.valueOf(6);

    public PertEstimate {
        Objects.requireNonNull(unit, "unit");
        steps = List.copyOf(steps);
        Objects.requireNonNull(total, "total");
    }

    /** One step as a model gives it: a name and its O, M and P. */
    public record Step(String step, BigDecimal o, BigDecimal m, BigDecimal p) {

        /**
         * @throws InvalidInputException unless {@code 0 <= o <= m <= p}, and {@code o}, {@code m}, {@code p} and
         *         the step's E can be written in plain digits within a JSON reader's limits
         */
        public Step {
            Objects.requireNonNull(step, "step");
            if (o.signum() < 0 || o.compareTo(m) > 0 || m.compareTo(p) > 0) {
                throw new InvalidInputException("a step needs 0 <= o <= m <= p");
            }
            Decimals.requireWritable(o, "o");
            Decimals.requireWritable(m, "m");
            Decimals.requireWritable(p, "p");
            Decimals.requireWritable(expected(o, m, p), "its e, (o + 4m + p) / 6,");
        }

        /** The step with its E. */
        PertStep computed() {
            return new PertStep(step, o, m, p, expected(o, m, p));
        }
    }

    /**
     * Computes E for each step and the totals.
     *
     * @throws InvalidInputException when there is no step, or a total cannot be written in plain digits within a
     *         JSON reader's limits
     */
    public static PertEstimate compute(EstimateUnit unit, List<Step> steps) {
        if (steps.isEmpty()) {
            throw new InvalidInputException("an estimate needs at least one step");
        }
        List<PertStep> computed = steps.stream().map(Step::computed).toList();
        return new PertEstimate(unit, computed, PertTotal.sum(computed));
    }

    /** {@code (o + 4m + p) / 6}, rounded as {@code docs/committee.md} says. */
    public static BigDecimal expected(BigDecimal o, BigDecimal m, BigDecimal p) {
        return Decimals.divide(o.add(FOUR.multiply(m)).add(p), SIX);
    }

    /** {@code {"unit", "steps": [{"step", "o", "m", "p", "e"}], "total": {"o", "m", "p", "e"}}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("unit", unit.wireName());
        List<Object> list = new ArrayList<>();
        steps.forEach(step -> list.add(step.toWire()));
        wire.put("steps", list);
        wire.put("total", total.toWire());
        return wire;
    }

    /**
     * Computes the operation's input, {@code {"unit": "minutes"|"hours", "steps": [{"step", "o", "m", "p"}]}}.
     *
     * @throws InvalidInputException (code {@code invalid_input}) naming every problem by its JSON pointer
     */
    public static PertEstimate fromWire(Map<String, Object> input) {
        JsonTreeReader reader = JsonTreeReader.of(input);
        ObjectValue root = reader.root().object("unit", "steps");
        EstimateUnit unit = root.required("unit").enumValue(EstimateUnit.class, EstimateUnit::wireName);
        List<Step> steps = readSteps(root.required("steps"));
        reader.throwIfProblems(problems -> new InvalidInputException(JsonProblem.describe(null, problems)));
        return compute(unit, steps);
    }

    /**
     * At least one step, each {@code {"step", "o", "m", "p"}} with {@code 0 <= o <= m <= p}, and every E and total
     * writable ({@link Step}, {@link #compute}); problems go to the reader.
     */
    static List<Step> readSteps(Value value) {
        List<Step> steps = value.list(item -> {
            Cancellation.checkpoint();
            ObjectValue step = item.object("step", "o", "m", "p");
            String name = step.required("step").nonBlankString();
            BigDecimal o = step.required("o").decimal(BigDecimal.ZERO, null);
            BigDecimal m = step.required("m").decimal(BigDecimal.ZERO, null);
            BigDecimal p = step.required("p").decimal(BigDecimal.ZERO, null);
            if (o != null && m != null && o.compareTo(m) > 0) {
                step.required("m").problem("must be at least o");
            }
            if (m != null && p != null && m.compareTo(p) > 0) {
                step.required("p").problem("must be at least m");
            }
            return step.build(() -> new Step(name, o, m, p));
        });
        if (value.raw() instanceof List && ((List<?>) value.raw()).isEmpty()) {
            value.problem("must list at least one step");
        }
        // The totals are checked here, where a problem has a pointer: the steps' array.
        return value.build(() -> {
            PertTotal.sum(steps.stream().map(Step::computed).toList());
            return steps;
        });
    }
}
