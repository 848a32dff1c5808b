package dev.keel.pipeline.rules;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.pipeline.Turn;
import dev.keel.rules.EntityDeclaration;
import dev.keel.rules.RuleBook;
import dev.keel.rules.Transition;
import dev.keel.stage.InputSlot;
import dev.keel.stage.NextStepRule;
import dev.keel.stage.SessionFields;
import dev.keel.stage.Shape;
import dev.keel.stage.StageContract;
import dev.keel.stage.StageContracts;
import dev.keel.stage.StageKind;
import dev.keel.stage.StageRequest;
import dev.keel.stage.StageRun;
import dev.keel.stage.StageRuntime;
import dev.keel.stage.StateSlice;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The sensor as one model call ({@link Sensor#model(String, int)}): a stage contract {@value #STAGE} whose output
 * is {@code {"detected_intent": one of the book's move ids or null, "entities": {declared name: value},
 * "ambiguity_score": a score, "ambiguity_reason": text}} in the stage envelope, run by the stage runtime through the
 * turn's backends with a bounded re-ask. A reply that still breaks the contract reads as fully ambiguous, so the
 * ambiguity trap asks the user to clarify. Immutable and thread-safe.
 */
final class ModelSensor implements Sensor {

    /** The sensor's stage id. */
    static final String STAGE = RuleSteps.SENSOR_PURPOSE;
    private static final String SLICE = "sensor";

    private final String target;
    private final int maxReasks;

    ModelSensor(String target, int maxReasks) {
        this.target = Objects.requireNonNull(target, "target");
        if (maxReasks < 0 || maxReasks > 10) {
            throw new ConfigurationException("a sensor re-asks 0 to 10 times, found " + maxReasks);
        }
        this.maxReasks = maxReasks;
    }

    /** The sensor's workflow for {@code book}: the sensor stage, then the end. */
    static StageContracts contracts(RuleBook book) {
        List<String> intents = book.transitions().stream().map(Transition::id).toList();
        Shape.ObjectShape entities = Shape.object();
        for (EntityDeclaration entity : book.entities()) {
            entities = entities.optional(entity.name(), entity.type() == EntityDeclaration.Type.NUMBER
                    ? Shape.any().orNull() : Shape.string().orNull());
        }
        StageContract sensor = StageContract.builder(STAGE)
                .purpose("Read the customer's message once: where they want to go, what they name, how ambiguous it"
                        + " is.")
                .directive(directive(book))
                .input(InputSlot.USER_PROMPT, true)
                .sessionFields(SessionFields.OMIT)
                .output(Shape.object()
                        .required("detected_intent", (intents.isEmpty() ? Shape.string()
                                : Shape.oneOf(intents.toArray(String[]::new))).orNull())
                        .required("entities", entities)
                        .required("ambiguity_score", Shape.score())
                        .required("ambiguity_reason", Shape.string()))
                .nextStep(NextStepRule.anyOf(StageContract.SESSION_END))
                .mergeSlice(StateSlice.copy(SLICE, ""))
                .build();
        StageContract end = StageContract.builder(StageContract.SESSION_END).kind(StageKind.END).build();
        return StageContracts.of(sensor, end);
    }

    private static String directive(RuleBook book) {
        StringBuilder text = new StringBuilder("Read the customer's message (input.user_prompt) and say in one JSON "
                + "object where they want to go, what they name, and how ambiguous the message is.\n"
                + "detected_intent: the id of the move below that the message asks for, or null when none fits.");
        for (Transition move : book.transitions()) {
            text.append("\n- ").append(move.id()).append(" (").append(move.kind().wireName()).append(" of ")
                    .append(move.scenario()).append("): e.g. ")
                    .append(String.join(" / ", move.examples().stream().map(example -> "\"" + example + "\"").toList()));
        }
        text.append("\nentities: the values the message gives for these names, and no others (leave out what it does"
                + " not give):");
        for (EntityDeclaration entity : book.entities()) {
            text.append("\n- ").append(entity.name()).append(" (").append(entity.type().wireName()).append(')');
        }
        text.append("\nambiguity_score: from 0.00 (clear) to 1.00 (no telling what is meant), written with two "
                + "decimals.\nambiguity_reason: why, in a few words.");
        return text.toString();
    }

    @Override
    public SensorReading read(Turn turn, SensorInput input) {
        StageRuntime runtime = StageRuntime.builder().backend(turn.backends().bound(target))
                .contracts(contracts(input.book())).entryStage(STAGE).maxReasks(maxReasks)
                .sessionStore(new InMemorySessionStore()).build();
        StageRun run = runtime.run(StageRequest.builder().sessionId(turn.requestId()).requestId(turn.requestId())
                .userPrompt(input.message()).build());
        if (!run.completed()) {
            return new SensorReading(null, Map.of(), BigDecimal.ONE, "the sensor's reply broke its contract "
                    + (maxReasks + 1) + " times (" + run.failure().map(f -> f.reason().name().toLowerCase(
                    java.util.Locale.ROOT)).orElse("") + ")");
        }
        Map<String, Object> output = Conversation.map(run.finalState().get(SLICE));
        Map<String, Object> given = Conversation.map(output.get("entities"));
        Map<String, Object> entities = new LinkedHashMap<>();
        for (EntityDeclaration entity : input.book().entities()) {
            Object value = given.get(entity.name());
            Object read = entity.type() == EntityDeclaration.Type.NUMBER ? number(value)
                    : value instanceof String text && !text.isBlank() ? text.strip() : null;
            if (read != null) {
                entities.put(entity.name(), read);
            }
        }
        // The sensor's contract, which the completed run kept, requires the score.
        return new SensorReading((String) output.get("detected_intent"), entities,
                (BigDecimal) Objects.requireNonNull(output.get("ambiguity_score"), "ambiguity_score"),
                String.valueOf(output.get("ambiguity_reason")));
    }

    /** A number the model gave as a number or as a numeric text (thousands separators allowed); else null. */
    private static @Nullable BigDecimal number(@Nullable Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof String text) {
            String plain = text.replace(",", "").strip();
            if (plain.matches("[+-]?(?:[0-9]{1,30}\\.?[0-9]{0,30}|\\.[0-9]{1,30})")) {
                return new BigDecimal(plain);
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "ModelSensor{" + target + ", " + maxReasks + " re-asks}";
    }
}
