package dev.keel.pipeline.rules;

import dev.keel.core.ConfigurationException;
import dev.keel.pipeline.Turn;
import dev.keel.rules.EntityDeclaration;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The sensor without a model ({@link Sensor#embedded(BigDecimal)}): the detected intent is the move whose examples
 * are most similar to the message (ties by id); the ambiguity is the larger of {@code 1 - top} (nothing matches
 * well) and, when the best moves of the two best scenarios are less than the close margin apart,
 * {@code 1 - margin / closeMargin} (two scenarios match about equally); both to two decimals, rounded up. Entities
 * are read by their declared patterns. Pure given the similarities; immutable and thread-safe.
 */
final class EmbeddedSensor implements Sensor {

    private final BigDecimal closeMargin;

    EmbeddedSensor(BigDecimal closeMargin) {
        if (closeMargin.signum() <= 0 || closeMargin.compareTo(BigDecimal.ONE) > 0) {
            throw new ConfigurationException("the close margin lies in (0, 1], found " + closeMargin);
        }
        this.closeMargin = closeMargin;
    }

    @Override
    public SensorReading read(Turn turn, SensorInput input) {
        Map<String, Object> entities = new LinkedHashMap<>();
        for (EntityDeclaration entity : input.book().entities()) {
            entity.read(input.message()).ifPresent(value -> entities.put(entity.name(), value));
        }
        Map<String, String> scenarioOf = new HashMap<>();
        input.book().transitions().forEach(move -> scenarioOf.put(move.id(), move.scenario()));
        Map<String, Map.Entry<String, BigDecimal>> bestByScenario = new LinkedHashMap<>();
        input.similarities().entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(entry -> bestByScenario.putIfAbsent(scenarioOf.get(entry.getKey()),
                        Map.entry(entry.getKey(), clamp(entry.getValue()))));
        List<Map.Entry<String, BigDecimal>> best = bestByScenario.values().stream()
                .sorted(Map.Entry.<String, BigDecimal>comparingByValue().reversed()).toList();
        if (best.isEmpty()) {
            return new SensorReading(null, entities, BigDecimal.ONE, "there are no scenarios to match");
        }
        Map.Entry<String, BigDecimal> top = best.get(0);
        BigDecimal lowMatch = BigDecimal.ONE.subtract(top.getValue());
        BigDecimal closeCall = BigDecimal.ZERO;
        String reason = "best match '" + top.getKey() + "' at " + top.getValue().toPlainString();
        if (best.size() > 1) {
            Map.Entry<String, BigDecimal> second = best.get(1);
            BigDecimal margin = top.getValue().subtract(second.getValue());
            if (margin.compareTo(closeMargin) < 0) {
                closeCall = BigDecimal.ONE.subtract(margin.divide(closeMargin, 2, RoundingMode.DOWN));
                if (closeCall.compareTo(lowMatch) > 0) {
                    reason = "'" + top.getKey() + "' at " + top.getValue().toPlainString() + " and '"
                            + second.getKey() + "' at " + second.getValue().toPlainString() + " are too close to tell apart";
                }
            }
        }
        BigDecimal ambiguity = lowMatch.max(closeCall).setScale(2, RoundingMode.UP);
        return new SensorReading(top.getKey(), entities, ambiguity, reason);
    }

    /** A similarity in [0, 1], to two decimals. */
    private static BigDecimal clamp(double similarity) {
        return NavigationStep.score(similarity);
    }

    @Override
    public String toString() {
        return "EmbeddedSensor{closeMargin=" + Objects.toString(closeMargin) + "}";
    }
}
