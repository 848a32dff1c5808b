package dev.keel.pipeline.rules;

import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnStep;
import dev.keel.rules.NavigationCandidate;
import dev.keel.rules.Navigation;
import dev.keel.rules.Navigator;
import dev.keel.rules.Position;
import dev.keel.rules.Transition;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores the moves open at the conversation's position and lets the navigator decide where it goes; the session
 * keeps the new position. A move's score is the message's similarity to its examples, in [0, 1] to two decimals;
 * the move the sensor detected scores at least {@code 1 - ambiguity} (a model sensor's reading counts as much as
 * the similarity). Immutable and thread-safe.
 */
final class NavigationStep implements TurnStep {

    private final RuleTurn.Config config;
    private final Navigator navigator;

    NavigationStep(RuleTurn.Config config) {
        this.config = config;
        this.navigator = Navigator.create(config.navigation());
    }

    @Override
    public String name() {
        return "navigation";
    }

    @Override
    public StepResult apply(Turn turn) {
        Conversation conversation = turn.get(RuleTurn.CONVERSATION).orElseThrow();
        Map<String, Double> similarities = turn.get(RuleTurn.MEANING).orElseThrow().similarities();
        SensorReading reading = turn.get(RuleSteps.READING).orElseThrow();
        BigDecimal confidence = BigDecimal.ONE.subtract(reading.ambiguityScore());
        Position from = conversation.position();
        List<NavigationCandidate> candidates = new ArrayList<>();
        for (Transition move : config.book().candidatesAt(from)) {
            BigDecimal score = score(similarities.getOrDefault(move.id(), 0.0));
            if (move.id().equals(reading.detectedIntent()) && confidence.compareTo(score) > 0) {
                score = confidence;
            }
            candidates.add(move.candidate(score));
        }
        Navigation navigation = navigator.navigate(from, candidates);
        Position to = navigation.after(from);
        if (!to.equals(from)) {
            config.sessionStore().update(conversation.sessionId(), state -> Conversation.withSlice(state, slice -> {
                slice.put("scenario", to.scenario());
                slice.put("step", to.step());
                return slice;
            }));
        }
        turn.put(RuleSteps.MOVE, new ScenarioMove(from, navigation, to));
        Map<String, Object> details = new LinkedHashMap<>(navigation.toWire());
        details.put("from", RuleTurn.position(from));
        details.put("to", RuleTurn.position(to));
        turn.trace(name(), navigation.action().wireName() + navigation.target().map(t -> " " + t.id()).orElse("")
                + ": " + from + " -> " + to, details);
        RuleTurn.summarize(turn);
        return StepResult.proceed();
    }

    /** A similarity as a navigation score: in [0, 1], two decimals. */
    static BigDecimal score(double similarity) {
        return BigDecimal.valueOf(Math.max(0, Math.min(1, similarity))).setScale(2, RoundingMode.HALF_UP);
    }
}
