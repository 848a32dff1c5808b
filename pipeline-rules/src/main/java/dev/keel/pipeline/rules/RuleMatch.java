package dev.keel.pipeline.rules;

import dev.keel.rules.RankedRule;
import dev.keel.rules.Rule;
import java.util.List;

/**
 * The rules a turn matched: of the rules in scope at its position, the ones whose condition is close enough to the
 * message, best first. Immutable and thread-safe.
 *
 * @param inScope how many rules were in scope
 * @param matched the matched rules with their similarity, best first
 */
public record RuleMatch(int inScope, List<RankedRule> matched) {

    public RuleMatch {
        matched = List.copyOf(matched);
    }

    /** The matched rules' ids, best first. */
    public List<String> ids() {
        return matched.stream().map(ranked -> ranked.rule().id()).toList();
    }

    /** The matched rules, best first. */
    public List<Rule> rules() {
        return matched.stream().map(ranked -> ranked.rule()).toList();
    }

    /** Whether a matched rule is risky: the turn's subjective rules are then judged. */
    public boolean risky() {
        return matched.stream().anyMatch(ranked -> ranked.rule().risky());
    }
}
