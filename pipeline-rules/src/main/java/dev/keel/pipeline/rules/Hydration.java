package dev.keel.pipeline.rules;

import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnStep;
import dev.keel.rules.EntityDeclaration;
import dev.keel.rules.Position;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Puts the entities the sensor read where they are kept, once: session entities into the session (with the turn's
 * number), profile entities into the customer's profile (the request attribute {@value RuleSteps#CUSTOMER_ID}; a
 * request without a customer keeps them in the session's own profile member). A request without a session is a
 * conversation of one turn, under its request id. Immutable and thread-safe.
 */
final class Hydration implements TurnStep {

    private final RuleTurn.Config config;

    Hydration(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "hydration";
    }

    @Override
    public StepResult apply(Turn turn) {
        SensorReading reading = turn.get(RuleSteps.READING).orElseThrow();
        Map<String, Object> forSession = new LinkedHashMap<>();
        Map<String, Object> forProfile = new LinkedHashMap<>();
        for (EntityDeclaration entity : config.book().entities()) {
            Object value = reading.entities().get(entity.name());
            if (value != null) {
                (entity.store() == EntityDeclaration.Store.PROFILE ? forProfile : forSession).put(entity.name(), value);
            }
        }
        String sessionId = turn.request().sessionId().orElse(turn.requestId());
        Object customer = turn.request().attributes().get(RuleSteps.CUSTOMER_ID);
        Map<String, Object> profile;
        if (customer instanceof String customerId) {
            profile = Conversation.map(config.sessionStore().update(Conversation.profileKey(customerId), state -> {
                Map<String, Object> next = new LinkedHashMap<>(state);
                Map<String, Object> fields = new LinkedHashMap<>(Conversation.map(state.get(Conversation.PROFILE)));
                fields.putAll(forProfile);
                next.put(Conversation.PROFILE, fields);
                return next;
            }).get(Conversation.PROFILE));
        } else {
            profile = null;
        }
        Map<String, Object> slice = Conversation.slice(config.sessionStore().update(sessionId, state ->
                Conversation.withSlice(state, conversation -> {
                    long previous = conversation.get("turn") instanceof Number n ? n.longValue() : 0;
                    conversation.put("turn", previous + 1);
                    Map<String, Object> variables = new LinkedHashMap<>(Conversation.map(conversation.get("variables")));
                    variables.putAll(forSession);
                    conversation.put("variables", variables);
                    if (profile == null) {
                        Map<String, Object> own = new LinkedHashMap<>(Conversation.map(conversation.get("profile")));
                        own.putAll(forProfile);
                        conversation.put("profile", own);
                    }
                    return conversation;
                })));
        Position position = Position.of((String) slice.get("scenario"), (String) slice.get("step"));
        // The update above has just counted the turn.
        long number = ((Number) Objects.requireNonNull(slice.get("turn"), "turn")).longValue();
        Conversation conversation = new Conversation(sessionId, number, position,
                Conversation.map(slice.get("variables")), profile != null ? profile
                : Conversation.map(slice.get("profile")));
        turn.put(RuleTurn.CONVERSATION, conversation);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("turn", conversation.turn());
        details.put("position", RuleTurn.position(position));
        details.put("session_entities", forSession.keySet().stream().toList());
        details.put("profile_entities", forProfile.keySet().stream().toList());
        turn.trace(name(), "turn " + conversation.turn() + " at " + position + "; kept " + forSession.keySet()
                + " in the session, " + forProfile.keySet() + " in the profile", details);
        return StepResult.proceed();
    }
}
