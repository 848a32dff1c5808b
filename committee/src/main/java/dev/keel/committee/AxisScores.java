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
 * One agent output's scores on the five axes, each from 0 to 25: coherence, alignment, verifiability, signal density
 * and compliance. Its credibility is their sum over 125, exact. Immutable, pure and thread-safe.
 */
public record AxisScores(BigDecimal coherence, BigDecimal alignment, BigDecimal verifiability, BigDecimal signalDensity,
                         BigDecimal compliance) {

    /** The wire names of the axes, in order. */
    public static final List<String> AXES = List.of("coherence", "alignment", "verifiability", "signalDensity",
            "compliance");

    /** The highest score of one axis. */
    public static final BigDecimal MAX_AXIS = BigDecimal.valueOf(25);

    private static final BigDecimal ONE_IN_125 = new BigDecimal("0.008");

    /**
     * @throws InvalidInputException when an axis is outside [0, 25], or the credibility cannot be
     *         written in plain digits within a JSON reader's limits (an axis of {@code 1e-999})
     */
    public AxisScores {
        for (BigDecimal axis : List.of(Objects.requireNonNull(coherence, "coherence"),
                Objects.requireNonNull(alignment, "alignment"), Objects.requireNonNull(verifiability, "verifiability"),
                Objects.requireNonNull(signalDensity, "signalDensity"), Objects.requireNonNull(compliance, "compliance"))) {
            if (axis.signum() < 0 || axis.compareTo(MAX_AXIS) > 0) {
                throw new InvalidInputException("an axis score must be from 0 to 25");
            }
        }
        // The fields are not assigned yet: the sum is of the parameters.
        Decimals.requireWritable(coherence.add(alignment).add(verifiability).add(signalDensity).add(compliance)
                .multiply(ONE_IN_125), "the credibility, the axes' sum over 125,");
    }

    public static AxisScores of(int coherence, int alignment, int verifiability, int signalDensity, int compliance) {
        return new AxisScores(BigDecimal.valueOf(coherence), BigDecimal.valueOf(alignment),
                BigDecimal.valueOf(verifiability), BigDecimal.valueOf(signalDensity), BigDecimal.valueOf(compliance));
    }

    /** The sum of the five axes, from 0 to 125. */
    public BigDecimal sum() {
        return coherence.add(alignment).add(verifiability).add(signalDensity).add(compliance);
    }

    /** {@code sum / 125}, exact (125 divides every decimal into a finite one). */
    public BigDecimal cred() {
        return Decimals.plain(sum().multiply(ONE_IN_125));
    }

    /** {@code {"coherence", "alignment", "verifiability", "signalDensity", "compliance"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("coherence", coherence);
        wire.put("alignment", alignment);
        wire.put("verifiability", verifiability);
        wire.put("signalDensity", signalDensity);
        wire.put("compliance", compliance);
        return wire;
    }

    /** Reads the wire form: exactly the five axes, each a number from 0 to 25; problems go to the value's reader. */
    public static AxisScores read(Value value) {
        ObjectValue axes = value.object(AXES);
        BigDecimal[] read = new BigDecimal[AXES.size()];
        for (int i = 0; i < read.length; i++) {
            read[i] = axes.required(AXES.get(i)).decimal(BigDecimal.ZERO, MAX_AXIS);
        }
        return axes.build(() -> new AxisScores(read[0], read[1], read[2], read[3], read[4]));
    }
}
