package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.examples.hospital.WardAssistant;
import dev.keel.examples.hospital.WardWriter;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The ward assistant ({@link WardAssistant}, its public entry point) with its model calls made by the Ollama client
 * the demo uses, against a real loopback Ollama answering with every kind of {@link Misbehaviour},
 * each derived from a valid answer: the general model (a nurse's bed question under ALLOW, a guest's under PARTIAL)
 * and the ward's own model when it is a language model (a physician's patient question, which never leaves the
 * hospital). For every kind, call and seed the answer is governed, with its reason code in the provenance and the
 * audit record, and nothing throws: a reply corrected after the re-ask is used; a general model that keeps breaking
 * the contract hands the question to the ward's model; a ward model that does gives a refusal that says what failed.
 */
class HospitalRobustnessTest {

    /** The first reply and the two re-asks of one backend. */
    private static final int ATTEMPTS = 3;

    static final String VALID = "{\"answer\":\"The free beds are listed in the ward records.\",\"records\":[\"rec-a\"]}";
    static final Set<String> ID_POINTERS = Set.of("/records/0");
    private static final long SEED = 20_261_124L;
    private static final int SEEDS_PER_CASE = 2;

    /** One model call of the assistant: who asks what, and which model answers. */
    record Call(String name, Principal principal, String question, boolean wardModel, Decision decision) {
    }

    static final List<Call> CALLS = List.of(
            new Call("general model, nurse, ALLOW", Principal.of("nurse", "internal"), "Which beds are free?", false,
                    Decision.ALLOW),
            new Call("general model, guest, PARTIAL", Principal.of("guest", "public"), "Which beds are free?", false,
                    Decision.PARTIAL),
            new Call("ward model, physician, ALLOW", Principal.of("physician", "phi"),
                    "How is the patient in bed L-03 doing?", true, Decision.ALLOW));

    @TestFactory
    Stream<DynamicTest> aReplyThatKeepsBreakingTheContractIsNeverTheAnswer() {
        return cases(false);
    }

    @TestFactory
    Stream<DynamicTest> aReplyCorrectedAfterTheReaskIsTheAnswer() {
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
            LlmBackend ollama = OllamaBackends.create(call.wardModel() ? WardAssistant.WARD_MODEL
                    : WardAssistant.GENERAL_MODEL, "llama3.1", model.baseUrl(), Duration.ofSeconds(30));
            InMemoryAuditSink audit = new InMemoryAuditSink();
            WardAssistant.Builder builder = WardAssistant.builder().auditSink(audit);
            WardAssistant assistant = (call.wardModel() ? builder.wardModel(ollama) : builder.generalModel(ollama))
                    .build();

            GovernedAnswer answer = assistant.ask(call.principal(), call.question());

            assertThat(answer.outcome()).as(context + "outcome").isEqualTo(TurnOutcome.ANSWERED);
            assertThat(answer.decision()).as(context + "decision").isEqualTo(call.decision());
            @SuppressWarnings("unchecked")
            Map<String, Object> contract = (Map<String, Object>) answer.provenance().extension("answer_contract");
            assertThat(contract).as(context + "contract").isNotNull();
            String expected;
            if (kind == Misbehaviour.EMPTY && !call.wardModel()) {
                // The Ollama client takes a reply without content for a failed call: the ward's model answers.
                expected = null;
                assertThat(model.requests()).as(context + "calls").hasSize(1);
                assertThat(answer.provenance().backendUsed()).as(context + "backend used").isEqualTo(WardWriter.ID);
                assertThat(answer.provenance().backendUsedReason()).as(context + "why")
                        .contains("general_model failed (backend_failed)");
            } else if (kind == Misbehaviour.EMPTY) {
                expected = "answer_backend_failed";
                assertThat(model.requests()).as(context + "calls").hasSize(1);
                assertThat(answer.text()).as(context + "refusal")
                        .startsWith("The ward assistant cannot answer this question now: the model call failed");
            } else if (correctedAfterReask) {
                expected = "answer_reasked";
                assertThat(model.requests()).as(context + "calls").hasSize(2);
                assertThat(model.requests().get(1).body()).as(context + "the re-ask")
                        .contains("Your reply does not satisfy the output contract");
                assertThat(answer.text()).as(context + "answer").startsWith("The free beds are listed");
            } else if (call.wardModel()) {
                expected = "answer_contract_broken";
                assertThat(model.requests()).as(context + "calls").hasSize(ATTEMPTS);
                assertThat(answer.text()).as(context + "refusal")
                        .startsWith("The ward assistant cannot answer this question now")
                        .contains("did not keep the answer contract, even when asked again");
            } else {
                expected = "answer_contract_broken_ward_model_answered";
                assertThat(model.requests()).as(context + "calls").hasSize(ATTEMPTS);
                assertThat(answer.text()).as(context + "the ward's writer").startsWith(WardWriter.PREFACE);
                assertThat(answer.provenance().backendUsed()).as(context + "backend used").isEqualTo(WardWriter.ID);
            }
            if (expected == null) {
                assertThat(contract).as(context + "contract").containsEntry("outcome", "accepted");
            } else {
                assertThat(contract).as(context + "reason code").containsEntry("reason_code", expected);
            }
            if (!correctedAfterReask && !bad.isEmpty() && bad.length() < 1_000) {
                assertThat(answer.text()).as(context + "the bad reply is not shown").doesNotContain(bad);
            }
            assertThat(answer.text()).doesNotContain("Exception").doesNotContain("\tat ");
            AuditRecord record = audit.find(answer.requestId()).orElseThrow(() -> new AssertionError(context
                    + "no audit record"));
            assertThat(String.valueOf(record.payload().get("details"))).as(context + "audit details")
                    .contains(expected == null ? "accepted" : expected);
        }
    }
}
