package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The wealth desk ({@link WealthDesk}) with the pipeline running the tool in its own rounds: the portfolio tool
 * declares only holdings, yet returns a Lombard credit line, which reading its result finds to be credit risk, internal
 * only. No request to the external model server carries any of it, nor its numbers, called or streamed: for an advisor
 * or compliance the rest of the turn is answered by the house's model; for a client, denied credit risk, the result is
 * withheld from every model ({@code tool_result_withheld}) and the external model answers without it.
 */
class WealthDeskTest {

    private static final String IN_HOUSE = "Your holdings are balanced; the credit line needs a look.";
    private static final String OUTSIDE = "Your holdings are balanced.";

    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    /** One turn of {@code principal}'s question over fresh model servers; what each received, and the answer. */
    private record Turn(GovernedAnswer answer, List<WireRequest> outside, List<WireRequest> inside) {
    }

    private Turn turn(CallMode mode, Principal principal) {
        audit.clear();
        try (LoopbackBackend cloud = LoopbackBackend.replying(WealthDesk.EXTERNAL,
                Reply.toolCalls(Part.ToolCall.of("c1", WealthDesk.TOOL, Map.of())), Reply.text(OUTSIDE));
             LoopbackBackend house = LoopbackBackend.replying(WealthDesk.INTERNAL, Reply.text(IN_HOUSE))) {
            Pipeline pipeline = Pipeline.builder().policy(WealthDesk.policy()).routing(WealthDesk.routing())
                    .backends(Backends.builder().internal(WealthDesk.INTERNAL, house)
                            .external(WealthDesk.EXTERNAL, cloud).build())
                    .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build();
            GovernedAnswer answer = mode.run(pipeline, GovernedRequest.builder().principal(principal)
                    .message(WealthDesk.QUESTION)
                    .tools(Tools.builder().tool(WealthDesk.toolSpec(), call -> WealthDesk.PORTFOLIO).build())
                    .build());
            return new Turn(answer, cloud.received(), house.received());
        }
    }

    private static String bodies(List<WireRequest> requests) {
        return String.join("\n", requests.stream().map(WireRequest::body).toList());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tools(AuditRecord record) {
        return (List<Map<String, Object>>) record.payload().get("tools");
    }

    @Test
    void forStaffTheResultNeverLeavesAndTheRestOfTheTurnIsAnsweredInTheHouseCalledAndStreamed() {
        for (CallMode mode : CallMode.values()) {
            for (Principal staff : List.of(WealthDesk.ADVISOR, WealthDesk.COMPLIANCE)) {
                String context = mode + " " + staff;

                Turn turn = turn(mode, staff);

                // The external model asked for the portfolio; the round with the result went to the house.
                assertThat(WealthDesk.keptInHouseIn(bodies(turn.outside()))).as(context).isEmpty();
                assertThat(turn.outside()).as(context).hasSize(1);
                assertThat(turn.inside()).as(context).hasSize(1);
                assertThat(bodies(turn.inside())).as(context).contains("Lombard credit line", "82%");
                assertThat(turn.answer().outcome()).as(context).isEqualTo(TurnOutcome.ANSWERED);
                assertThat(turn.answer().text()).as(context).isEqualTo(IN_HOUSE);
                assertThat(turn.answer().provenance().reasonCodes().values()).as(context)
                        .contains("internal_only_by_tool", "internal_only_domain");
                assertThat(audit.records()).as(context).singleElement().satisfies(record -> {
                    assertThat(record.payload()).containsEntry("internal_only", true)
                            .containsEntry("backend_used", WealthDesk.INTERNAL);
                    assertThat(tools(record)).singleElement().satisfies(entry -> assertThat(
                            String.valueOf(entry.get("result"))).contains("credit_risk"));
                });
            }
        }
    }

    @Test
    void forAClientTheResultIsWithheldFromEveryModelWithItsReasonCodeCalledAndStreamed() {
        for (CallMode mode : CallMode.values()) {
            Turn turn = turn(mode, WealthDesk.CLIENT);

            assertThat(WealthDesk.keptInHouseIn(bodies(turn.outside()))).as(mode.name()).isEmpty();
            assertThat(turn.outside()).as(mode.name()).hasSize(2);
            assertThat(turn.outside().get(1).body()).as(mode.name()).contains("tool_result_withheld");
            assertThat(turn.inside()).as(mode.name()).isEmpty();
            assertThat(turn.answer().text()).as(mode.name()).isEqualTo(OUTSIDE);
            assertThat(turn.answer().provenance().reasonCodes().values()).as(mode.name())
                    .contains("tool_result_withheld");
            assertThat(audit.records()).as(mode.name()).singleElement().satisfies(record -> assertThat(tools(record))
                    .singleElement().satisfies(entry -> assertThat(entry).containsEntry("decision", "DENY")));
        }
    }
}
