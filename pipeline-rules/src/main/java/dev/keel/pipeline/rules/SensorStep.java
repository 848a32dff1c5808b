package dev.keel.pipeline.rules;

import dev.keel.core.spi.Embedding;
import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnStep;
import java.util.LinkedHashMap;
import java.util.Map;

/** Embeds the message once and lets the sensor read it. Immutable and thread-safe. */
final class SensorStep implements TurnStep {

    private final RuleTurn.Config config;

    SensorStep(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "sensor";
    }

    @Override
    public StepResult apply(Turn turn) {
        String message = turn.request().message();
        Embedding embedding = config.embedder().embed(message);
        Map<String, Double> similarities = config.intents().similarities(embedding);
        turn.put(RuleTurn.MEANING, new MessageMeaning(embedding, similarities));
        SensorReading reading = config.sensor().read(turn, new SensorInput(message, config.book(), similarities));
        turn.put(RuleSteps.READING, reading);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("detected_intent", reading.detectedIntent());
        Map<String, Object> entities = new LinkedHashMap<>();
        reading.entities().forEach((name, value) -> entities.put(name, value instanceof String text
                ? turn.filtered(text) : value));
        details.put("entities", entities);
        details.put("ambiguity_score", reading.ambiguityScore());
        details.put("ambiguity_reason", turn.filtered(reading.ambiguityReason()));
        turn.trace("sensor", "intent " + reading.detectedIntentIfAny().orElse("none") + ", ambiguity "
                + reading.ambiguityScore().toPlainString() + ", entities " + entities.keySet(), details);
        RuleTurn.summarize(turn);
        return StepResult.proceed();
    }
}
