package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The execution-time estimate as the master gives it: the unit, each step's O, M and P, assumptions, risks that push
 * towards P, and its confidence. E values and totals are not the model's: {@link #computed()} computes them with
 * {@link PertEstimate}. Immutable, pure and thread-safe.
 */
public record EstimateDraft(EstimateUnit unit, List<PertEstimate.Step> steps, List<String> assumptions,
                            List<String> risks, BigDecimal confidence) {

    public EstimateDraft {
        Objects.requireNonNull(unit, "unit");
        steps = List.copyOf(steps);
        assumptions = List.copyOf(assumptions);
        risks = List.copyOf(risks);
        Objects.requireNonNull(confidence, "confidence");
        if (steps.isEmpty()) {
            throw new InvalidInputException("an estimate needs at least one step");
        }
    }

    /** The estimate with E values and totals computed. */
    public PertEstimate computed() {
        return PertEstimate.compute(unit, steps);
    }

    /** The estimate object of the audit: the computed estimate with its assumptions, risks and confidence. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>(computed().toWire());
        wire.put("assumptions", assumptions);
        wire.put("risks", risks);
        wire.put("confidence", confidence);
        return wire;
    }

    /**
     * Reads {@code {"unit", "steps": [{"step", "o", "m", "p"}], "assumptions", "risks", "confidence"}}; problems go to
     * the value's reader.
     */
    public static EstimateDraft read(Value value) {
        ObjectValue fields = value.object("unit", "steps", "assumptions", "risks", "confidence");
        EstimateUnit unit = fields.required("unit").enumValue(EstimateUnit.class, EstimateUnit::wireName);
        List<PertEstimate.Step> steps = PertEstimate.readSteps(fields.required("steps"));
        List<String> assumptions = fields.required("assumptions").strings();
        List<String> risks = fields.required("risks").strings();
        BigDecimal confidence = fields.required("confidence").decimal(BigDecimal.ZERO, BigDecimal.ONE);
        return fields.build(() -> new EstimateDraft(unit, steps, assumptions, risks, confidence));
    }
}
