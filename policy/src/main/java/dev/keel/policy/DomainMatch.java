package dev.keel.policy;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One phrase found by domain detection: which rule (or marking tied to a domain) and phrase, where in the prompt,
 * and the domains it added.
 *
 * <p>Immutable and thread-safe.
 *
 * @param ruleIndex the index of the rule in the detector's rule list; -1 for a marking's phrase
 * @param phrase    the phrase as written in the rule or marking
 * @param start     the UTF-16 offset in the prompt where the match starts
 * @param end       the UTF-16 offset just past the match
 * @param domains   the rule's domains, or the marking's domain
 * @param marking   the id of the marking whose phrase this is; null for a rule's phrase
 */
public record DomainMatch(int ruleIndex, String phrase, int start, int end, List<String> domains,
                          @Nullable String marking) {

    public DomainMatch {
        Objects.requireNonNull(phrase, "phrase");
        domains = List.copyOf(domains);
    }

    /** A rule's phrase. */
    public DomainMatch(int ruleIndex, String phrase, int start, int end, List<String> domains) {
        this(ruleIndex, phrase, start, end, domains, null);
    }
}
