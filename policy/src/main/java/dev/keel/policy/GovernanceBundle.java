package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.ReasonCodes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What governance decided for one request: role and clearance, requested domains, the decision with its key policy
 * snippets, whether the request must stay in the house, and the governance knowledge that explains the decision;
 * later recorded in the provenance and the audit record.
 *
 * <p>Immutable and thread-safe.
 */
public final class GovernanceBundle {

    private final PrincipalResolution principal;
    private final DomainDetection domains;
    private final PolicyDecision decision;
    private final List<RankedPassage> rationale;
    private final SensitivityDecision sensitivity;

    GovernanceBundle(PrincipalResolution principal, DomainDetection domains, PolicyDecision decision,
            List<RankedPassage> rationale, SensitivityDecision sensitivity) {
        this.principal = Objects.requireNonNull(principal, "principal");
        this.domains = Objects.requireNonNull(domains, "domains");
        this.decision = Objects.requireNonNull(decision, "decision");
        this.rationale = List.copyOf(rationale);
        this.sensitivity = Objects.requireNonNull(sensitivity, "sensitivity");
    }

    /** Whether the request must stay in the house, and which rules of the policy said so. */
    public SensitivityDecision sensitivity() {
        return sensitivity;
    }

    /** The principal evaluated; empty when there was none (the decision is then DENY). */
    public Optional<Principal> principal() {
        return principal.principal();
    }

    /** How the principal was resolved. */
    public PrincipalResolution principalResolution() {
        return principal;
    }

    /** The requested domains and the phrases that made them so. */
    public DomainDetection domainDetection() {
        return domains;
    }

    /** The requested domains. */
    public List<String> domains() {
        return domains.domains();
    }

    public Decision decision() {
        return decision.decision();
    }

    /** The policy decision with its reason codes and snippets. */
    public PolicyDecision policyDecision() {
        return decision;
    }

    /** The passages explaining the decision, most relevant first; empty when no knowledge was configured. */
    public List<RankedPassage> rationale() {
        return rationale;
    }

    /**
     * This request governed again under {@code decision}, taken over more domains than the request named (the
     * governed call's check against the domains of its evidence), explained by {@code rationale}; principal,
     * requested domains and sensitivity stay as they are.
     */
    public GovernanceBundle withDecision(PolicyDecision decision, List<RankedPassage> rationale) {
        return new GovernanceBundle(principal, domains, decision, rationale, sensitivity);
    }

    /** The principal's reason codes followed by the decision's. */
    public ReasonCodes reasonCodes() {
        return principal.reasonCodes().concat(decision.reasonCodes());
    }

    /**
     * Records this bundle in a provenance stub: principal (when there is one), governance decision and domains.
     * Reason codes are left to the caller, who gathers them from every step.
     */
    public Provenance.Builder applyTo(Provenance.Builder provenance) {
        principal.principal().ifPresent(provenance::principal);
        return provenance.decision(decision.decision()).domains(domains.domains());
    }

    /** The bundle as a plain JSON object with snake_case names, for audit records. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>(principal.toWire());
        wire.put("domains", domains.domains());
        wire.put("decision", decision.decision().wireName());
        wire.put("reason_codes", reasonCodes().values());
        wire.put("restricted_domains", decision.restrictedDomains());
        wire.put("policy_id", decision.policyId());
        wire.put("policy_version", decision.policyVersion());
        List<Object> snippets = new ArrayList<>();
        for (PolicySnippet snippet : decision.snippets()) {
            snippets.add(snippet.toWire());
        }
        wire.put("policy_snippets", snippets);
        List<Object> passages = new ArrayList<>();
        for (RankedPassage passage : rationale) {
            passages.add(passage.toWire());
        }
        wire.put("rationale", passages);
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GovernanceBundle && ((GovernanceBundle) other).toWire().equals(toWire());
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
    }

    @Override
    public String toString() {
        return "GovernanceBundle" + toWire();
    }
}
