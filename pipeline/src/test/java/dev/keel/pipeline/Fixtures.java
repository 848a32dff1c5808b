package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.policy.DomainRule;
import dev.keel.policy.Marking;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.RolePolicy;
import dev.keel.policy.Sensitivity;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingOverride;
import dev.keel.routing.RoutingTable;
import java.util.List;

/**
 * A fleet-planning policy and routing table for the pipeline's tests: planners see everything, auditors the
 * provenance and summaries, guests summaries (PARTIAL) and never crew records; top secret and crew records stay in
 * the house (no message names crew records: only evidence carries them); unit ids and credentials (Anthropic and
 * AWS keys) never leave it; routing sends a tenth of requests to the internal model and half and two fifths to two
 * external ones (weights 1, 5, 4).
 */
public final class Fixtures {

    private Fixtures() {
    }

    public static PolicyDocument policy() {
        return policyBuilder().build();
    }

    /** The policy's builder, for a test that adds to it. */
    public static PolicyDocument.Builder policyBuilder() {
        return policyBuilder("{16,}");
    }

    /**
     * The policy with a credential pattern of bounded length ({@code sk-} and 16 to 64 characters): a streaming
     * filter under a restriction that matches unboundedly long text holds a stream to its end, so a test of what a
     * stream emits as it goes uses this one.
     */
    public static PolicyDocument boundedPolicy() {
        return policyBuilder("{16,64}").build();
    }

    private static PolicyDocument.Builder policyBuilder(String credentialLength) {
        List<String> planning = List.of("capability_planning", "transition_calendars", "budget_envelopes");
        return PolicyDocument.builder().policyId("fleet").version("1")
                .role("planner", new RolePolicy(List.of("secret", "top_secret"), List.of("capability_planning",
                        "transition_calendars", "budget_envelopes", "provenance_views", "summaries", "crew_records"),
                        Decision.ALLOW))
                .role("auditor", new RolePolicy(List.of("secret", "top_secret"), List.of("provenance_views",
                        "summaries"), Decision.ALLOW))
                .role("guest", new RolePolicy(List.of("unclassified", "secret"), List.of("summaries"), Decision.PARTIAL,
                        List.of("crew_records")))
                .restriction(new QualitativeRestriction("no_unit_ids", "No hull numbers.",
                        List.of("\\b[A-Z]{1,4}-\\d{2,4}\\b"), "[unit withheld]"))
                .restriction(new QualitativeRestriction("no_credentials", "No credentials.",
                        List.of("\\bsk-[A-Za-z0-9_-]" + credentialLength, "\\bAKIA[0-9A-Z]{16}\\b"), "[credential withheld]"))
                .domainRule(new DomainRule(List.of("retir* boat*"), planning, 3, false))
                .domainRule(DomainRule.of(List.of("budget*", "calendar*", "week*"), planning))
                .domainRule(DomainRule.of(List.of("provenance", "traceab*"), List.of("provenance_views")))
                .domainRule(new DomainRule(List.of("overview*", "summar*"), List.of("summaries"), 0, true))
                .sensitivity(new Sensitivity(List.of("top_secret"), List.of("crew_records"),
                        List.of(new Marking("top_secret", List.of("top secret"), false),
                                new Marking("top_secret_banner", List.of("TS"), true))))
                .partialInstruction("Stay qualitative: no figures, dates or weeks.");
    }

    /** {@code prefix} made longer until the fixture's table routes it to an external backend for {@code principal}. */
    public static String externallyRouted(Principal principal, String prefix) {
        RoutingIndex index = RoutingIndex.create(routingTable());
        for (int i = 0; ; i++) {
            String message = prefix + "x".repeat(i);
            if (!index.route(RoutingRequest.of(principal, message)).backendTarget().equals("internal_chatgpt")) {
                return message;
            }
        }
    }

    public static RoutingTable routingTable() {
        return RoutingTable.builder()
                .pool(1, new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))
                .pool(5, new PoolEntry("llama", "balanced_summary", "llama"))
                .pool(4, new PoolEntry("deepseek", "policy_summary", "deepseek"))
                .internalBackendTarget("internal_chatgpt")
                .build();
    }

    public static RoutingTable routingTableWithAuditorOverride() {
        return routingTable().toBuilder().override(new RoutingOverride("auditor_override", "auditor",
                new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))).build();
    }
}
