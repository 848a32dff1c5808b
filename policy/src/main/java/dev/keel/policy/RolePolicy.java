package dev.keel.policy;

import dev.keel.core.Decision;
import java.util.List;
import java.util.Objects;

/**
 * What one role of a policy document allows ({@code docs/policy.md}, "Decisions"): the clearances it may hold, the
 * domains it may ask about, the decision it gets when both checks pass, the domains it may never ask about at all,
 * and what a {@code PARTIAL} answer to it withholds.
 *
 * <p>Lists keep document order (they are quoted as policy snippets). A {@link PolicyDocument} only ever holds
 * role policies that passed validation: names in canonical form, no duplicates, at least one clearance, a
 * default decision of {@code ALLOW} or {@code PARTIAL}, and no domain both allowed and denied. Immutable and
 * thread-safe.
 *
 * @param allowedClearances the clearances that may use this role ({@code allowed_clearances})
 * @param allowedDomains    the domains this role may ask about ({@code allowed_domains}); asking about any
 *                          other gives {@code PARTIAL}
 * @param defaultDecision   the decision when the clearance and every domain are allowed ({@code default_decision})
 * @param deniedDomains     the domains this role may not ask about at all ({@code denied_domains}); asking about
 *                          one gives {@code DENY}
 * @param partial           what a {@code PARTIAL} answer to this role withholds beyond the defaults and keeps of
 *                          them ({@code partial}); {@link PartialSetting#none()} when the role says nothing
 */
public record RolePolicy(List<String> allowedClearances, List<String> allowedDomains, Decision defaultDecision,
                         List<String> deniedDomains, PartialSetting partial) {

    public RolePolicy {
        allowedClearances = List.copyOf(allowedClearances);
        allowedDomains = List.copyOf(allowedDomains);
        Objects.requireNonNull(defaultDecision, "defaultDecision");
        deniedDomains = List.copyOf(deniedDomains);
        Objects.requireNonNull(partial, "partial");
    }

    /** A role that says nothing of what PARTIAL withholds. */
    public RolePolicy(List<String> allowedClearances, List<String> allowedDomains, Decision defaultDecision,
                      List<String> deniedDomains) {
        this(allowedClearances, allowedDomains, defaultDecision, deniedDomains, PartialSetting.none());
    }

    /** This role with {@code partial} as what PARTIAL withholds and keeps for it. */
    public RolePolicy withPartial(PartialSetting partial) {
        return new RolePolicy(allowedClearances, allowedDomains, defaultDecision, deniedDomains, partial);
    }

    /** A role that denies no domain outright. */
    public RolePolicy(List<String> allowedClearances, List<String> allowedDomains, Decision defaultDecision) {
        this(allowedClearances, allowedDomains, defaultDecision, List.of());
    }
}
