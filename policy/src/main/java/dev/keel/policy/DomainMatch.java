package dev.keel.policy;

import java.util.List;
import java.util.Objects;

/**
 * One phrase found by domain detection: which rule and phrase, where in the prompt, and the domains it added.
 *
 * <p>Immutable and thread-safe.
 *
 * @param ruleIndex the index of the rule in the detector's rule list
 * @param phrase    the phrase as written in the rule
 * @param start     the UTF-16 offset in the prompt where the match starts
 * @param end       the UTF-16 offset just past the match
 * @param domains   the rule's domains
 */
public record DomainMatch(int ruleIndex, String phrase, int start, int end, List<String> domains) {

    public DomainMatch {
        Objects.requireNonNull(phrase, "phrase");
        domains = List.copyOf(domains);
    }
}
