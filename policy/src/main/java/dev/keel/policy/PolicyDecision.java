package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link PolicyEvaluator} decided, and why: the decision, its reason codes, the policy snippets it rested
 * on (the key policy snippets), the requested domains the role may not see (under {@code domain_denied}, the denied
 * ones), which policy decided, and what a {@code PARTIAL} answer withholds.
 *
 * <p>Reason codes, one per rule of {@code docs/policy.md}, "Decisions" (plus the missing principal and the denied
 * domain):
 * <ul>
 *   <li>{@code principal_missing}: no authenticated principal, {@code DENY};</li>
 *   <li>{@code role_unknown}: the role is not in the policy, {@code DENY};</li>
 *   <li>{@code clearance_not_allowed}: the role does not allow the clearance, {@code DENY};</li>
 *   <li>{@code domain_denied}: a requested domain is one the role denies, {@code DENY};</li>
 *   <li>{@code domain_not_allowed}: a requested domain is outside the role's allowed set, {@code PARTIAL};</li>
 *   <li>{@code role_default_allow} / {@code role_default_partial}: every check passed, the role's default.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 */
public final class PolicyDecision {

    private final Decision decision;
    private final ReasonCodes reasonCodes;
    private final List<PolicySnippet> snippets;
    private final List<String> restrictedDomains;
    private final String policyId;
    private final String policyVersion;
    private final PartialKinds partialKinds;

    PolicyDecision(Decision decision, ReasonCodes reasonCodes, List<PolicySnippet> snippets,
            List<String> restrictedDomains, String policyId, String policyVersion) {
        this(decision, reasonCodes, snippets, restrictedDomains, policyId, policyVersion, PartialKinds.defaults());
    }

    private PolicyDecision(Decision decision, ReasonCodes reasonCodes, List<PolicySnippet> snippets,
            List<String> restrictedDomains, String policyId, String policyVersion, PartialKinds partialKinds) {
        this.decision = Objects.requireNonNull(decision, "decision");
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
        this.snippets = List.copyOf(snippets);
        this.restrictedDomains = List.copyOf(restrictedDomains);
        this.policyId = Objects.requireNonNull(policyId, "policyId");
        this.policyVersion = Objects.requireNonNull(policyVersion, "policyVersion");
        this.partialKinds = Objects.requireNonNull(partialKinds, "partialKinds");
    }

    /** This decision with {@code restrictedDomains} in place of its own (used for {@code PARTIAL}). */
    PolicyDecision withRestrictedDomains(List<String> domains) {
        return new PolicyDecision(decision, reasonCodes, snippets, domains, policyId, policyVersion, partialKinds);
    }

    /** This decision with {@code kinds} as what a PARTIAL answer withholds. */
    PolicyDecision withPartialKinds(PartialKinds kinds) {
        return kinds.equals(partialKinds) ? this
                : new PolicyDecision(decision, reasonCodes, snippets, restrictedDomains, policyId, policyVersion, kinds);
    }

    /**
     * What a {@code PARTIAL} answer under this decision withholds: the role's and the requested domains' settings
     * combined ({@link PolicyDocument#partialKinds}); {@link PartialKinds#defaults()} when they say nothing. Under
     * {@code ALLOW} it is what a part labelled PARTIAL would have withheld; give it to
     * the outbound filter ({@code OutboundFilter.apply(decision, kinds, text)}).
     */
    public PartialKinds partialKinds() {
        return partialKinds;
    }

    public Decision decision() {
        return decision;
    }

    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** The parts of the policy document the decision rested on, in rule order. */
    public List<PolicySnippet> snippets() {
        return snippets;
    }

    /** The requested domains (canonical form) outside the role's allowed set; empty unless that made it PARTIAL. */
    public List<String> restrictedDomains() {
        return restrictedDomains;
    }

    public String policyId() {
        return policyId;
    }

    public String policyVersion() {
        return policyVersion;
    }

    /** The {@code keel eval policy} result: {@code {"decision", "reason_codes"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("decision", decision.wireName());
        wire.put("reason_codes", reasonCodes.values());
        return wire;
    }

    /** Everything, for audit: the wire form plus restricted domains, policy identity and snippets. */
    public Map<String, Object> toAuditWire() {
        Map<String, Object> wire = toWire();
        wire.put("restricted_domains", restrictedDomains);
        wire.put("policy_id", policyId);
        wire.put("policy_version", policyVersion);
        List<Object> snippetWire = new ArrayList<>(snippets.size());
        for (PolicySnippet snippet : snippets) {
            snippetWire.add(snippet.toWire());
        }
        wire.put("policy_snippets", snippetWire);
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PolicyDecision && ((PolicyDecision) other).toAuditWire().equals(toAuditWire())
                && ((PolicyDecision) other).partialKinds.equals(partialKinds);
    }

    @Override
    public int hashCode() {
        return toAuditWire().hashCode() * 31 + partialKinds.hashCode();
    }

    @Override
    public String toString() {
        return "PolicyDecision" + toAuditWire();
    }
}
