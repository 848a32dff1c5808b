package dev.keel.policy;

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

/**
 * {@link PolicyEvaluator} over decisions precomputed per role: evaluation is one hash lookup of the role and
 * short scans of its clearances and domains, and allocates only for a {@code PARTIAL} that lists restricted
 * domains. Immutable and thread-safe (the arrays are never written after construction).
 */
final class CompiledPolicyEvaluator implements PolicyEvaluator {

    static final String PRINCIPAL_MISSING = "principal_missing";
    static final String ROLE_UNKNOWN = "role_unknown";
    static final String CLEARANCE_NOT_ALLOWED = "clearance_not_allowed";
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
        List<PolicySnippet> restrictions = restrictionSnippets();
        return new CompiledRole(
                role.allowedClearances().toArray(new String[0]),
                role.allowedDomains().toArray(new String[0]),
                decision(Decision.DENY, CLEARANCE_NOT_ALLOWED, List.of(clearances)),
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
    public PolicyDecision evaluate(Principal principal, Collection<String> domains) {
        if (principal == null) {
            return principalMissing;
        }
        CompiledRole role = find(roles, principal.role());
        if (role == null) {
            return roleUnknown;
        }
        if (!contains(role.clearances, principal.clearance())) {
            return role.clearanceDenied;
        }
        List<String> restricted = null;
        for (String domain : domains) {
            if (domain == null) {
                throw new InvalidInputException("invalid_domain", "requested domains must not contain null");
            }
            if (!contains(role.domains, domain)) {
                if (restricted == null) {
                    restricted = new ArrayList<>(2);
                }
                String canonical = Identifiers.canonical(domain);
                if (!restricted.contains(canonical)) {
                    restricted.add(canonical);
                }
            }
        }
        return restricted == null ? role.byDefault : role.domainRestricted.withRestrictedDomains(restricted);
    }

    // Names in the policy are canonical, so a name found as given needs no canonicalisation: the common case
    // costs one hash lookup, and only a miss pays for reading the name.
    private static <V> V find(Map<String, V> map, String name) {
        V found = map.get(name);
        if (found != null) {
            return found;
        }
        String canonical = Identifiers.canonical(name);
        return canonical == name ? null : map.get(canonical);
    }

    private static boolean contains(String[] names, String name) {
        if (containsExactly(names, name)) {
            return true;
        }
        String canonical = Identifiers.canonical(name);
        return canonical != name && containsExactly(names, canonical);
    }

    // A role lists a handful of clearances and domains: a scan beats hashing at that size.
    private static boolean containsExactly(String[] names, String name) {
        for (String candidate : names) {
            if (candidate.equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static final class CompiledRole {
        final String[] clearances;
        final String[] domains;
        final PolicyDecision clearanceDenied;
        final PolicyDecision domainRestricted;
        final PolicyDecision byDefault;

        CompiledRole(String[] clearances, String[] domains, PolicyDecision clearanceDenied,
                PolicyDecision domainRestricted, PolicyDecision byDefault) {
            this.clearances = clearances;
            this.domains = domains;
            this.clearanceDenied = clearanceDenied;
            this.domainRestricted = domainRestricted;
            this.byDefault = byDefault;
        }
    }
}
