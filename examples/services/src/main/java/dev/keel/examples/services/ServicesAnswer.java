package dev.keel.examples.services;

import dev.keel.pipeline.GovernedAnswer;
import dev.keel.stage.StageFailure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the government-services assistant answered to one question: the reply (filtered by the governed call),
 * how the turn ended, the services it describes, every stage's output with its validation and the state after
 * the merge, and the governed call's answer (decision, provenance, trace). Immutable and thread-safe.
 */
public final class ServicesAnswer {

    /** How a turn ended. */
    public enum Outcome {
        /** A service was selected; the reply is the catalogue's entry for it (and the other agencies' services). */
        ANSWERED("answered"),
        /** Not a government-service inquiry: the judgement's guidance. */
        GUIDANCE("guidance"),
        /**
         * A stage kept breaking its contract (an agency or service the catalogue lacks among them): no answer was made
         * up; the governed call ends as a clarification that says what could not be told.
         */
        NOT_ANSWERED("not_answered"),
        /** The governed call denied the request; no model was called. */
        DENIED("denied");

        private final String wireName;

        Outcome(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    private final Outcome outcome;
    private final String sessionId;
    private final List<String> services;
    private final List<StageStep> steps;
    private final StageFailure failure;
    private final GovernedAnswer governed;

    ServicesAnswer(Outcome outcome, String sessionId, List<String> services, List<StageStep> steps,
                   StageFailure failure, GovernedAnswer governed) {
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        this.sessionId = sessionId;
        this.services = List.copyOf(services);
        this.steps = List.copyOf(steps);
        this.failure = failure;
        this.governed = Objects.requireNonNull(governed, "governed");
    }

    /** The reply for the user, as the governed call's outbound filter left it. */
    public String text() {
        return governed.text();
    }

    public Outcome outcome() {
        return outcome;
    }

    /** The session of the stage run, to continue it with the next question; empty when no stage ran. */
    public Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    /** The services the reply describes, by catalogue key, the selected one first. */
    public List<String> services() {
        return services;
    }

    /** Every model call of the stage run, in order. */
    public List<StageStep> steps() {
        return steps;
    }

    /** Why the stage run stopped early, when it did. */
    public Optional<StageFailure> failure() {
        return Optional.ofNullable(failure);
    }

    /** The governed call's own answer: decision, provenance, trace, withheld text. */
    public GovernedAnswer governed() {
        return governed;
    }

    /** The answer as one plain JSON object. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("text", text());
        wire.put("outcome", outcome.wireName());
        wire.put("session_id", sessionId);
        wire.put("services", services);
        List<Object> stages = new ArrayList<>();
        steps.forEach(step -> stages.add(step.toWire()));
        wire.put("stages", stages);
        if (failure != null) {
            Map<String, Object> failed = new LinkedHashMap<>();
            failed.put("reason", failure.reason().code());
            failed.put("stage", failure.stageId());
            failed.put("message", failure.message());
            wire.put("failure", failed);
        }
        wire.put("governed", governed.toWire());
        return wire;
    }

    @Override
    public String toString() {
        return "ServicesAnswer{" + outcome.wireName() + ", services=" + services + ", " + steps.size() + " stage calls}";
    }
}
