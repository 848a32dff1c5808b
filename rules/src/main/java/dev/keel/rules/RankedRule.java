package dev.keel.rules;

import java.util.Objects;

/**
 * A rule in scope and how close its condition is to the message. Immutable and thread-safe.
 *
 * @param rule       the rule
 * @param similarity the cosine similarity of the rule's {@code condition_text} and the message, in [-1, 1]
 */
public record RankedRule(Rule rule, double similarity) {

    public RankedRule {
        Objects.requireNonNull(rule, "rule");
    }
}
