package dev.keel.policy;

import java.util.List;

/**
 * One phrase rule of domain detection ({@code docs/policy.md}, "Domain detection"): when the prompt contains any of the phrases, the
 * request concerns all of the domains.
 *
 * <p><b>Phrases</b> are words separated by spaces or hyphens, matched case-insensitively against the words of
 * the prompt (maximal runs of Unicode letters and digits), so a phrase never matches inside a longer word:
 * {@code spares} does not match {@code sparest}. A word ending in {@code *} matches any word starting with
 * it ({@code budget*} matches {@code budgets}, {@code budgetary}). Consecutive phrase words must be consecutive
 * in the prompt, or separated by at most {@code maxGap} other words ({@code discharg* patient*} with a gap of 3
 * matches "discharge the two oldest patients").
 *
 * <p>A <b>fallback</b> rule applies only when no other rule matched: for example "for high-level
 * overviews only". Immutable and thread-safe.
 *
 * @param phrases  the phrases; at least one
 * @param domains  the domains the rule adds, in canonical form; at least one
 * @param maxGap   how many other words may stand between two words of a phrase (0 to 10)
 * @param fallback true when the rule applies only if no non-fallback rule matched
 */
public record DomainRule(List<String> phrases, List<String> domains, int maxGap, boolean fallback) {

    public DomainRule {
        phrases = List.copyOf(phrases);
        domains = List.copyOf(domains);
    }

    /** A rule whose phrase words must be adjacent, applied whenever it matches. */
    public static DomainRule of(List<String> phrases, List<String> domains) {
        return new DomainRule(phrases, domains, 0, false);
    }
}
