package dev.keel.policy;

import dev.keel.core.Principal;
import java.util.Collection;
import org.jspecify.annotations.Nullable;

/**
 * Evaluates a policy document for one principal and a set of requested domains, in this order (see
 * {@code docs/policy.md}, "Decisions"), where the fourth applies only to a role that denies domains:
 * <ol>
 *   <li>no principal → {@code DENY} ({@code principal_missing});</li>
 *   <li>role unknown → {@code DENY} ({@code role_unknown});</li>
 *   <li>clearance not allowed for the role → {@code DENY} ({@code clearance_not_allowed});</li>
 *   <li>any requested domain in the role's denied set → {@code DENY} ({@code domain_denied});</li>
 *   <li>any requested domain outside the role's allowed set → {@code PARTIAL} ({@code domain_not_allowed});</li>
 *   <li>otherwise the role's {@code default_decision} ({@code role_default_allow} / {@code role_default_partial}).</li>
 * </ol>
 *
 * <p>Role, clearance and domain names are compared in canonical form ({@link dev.keel.core.text.Names#canonical}:
 * case-insensitive; runs of spaces, hyphens and underscores are one {@code _}), so {@code "Top Secret"} is
 * {@code top_secret}. The policy's names are canonical since it was loaded and a principal's since it was made
 * ({@link Principal#canonicalRole()}), so evaluation compares them; a requested domain that is not one of the
 * policy's names is put in canonical form. Any string is accepted: a name that is not in the policy simply is not
 * allowed. Adding a domain never makes a decision more permissive.
 *
 * <p>Implementations are pure and thread-safe, and evaluation does not allocate except for a decision that lists
 * restricted or denied domains.
 */
public interface PolicyEvaluator {

    /** An evaluator of {@code policy}; the document's decisions are precomputed per role. */
    static PolicyEvaluator create(PolicyDocument policy) {
        return new CompiledPolicyEvaluator(policy);
    }

    /** The policy this evaluator applies. */
    PolicyDocument policy();

    /**
     * Decides.
     *
     * @param principal the authenticated principal, or null when there is none (the decision is then DENY)
     * @param domains   the requested domains, in any form; empty when the request names none
     * @throws dev.keel.core.InvalidInputException when {@code domains} contains null
     */
    PolicyDecision evaluate(@Nullable Principal principal, Collection<String> domains);
}
