package dev.keel.policy;

import dev.keel.core.Cancellation;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.policy.internal.Identifiers;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link PolicyEvaluator} over decisions precomputed per role: evaluation looks the canonical names up in the
 * role's sets. Immutable and thread-safe.
 */
final class CompiledPolicyEvaluator implements PolicyEvaluator {

    static final String PRINCIPAL_MISSING = "principal_missing";
    static final String ROLE_UNKNOWN = "role_unknown";
    static final String CLEARANCE_NOT_ALLOWED = "clearance_not_allowed";
    static final String DOMAIN_DENIED = "domain_denied";
    static final String DOMAIN_NOT_ALLOWED = "domain_not_allowed";

    private final PolicyDocument policy;
    private final Map<String, CompiledRole> roles;
    private final PolicyDecision principalMissing;
    private final PolicyDecision roleUnknown;

    CompiledPolicyEvaluator(PolicyDocument policy) {
        this.policy = policy;
        this.principalMissing = decision(Decision.DENY, PRINCIPAL_MISSING, List.of());
        this.roleUnknown = decision(Decision.DENY, ROLE_UNKNOWN, List.of());
        Map<String, CompiledRole> compiled = new HashMap<>();
        policy.roles().forEach((name, role) -> compiled.put(name, compile(name, role)));
        this.roles = compiled;
    }

    private CompiledRole compile(String name, RolePolicy role) {
        String base = "/roles/" + name;
        PolicySnippet clearances = new PolicySnippet(base + "/allowed_clearances", role.allowedClearances());
        PolicySnippet domains = new PolicySnippet(base + "/allowed_domains", role.allowedDomains());
        PolicySnippet defaultDecision = new PolicySnippet(base + "/default_decision", role.defaultDecision().wireName());
        PolicySnippet denied = new PolicySnippet(base + "/denied_domains", role.deniedDomains());
        List<PolicySnippet> restrictions = restrictionSnippets();
        return new CompiledRole(
                Set.copyOf(role.allowedClearances()),
                Set.copyOf(role.allowedDomains()),
                Set.copyOf(role.deniedDomains()),
                decision(Decision.DENY, CLEARANCE_NOT_ALLOWED, List.of(clearances)),
                decision(Decision.DENY, DOMAIN_DENIED, List.of(clearances, denied)),
                decision(Decision.PARTIAL, DOMAIN_NOT_ALLOWED, concat(List.of(clearances, domains), restrictions)),
                decision(role.defaultDecision(), "role_default_" + role.defaultDecision().wireName(),
                        concat(List.of(clearances, domains, defaultDecision), restrictions)));
    }

    // Under ALLOW and PARTIAL the qualitative restrictions shape the answer, so they are part of the basis.
    private List<PolicySnippet> restrictionSnippets() {
        List<PolicySnippet> snippets = new ArrayList<>();
        List<QualitativeRestriction> restrictions = policy.restrictions();
        for (int i = 0; i < restrictions.size(); i++) {
            QualitativeRestriction restriction = restrictions.get(i);
            snippets.add(restriction.description().isEmpty()
                    ? new PolicySnippet("/restrictions/" + i + "/id", restriction.id())
                    : new PolicySnippet("/restrictions/" + i + "/description", restriction.description()));
        }
        return snippets;
    }

    private static List<PolicySnippet> concat(List<PolicySnippet> first, List<PolicySnippet> second) {
        List<PolicySnippet> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private PolicyDecision decision(Decision decision, String reasonCode, List<PolicySnippet> snippets) {
        return new PolicyDecision(decision, ReasonCodes.of(reasonCode), snippets, List.of(), policy.policyId(),
                policy.version());
    }

    @Override
    public PolicyDocument policy() {
        return policy;
    }

    @Override
    public PolicyDecision evaluate(@Nullable Principal principal, Collection<String> domains) {
        if (principal == null) {
            return principalMissing;
        }
        CompiledRole role = roles.get(Identifiers.canonical(principal.role()));
        if (role == null) {
            return roleUnknown;
        }
        if (!role.clearances.contains(Identifiers.canonical(principal.clearance()))) {
            return role.clearanceDenied;
        }
        List<String> restricted = new ArrayList<>();
        List<String> denied = new ArrayList<>();
        for (String domain : domains) {
            Cancellation.checkpoint();
            if (domain == null) {
                throw new InvalidInputException("invalid_domain", "requested domains must not contain null");
            }
            String canonical = Identifiers.canonical(domain);
            if (role.deniedDomains.contains(canonical)) {
                if (!denied.contains(canonical)) {
                    denied.add(canonical);
                }
            } else if (!role.domains.contains(canonical) && !restricted.contains(canonical)) {
                restricted.add(canonical);
            }
        }
        if (!denied.isEmpty()) {
            return role.domainDenied.withRestrictedDomains(denied);
        }
        return restricted.isEmpty() ? role.byDefault : role.domainRestricted.withRestrictedDomains(restricted);
    }

    private record CompiledRole(Set<String> clearances, Set<String> domains, Set<String> deniedDomains,
                                PolicyDecision clearanceDenied, PolicyDecision domainDenied,
                                PolicyDecision domainRestricted, PolicyDecision byDefault) {
    }
}
