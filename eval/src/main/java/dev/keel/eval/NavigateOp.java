package dev.keel.eval;

import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.rules.CandidateKind;
import dev.keel.rules.NavigationCandidate;
import dev.keel.rules.NavigationConfig;
import dev.keel.rules.Navigator;
import dev.keel.rules.Position;
import dev.keel.rules.Rule;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * {@code keel eval} op {@code navigate}: {@code {"current": {"scenario", "step"} or null, "candidates": [{"id",
 * "kind", "scenario", "step"?, "score"}], "config"?}} to {@code {"action", "target", "scores"}}
 * ({@link Navigator}). Input that breaks the navigation rules is {@code invalid_input}, named by pointer. Stateless;
 * pure and thread-safe.
 */
final class NavigateOp implements EvalOp {

    @Override
    public String name() {
        return "navigate";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        JsonTreeReader reader = JsonTreeReader.of(input);
        ObjectValue line = reader.root().object("current", "candidates", "config");
        Value currentValue = line.optional("current");
        Position current = Position.none();
        if (currentValue.isPresent()) {
            ObjectValue object = currentValue.object("scenario", "step");
            String scenario = Rule.readId(object.required("scenario"));
            String step = Rule.readId(object.optional("step"));
            current = scenario == null ? null : Position.of(scenario, step);
        }
        List<NavigationCandidate> candidates = line.required("candidates").list(NavigateOp::candidate);
        NavigationConfig config = config(line.optional("config"));
        RulesSelectOp.throwIfProblems(reader);
        return Navigator.create(config).navigate(current, candidates).toWire();
    }

    private static NavigationCandidate candidate(Value item) {
        ObjectValue candidate = item.object("id", "kind", "scenario", "step", "score");
        String id = Rule.readId(candidate.required("id"));
        CandidateKind kind = candidate.required("kind").enumValue(CandidateKind.class, CandidateKind::wireName);
        String scenario = Rule.readId(candidate.required("scenario"));
        String step = Rule.readId(candidate.optional("step"));
        BigDecimal score = candidate.required("score").decimal(BigDecimal.ZERO, BigDecimal.ONE);
        return item.build(() -> new NavigationCandidate(id, kind, scenario, step, score));
    }

    private static NavigationConfig config(Value value) {
        ObjectValue config = value.object("stickiness_boost", "exit_threshold", "min_score");
        NavigationConfig defaults = NavigationConfig.DEFAULTS;
        BigDecimal boost = share(config.optional("stickiness_boost"), defaults.stickinessBoost());
        BigDecimal exit = share(config.optional("exit_threshold"), defaults.exitThreshold());
        BigDecimal min = share(config.optional("min_score"), defaults.minScore());
        return boost == null || exit == null || min == null ? defaults : new NavigationConfig(boost, exit, min);
    }

    /** A number in [0, 1]; {@code fallback} when absent; null on a problem (recorded). */
    private static BigDecimal share(Value value, BigDecimal fallback) {
        if (!value.isPresent()) {
            return fallback;
        }
        return value.decimal(BigDecimal.ZERO, BigDecimal.ONE);
    }
}
