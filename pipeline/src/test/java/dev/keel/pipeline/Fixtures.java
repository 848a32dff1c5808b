package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.policy.DomainRule;
import dev.keel.policy.Marking;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.RolePolicy;
import dev.keel.policy.Sensitivity;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingOverride;
import dev.keel.routing.RoutingTable;
import dev.keel.routing.ScenarioTagger;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A fleet-planning policy and routing table for the pipeline's tests: planners see everything, auditors the
 * provenance and summaries, guests summaries (PARTIAL); top secret stays in the house; index 0 is internal, 1 to 5
 * and 6 to 9 two external models.
 */
public final class Fixtures {

    private Fixtures() {
    }

    public static PolicyDocument policy() {
        List<String> planning = List.of("capability_planning", "transition_calendars", "budget_envelopes");
        return PolicyDocument.builder().policyId("fleet").version("1")
                .role("planner", new RolePolicy(List.of("secret", "top_secret"), List.of("capability_planning",
                        "transition_calendars", "budget_envelopes", "provenance_views", "summaries"), Decision.ALLOW))
                .role("auditor", new RolePolicy(List.of("secret", "top_secret"), List.of("provenance_views",
                        "summaries"), Decision.ALLOW))
                .role("guest", new RolePolicy(List.of("unclassified", "secret"), List.of("summaries"), Decision.PARTIAL))
                .restriction(new QualitativeRestriction("no_unit_ids", "No hull numbers.",
                        List.of("\\b[A-Z]{1,4}-\\d{2,4}\\b"), "[unit withheld]"))
                .domainRule(new DomainRule(List.of("retir* boat*"), planning, 3, false))
                .domainRule(DomainRule.of(List.of("budget*", "calendar*", "week*"), planning))
                .domainRule(DomainRule.of(List.of("provenance", "traceab*"), List.of("provenance_views")))
                .domainRule(new DomainRule(List.of("overview*", "summar*"), List.of("summaries"), 0, true))
                .sensitivity(new Sensitivity(List.of("top_secret"), List.of(),
                        List.of(new Marking("top_secret", List.of("top secret"), false),
                                new Marking("top_secret_banner", List.of("TS"), true))))
                .partialInstruction("Stay qualitative: no figures, dates or weeks.")
                .build();
    }

    public static RoutingTable routingTable() {
        return RoutingTable.builder()
                .entries(0, 0, new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))
                .entries(1, 5, new PoolEntry("llama", "balanced_summary", "llama"))
                .entries(6, 9, new PoolEntry("deepseek", "policy_summary", "deepseek"))
                .internalBackendTarget("internal_chatgpt")
                .scenarioTagger(ScenarioTagger.of("scenario", List.of("1", "2", "3"), "0"))
                .build();
    }

    public static RoutingTable routingTableWithAuditorOverride() {
        return routingTable().toBuilder().override(new RoutingOverride("auditor_override", "auditor",
                new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))).build();
    }

    /** A backend that answers with what {@code reply} makes of the request and keeps every request it got. */
    public static final class Recording implements LlmBackend {
        private final String id;
        private final Function<ChatRequest, String> reply;
        public final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

        public Recording(String id, Function<ChatRequest, String> reply) {
            this.id = id;
            this.reply = reply;
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            requests.add(request);
            return ChatReply.builder().text(reply.apply(request)).usage(new TokenUsage(10, 5)).backendId(id)
                    .finishReason("stop").build();
        }

        @Override
        public String id() {
            return id;
        }

        /** Every message text this backend was sent, joined. */
        public String everythingSent() {
            StringBuilder text = new StringBuilder();
            requests.forEach(r -> r.messages().forEach(m -> text.append(m.text()).append('\n')));
            return text.toString();
        }
    }
}
