package dev.keel.policy;

import java.util.List;

/**
 * Finds the domains a prompt asks about with word-boundary-aware phrase rules (see {@link DomainRule}).
 *
 * <p>Rules are tried in order; each rule that matches adds its domains. Fallback rules are tried only when no
 * other rule matched. The result depends on nothing but the prompt and the rules. Implementations are pure
 * and thread-safe.
 */
public interface DomainDetector {

    /** A detector of {@code rules}. @throws PolicyValidationException when a rule is not valid */
    static DomainDetector create(List<DomainRule> rules) {
        return new PhraseDomainDetector(rules);
    }

    /** A detector of the document's {@code domain_rules}. */
    static DomainDetector create(PolicyDocument policy) {
        return new PhraseDomainDetector(policy.domainRules());
    }

    /** A detector of {@link #marpRules()}. */
    static DomainDetector marp() {
        return create(marpRules());
    }

    /**
     * Seed 000 §2.2 as rules: retiring boats, capability thresholds, dock capacity, crew readiness, spares or
     * budgets add {@code capability_planning}, {@code transition_calendars} and {@code budget_envelopes};
     * provenance or traceability adds {@code marp_provenance_views}; a high-level overview with nothing more
     * specific (a fallback rule) gives {@code marp_high_level_summaries}.
     */
    static List<DomainRule> marpRules() {
        List<String> planning = List.of("capability_planning", "transition_calendars", "budget_envelopes");
        return List.of(
                new DomainRule(List.of("retir* boat*", "boat* retir*", "retir* submarine*", "retir* vessel*",
                        "retir* hull*"), planning, 3, false),
                DomainRule.of(List.of("capability threshold*", "dock capacit*", "crew readiness", "spares",
                        "spare part*", "budget*"), planning),
                DomainRule.of(List.of("provenance", "traceab*"), List.of("marp_provenance_views")),
                new DomainRule(List.of("overview*", "high level", "summar*", "big picture", "at a glance"),
                        List.of("marp_high_level_summaries"), 0, true));
    }

    /** The rules this detector applies, in order. */
    List<DomainRule> rules();

    /** The domains {@code prompt} requests; empty when no rule matches. */
    DomainDetection detect(String prompt);
}
