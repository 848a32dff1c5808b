package dev.keel.policy;

import dev.keel.core.Principal;
import java.util.Collection;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a request must stay in the house, from the policy's {@link Sensitivity}: it is internal-only when
 * any of the principals it is governed for has an internal-only clearance, when it asks about an internal-only
 * domain, or when the prompt carries an internal-only marking. Pass both the principal the host authenticated and
 * the one governance resolved: a claim in the prompt may lower what an answer shows, never the sensitivity.
 *
 * <p>Implementations are pure and thread-safe, and never throw for any text.
 */
public interface SensitivityAssessor {

    /** An assessor of {@code sensitivity}. */
    static SensitivityAssessor create(Sensitivity sensitivity) {
        return new MarkingSensitivityAssessor(sensitivity);
    }

    /** An assessor of the policy's sensitivity, whose markings are read with the policy's domain phrases. */
    static SensitivityAssessor create(PolicyDocument policy) {
        return new MarkingSensitivityAssessor(policy.sensitivity(), policy.phrases());
    }

    /**
     * @param principals the principals the request is governed for (nulls are skipped)
     * @param domains    the domains it asks about
     * @param prompt     what will be sent on (the user's message); null when there is none to read for markings
     */
    SensitivityDecision assess(Collection<Principal> principals, Collection<String> domains, @Nullable String prompt);
}
