package dev.keel.examples.marp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.examples.marp.evidence.ProvenanceStub;
import dev.keel.examples.marp.reasoning.MarpReasoning;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.WireRequest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The assistant's one model call, the commentary, against a real loopback Ollama answering with every kind of
 * {@link Misbehaviour}, each derived from a valid commentary: for every kind, each way the call is made (llama under
 * ALLOW, deepseek under PARTIAL) and seeds, the assistant answers with a governed outcome and its reason code, in the
 * provenance stub and the audit record, and never throws. A reply that keeps breaking the contract leaves the answer
 * without commentary and says what failed; one that is corrected after the re-ask is used.
 */
class MarpRobustnessTest {

    /** A commentary that keeps the contract: both calendars, named as the evidence names them. */
    static final String VALID = "{\"comparison\":\"Calendar A keeps more margin; Calendar B concentrates the work.\","
            + "\"calendars\":[{\"calendar\":\"Transition Calendar A\",\"trade_offs\":\"Staggered retirements spread"
            + " the dock load.\"},{\"calendar\":\"Transition Calendar B\",\"trade_offs\":\"Paired retirements free"
            + " the budget earlier.\"}]}";
    static final Set<String> ID_POINTERS = Set.of("/calendars/0/calendar", "/calendars/1/calendar");
    private static final long SEED = 20_261_123L;
    private static final int SEEDS_PER_CASE = 2;

    /** How the commentary is asked for: who asks, and the prompt routed to the external target. */
    record Call(String name, Principal principal, String target, Decision decision) {
        String prompt() {
            return promptRoutedTo(principal, target);
        }
    }

    static final List<Call> CALLS = List.of(
            new Call("llama, ALLOW", Principal.of("planner", "secret"), "llama", Decision.ALLOW),
            new Call("deepseek, PARTIAL", Principal.of("guest", "unclassified"), "deepseek", Decision.PARTIAL));

    @TestFactory
    Stream<DynamicTest> aReplyThatKeepsBreakingTheContractLeavesNoCommentaryAndSaysWhatFailed() {
        return cases(false);
    }

    @TestFactory
    Stream<DynamicTest> aReplyCorrectedAfterTheReaskIsTheCommentary() {
        return cases(true);
    }

    private static Stream<DynamicTest> cases(boolean correctedAfterReask) {
        return Misbehaviour.cases(SEED + (correctedAfterReask ? 1 : 0), CALLS, SEEDS_PER_CASE).stream()
                .map(generated -> dynamicTest(generated.kind() + ", " + generated.call().name() + ", seed "
                        + generated.seed(), () -> check(generated, correctedAfterReask)));
    }

    private static void check(Misbehaviour.Case<Call> generated, boolean correctedAfterReask) {
        Misbehaviour kind = generated.kind();
        Call call = generated.call();
        String bad = generated.reply(VALID, ID_POINTERS);
        String context = kind + " on " + call.name() + " (seed " + generated.seed() + "): ";
        try (LoopbackModelServer model = generated.server(VALID, ID_POINTERS, correctedAfterReask)) {
            InMemoryAuditSink audit = new InMemoryAuditSink();
            MarpAssistant assistant = MarpAssistant.builder().policy(MarpData.policy())
                    .knowledge(MarpData.governanceKnowledge()).regulatedKnowledge(MarpData.regulatedKnowledge())
                    .governedData(MarpData.governedData()).externalBackends(MarpBackends.external(model.baseUrl()))
                    .auditSink(audit).build();

            MarpAnswer answer = assistant.ask(call.principal(), call.prompt());

            assertThat(answer.decision()).as(context + "decision").isEqualTo(call.decision());
            Provenance provenance = answer.provenance().orElseThrow();
            Map<String, Object> stub = ProvenanceStub.toWire(provenance);
            assertThat(stub).as(context + "stub").containsEntry("backend_target", call.target());
            List<WireRequest> requests = model.requests();
            String summary = answer.sections().get("Summary");
            @SuppressWarnings("unchecked")
            List<String> codes = (List<String>) stub.get("reason_codes");
            if (kind == Misbehaviour.EMPTY) {
                // The Ollama client takes a reply without content for a failed call: the internal writer answers.
                assertThat(requests).as(context + "calls").hasSize(1);
                assertThat(stub).as(context + "stub").containsEntry("backend_used", "embedded_extractive");
                assertThat((String) stub.get("backend_used_reason")).as(context + "why")
                        .contains(call.target() + " failed (backend_failed)");
                assertThat(summary).as(context + "summary").contains("written by embedded_extractive");
            } else if (correctedAfterReask) {
                assertThat(stub).as(context + "stub").containsEntry("backend_used", call.target());
                assertThat(requests).as(context + "calls").hasSize(2);
                assertThat(requests.get(1).body()).as(context + "the re-ask")
                        .contains("Your reply does not satisfy the output contract");
                assertThat(codes).as(context + "reason codes").contains("commentary_reasked");
                assertThat(summary).as(context + "summary").contains("Calendar A keeps more margin")
                        .contains("explanation, not evidence");
            } else {
                assertThat(stub).as(context + "stub").containsEntry("backend_used", call.target());
                assertThat(requests).as(context + "calls").hasSize(1 + MarpReasoning.MAX_REASKS);
                assertThat(codes).as(context + "reason codes").contains("commentary_contract_broken");
                assertThat(summary).as(context + "summary").contains("): withheld. ")
                        .contains("did not keep the commentary contract, even when asked again");
                if (!bad.isEmpty() && bad.length() < 1_000) {
                    assertThat(answer.text()).as(context + "the bad reply is not shown").doesNotContain(bad);
                }
            }
            assertThat(answer.text()).as(context + "stub").contains("```provenance_stub")
                    .doesNotContain("Exception").doesNotContain("\tat ");
            AuditRecord record = audit.find(provenance.requestId()).orElseThrow(() -> new AssertionError(context
                    + "no audit record"));
            assertThat(record.payload()).as(context + "audit").containsKey("details");
            assertThat(String.valueOf(record.payload().get("details"))).as(context + "audit details")
                    .contains(kind == Misbehaviour.EMPTY ? "accepted"
                            : correctedAfterReask ? "commentary_reasked" : "commentary_contract_broken");
        }
    }

    /** A prompt the routing table sends to {@code target} for {@code principal}. */
    static String promptRoutedTo(Principal principal, String target) {
        RoutingIndex index = RoutingIndex.create(MarpData.routingTable());
        for (int i = 0; i < 100; i++) {
            String prompt = "SCENARIO 2: compare the calendars for retiring two boats " + "x".repeat(i);
            if (index.route(RoutingRequest.builder().role(principal.role()).clearance(principal.clearance())
                    .prompt(prompt).build()).backendTarget().equals(target)) {
                return prompt;
            }
        }
        throw new AssertionError("no prompt is routed to " + target + " for " + principal);
    }
}
