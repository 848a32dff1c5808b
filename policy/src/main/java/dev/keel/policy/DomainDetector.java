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
        return PhraseDomainDetector.ofRules(rules);
    }

    /**
     * A detector of the document's {@code domain_rules} and of its markings tied to a domain: a prompt that carries
     * such a marking requests the marking's domain ({@code docs/policy.md}, "Sensitivity").
     */
    static DomainDetector create(PolicyDocument policy) {
        return new PhraseDomainDetector(policy.phrases());
    }

    /** The rules this detector applies, in order. */
    List<DomainRule> rules();

    /** The domains {@code prompt} requests; empty when no rule matches. */
    DomainDetection detect(String prompt);
}
