package dev.keel.policy;

import dev.keel.policy.loader.PolicyFiles;

/**
 * The MARP example's policy and governance knowledge, as the tests of policy and of the modules built on it use them.
 */
public final class MarpFixtures {

    public static final String POLICY_RESOURCE = "dev/keel/policy/marp_policy.json";
    public static final String KNOWLEDGE_RESOURCE = "dev/keel/policy/marp_governance_knowledge.md";

    private MarpFixtures() {
    }

    public static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(MarpFixtures.class.getClassLoader(), POLICY_RESOURCE);
    }

    /**
     * The MARP assistant's trust: without a host principal a claim in the prompt is used as written, and without
     * one either planner / secret; against the host's principal a claim may only lower privilege.
     */
    public static PrincipalResolver principalResolver() {
        return PrincipalResolver.builder().promptClaims(PromptClaimMode.AUTHORITATIVE).policy(policy())
                .defaultPrincipal(dev.keel.core.Principal.of("planner", "secret")).build();
    }

    /**
     * Phrase rules for the MARP domains: retiring boats, capability thresholds, dock capacity, crew readiness,
     * spares or budgets add the three planning domains; provenance or traceability adds the provenance view; a
     * high-level overview with nothing more specific (a fallback rule) gives the high-level summaries.
     */
    public static DomainDetector domainDetector() {
        java.util.List<String> planning = java.util.List.of("capability_planning", "transition_calendars",
                "budget_envelopes");
        return DomainDetector.create(java.util.List.of(
                new DomainRule(java.util.List.of("retir* boat*", "boat* retir*", "retir* submarine*", "retir* vessel*",
                        "retir* hull*"), planning, 3, false),
                DomainRule.of(java.util.List.of("capability threshold*", "dock capacit*", "crew readiness", "spares",
                        "spare part*", "budget*"), planning),
                DomainRule.of(java.util.List.of("provenance", "traceab*"), java.util.List.of("marp_provenance_views")),
                new DomainRule(java.util.List.of("overview*", "high level", "summar*", "big picture", "at a glance"),
                        java.util.List.of("marp_high_level_summaries"), 0, true)));
    }

    public static GovernanceKnowledge knowledge() {
        return PolicyFiles.readKnowledgeResource(MarpFixtures.class.getClassLoader(), KNOWLEDGE_RESOURCE);
    }

    public static String policyJson() {
        try (var in = MarpFixtures.class.getClassLoader().getResourceAsStream(POLICY_RESOURCE)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
