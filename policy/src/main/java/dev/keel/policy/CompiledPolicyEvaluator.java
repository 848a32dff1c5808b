package dev.keel.policy;

import dev.keel.core.Cancellation;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link PolicyEvaluator} over decisions precomputed per role: evaluation looks the principal's canonical names
 * (made with the principal) and each requested domain up in hash tables of the policy's names, canonical since the
 * policy was loaded; only a domain that is not one of the policy's names is put in canonical form, to be looked up
 * again. Immutable and thread-safe.
 */
final class CompiledPolicyEvaluator implements PolicyEvaluator {

    static final String PRINCIPAL_MISSING = "principal_missing";
    static final String ROLE_UNKNOWN = "role_unknown";
    static final String CLEARANCE_NOT_ALLOWED = "clearance_not_allowed";
    static final String DOMAIN_DENIED = "domain_denied";
    static final String DOMAIN_NOT_ALLOWED = "domain_not_allowed";

    private final PolicyDocument policy;
    // Keyed by the policy's names, canonical since validation: a decision is a few hash lookups.
    private final Map<String, CompiledRole> roles;
    private final Set<String> domainNames;
    private final PolicyDecision principalMissing;
    private final PolicyDecision roleUnknown;
    // Whether any role or domain says what PARTIAL withholds: without, every decision has the defaults.
    private final boolean partialSettings;

    CompiledPolicyEvaluator(PolicyDocument policy) {
        this.policy = policy;
        this.principalMissing = decision(Decision.DENY, PRINCIPAL_MISSING, List.of());
        this.roleUnknown = decision(Decision.DENY, ROLE_UNKNOWN, List.of());
        Map<String, CompiledRole> compiled = new HashMap<>();
        policy.roles().forEach((name, role) -> compiled.put(name, compile(name, role)));
        this.roles = Map.copyOf(compiled);
        this.domainNames = Set.copyOf(domainNames(policy));
        this.partialSettings = !policy.domainPartials().isEmpty()
                || policy.roles().values().stream().anyMatch(role -> !role.partial().isEmpty());
    }

    // Every domain the policy names, and so every domain its detector finds: all canonical, as validation made sure.
    private static Set<String> domainNames(PolicyDocument policy) {
        Set<String> names = new HashSet<>();
        policy.roles().values().forEach(role -> {
            names.addAll(role.allowedDomains());
            names.addAll(role.deniedDomains());
        });
        policy.domainRules().forEach(rule -> names.addAll(rule.domains()));
        names.addAll(policy.sensitivity().internalOnlyDomains());
        policy.sensitivity().markings().forEach(marking -> {
            if (marking.domain() != null) {
                names.add(marking.domain());
            }
        });
        return names;
    }

    private CompiledRole compile(String name, RolePolicy role) {
        String base = "/roles/" + name;
        PolicySnippet clearances = new PolicySnippet(base + "/allowed_clearances", role.allowedClearances());
        PolicySnippet domains = new PolicySnippet(base + "/allowed_domains", role.allowedDomains());
        PolicySnippet defaultDecision = new PolicySnippet(base + "/default_decision", role.defaultDecision().wireName());
        PolicySnippet denied = new PolicySnippet(base + "/denied_domains", role.deniedDomains());
        List<PolicySnippet> restrictions = restrictionSnippets();
        // Validation keeps a domain out of both lists, so each domain has one entry.
        Map<String, Access> access = new HashMap<>();
        role.allowedDomains().forEach(domain -> access.put(domain, Access.ALLOWED));
        role.deniedDomains().forEach(domain -> access.put(domain, Access.DENIED));
        return new CompiledRole(
                Set.copyOf(role.allowedClearances()),
                Map.copyOf(access),
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
        CompiledRole role = roles.get(principal.canonicalRole());
        if (role == null) {
            return roleUnknown;
        }
        if (!role.clearances.contains(principal.canonicalClearance())) {
            return role.clearanceDenied;
        }
        // In first-seen order, without repeats; made only when a domain is outside the role's allowed set.
        Set<String> denied = null;
        Set<String> restricted = null;
        for (String domain : domains) {
            Cancellation.checkpoint();
            if (domain == null) {
                throw new InvalidInputException("invalid_domain", "requested domains must not contain null");
            }
            String name = domain;
            Access access = role.access.get(name);
            if (access == null && !domainNames.contains(name)) {
                // Not a name of the policy's (those are canonical): the caller's own spelling, put in canonical form.
                name = Names.canonical(domain);
                access = role.access.get(name);
            }
            if (access == Access.DENIED) {
                denied = added(denied, name);
            } else if (access == null) {
                restricted = added(restricted, name);
            }
        }
        if (denied != null) {
            return role.domainDenied.withRestrictedDomains(List.copyOf(denied));
        }
        PolicyDecision decision = restricted == null ? role.byDefault
                : role.domainRestricted.withRestrictedDomains(List.copyOf(restricted));
        return partialSettings ? decision.withPartialKinds(policy.partialKinds(principal.canonicalRole(), domains))
                : decision;
    }

    private static Set<String> added(@Nullable Set<String> names, String name) {
        Set<String> all = names == null ? new LinkedHashSet<>() : names;
        all.add(name);
        return all;
    }

    /** What a role says of a domain it names; a domain it does not name is merely not allowed. */
    private enum Access { ALLOWED, DENIED }

    private record CompiledRole(Set<String> clearances, Map<String, Access> access,
                                PolicyDecision clearanceDenied, PolicyDecision domainDenied,
                                PolicyDecision domainRestricted, PolicyDecision byDefault) {
    }
}
