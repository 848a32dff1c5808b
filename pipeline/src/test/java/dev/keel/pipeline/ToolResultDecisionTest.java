package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A tool's result never raises a decision: over generated principals, questions and tools (their domains, their
 * placement), the answer of a turn in which the model called the tool is never more permissive than the answer of
 * the same turn without it, and its text is filtered so.
 */
class ToolResultDecisionTest {

    private static final long SEED = 20261126L;
    private static final int CASES = 120;
    private static final List<String> DOMAINS = List.of("capability_planning", "transition_calendars",
            "budget_envelopes", "provenance_views", "summaries", "crew_records", "weather");
    private static final List<String> ROLES = List.of("planner", "auditor", "guest");
    private static final List<String> CLEARANCES = List.of("unclassified", "secret", "top_secret");
    private static final List<String> QUESTIONS = List.of("Give a summary of the fleet",
            "Show the provenance of the plan", "Which boats retire next year?", "What is the budget for week 31?",
            "Hello there");
    private static final String ANSWER = "Boat 12 retires in week 31 with 4500 hours left.";

    private static Pipeline pipeline(PolicyDocument policy, ScriptedBackend model) {
        return Pipeline.builder().policy(policy).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model).external("llama", model)
                        .external("deepseek", model).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(new InMemoryAuditSink()).build();
    }

    @Test
    void aToolsResultNeverRaisesTheDecisionOfTheTurnItWasCalledIn() {
        Random random = new Random(SEED);
        int lowered = 0;
        for (int i = 0; i < CASES; i++) {
            List<String> domains = new ArrayList<>();
            for (String domain : DOMAINS) {
                if (random.nextInt(3) == 0) {
                    domains.add(domain);
                }
            }
            ToolPlacement placement = random.nextBoolean() ? ToolPlacement.INTERNAL : ToolPlacement.EXTERNAL;
            PolicyDocument policy = Fixtures.policyBuilder()
                    .tool("probe", ToolPolicy.of(ROLES, domains, placement)).build();
            Principal principal = Principal.of(ROLES.get(random.nextInt(ROLES.size())),
                    CLEARANCES.get(random.nextInt(CLEARANCES.size())));
            String question = QUESTIONS.get(random.nextInt(QUESTIONS.size()));
            String context = "case " + i + " of seed " + SEED + ": " + principal + ", '" + question + "', probe "
                    + placement + " " + domains;

            GovernedAnswer without = pipeline(policy, ScriptedBackend.named("model").otherwise(Reply.text(ANSWER)))
                    .call(GovernedRequest.builder().principal(principal).message(question).build());
            GovernedAnswer with = pipeline(policy, ScriptedBackend.named("model").then(
                    Reply.toolCalls(Part.ToolCall.of("c1", "probe", Map.of("q", question))),
                    Reply.text(ANSWER))).call(GovernedRequest.builder().principal(principal).message(question)
                    .tools(Tools.builder().tool(ToolSpec.of("probe", ""), call -> Map.of("value", 42)).build())
                    .build());

            assertThat(with.decision().mostRestrictive(without.decision())).as(context).isEqualTo(with.decision());
            if (with.decision() != without.decision()) {
                lowered++;
                assertThat(with.provenance().reasonCodes().values()).as(context).contains("tool_result_lowered");
            }
            if (with.decision() == Decision.PARTIAL) {
                assertThat(with.text()).as(context).doesNotContain("4500", "12", "31");
            }
        }
        // The generated cases reach the lowering, not only decisions a tool leaves as they were.
        assertThat(lowered).as("cases lowered by a tool's result, seed " + SEED).isPositive();
    }
}
