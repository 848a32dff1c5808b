package dev.keel.pipeline.rules;

import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnStep;
import dev.keel.rules.RankedRule;
import dev.keel.rules.Rule;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules in scope where navigation left the conversation, ranked by the similarity of their condition to the
 * message; the ones at or above the minimum similarity, at most the configured number, are the turn's. Immutable and
 * thread-safe.
 */
final class Retrieval implements TurnStep {

    private final RuleTurn.Config config;

    Retrieval(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "rules";
    }

    @Override
    public StepResult apply(Turn turn) {
        List<Rule> inScope = config.book().rules().select(turn.get(RuleSteps.MOVE).orElseThrow().to());
        List<RankedRule> ranked = config.rules().rank(inScope, turn.get(RuleTurn.MEANING).orElseThrow().embedding());
        List<RankedRule> matched = ranked.stream().filter(rule -> rule.similarity() >= config.minSimilarity())
                .limit(config.maxRules()).toList();
        RuleMatch match = new RuleMatch(inScope.size(), matched);
        turn.put(RuleSteps.MATCH, match);
        Map<String, Object> similarity = new LinkedHashMap<>();
        ranked.forEach(rule -> similarity.put(rule.rule().id(), BigDecimal.valueOf(rule.similarity())
                .setScale(2, RoundingMode.HALF_UP)));
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("in_scope", inScope.size());
        details.put("matched", match.ids());
        details.put("similarity", similarity);
        details.put("hard", config.book().rules().hardRules().stream().map(Rule::id).toList());
        turn.trace(name(), match.ids().size() + " of " + inScope.size() + " rules in scope matched: " + match.ids()
                + (match.risky() ? " (risky)" : ""), details);
        RuleTurn.summarize(turn);
        return StepResult.proceed();
    }
}
