package dev.keel.policy;

import dev.keel.policy.internal.PhraseLint;
import java.util.List;

/**
 * Checks a valid policy document for what it allows but its author likely did not mean ({@code docs/policy.md},
 * "Policy lint"): phrases that normalise to nothing, one phrase text requesting two sets of domains, markings and
 * the domains they belong to that can match apart, and markings tied to no domain whose text a domain rule matches.
 * A finding is advice, not a violation: the document stays valid. Pure and thread-safe.
 */
public final class PolicyLint {

    private PolicyLint() {
    }

    /** The findings on {@code policy}, sorted by pointer, then code, then message; empty when there are none. */
    public static List<PolicyFinding> findings(PolicyDocument policy) {
        return PhraseLint.findings(policy.phrases(), policy.sensitivity().internalOnlyDomains());
    }
}
