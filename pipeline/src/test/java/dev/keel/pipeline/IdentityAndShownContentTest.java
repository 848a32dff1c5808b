package dev.keel.pipeline;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.test.core.ScriptedBackend;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

/**
 * Who asked is on record (audit record, decision log, logging context), never what; and everything an answer shows
 * is filtered when it is built, extension values as JSON, to every leaf.
 */
class IdentityAndShownContentTest {

    private final ScriptedBackend model = ScriptedBackend.answering("internal_chatgpt", request -> "Noted.");
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    /** Strong reference: java.util.logging keeps loggers only weakly. */
    private final Logger decisions = Logger.getLogger("dev.keel.decisions");
    private final List<String> decisionLines = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            decisionLines.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureDecisions() {
        decisions.addHandler(capture);
        decisions.setLevel(Level.INFO);
        decisions.setUseParentHandlers(false);
    }

    @AfterEach
    void stopCapturing() {
        decisions.removeHandler(capture);
        decisions.setUseParentHandlers(true);
        MDC.clear();
    }

    private Pipeline.Builder pipeline(ReasoningStep reasoning) {
        return Pipeline.builder().policy(Fixtures.policy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model).external("llama", model)
                        .external("deepseek", model).build())
                .reasoning(reasoning).auditSink(audit).idSource(IdSource.sequential("call"));
    }

    @Test
    void theSubjectSessionAndHostAttributesAreOnRecordAndInTheLoggingContextNeverTheMessage() {
        Map<String, String> during = new HashMap<>();
        ReasoningStep peek = turn -> {
            during.putAll(MDC.getCopyOfContextMap());
            return Reasoning.draft("Noted.");
        };
        MDC.put("keel.subject", "the host's own");

        pipeline(peek).build().call(GovernedRequest.builder().principal(Principal.of("planner", "secret"))
                .subject("u-4711").sessionId("s-9").auditAttribute("tenant", "north-yard").requestId("r-1")
                .message("Compare the calendars of ORCA").build());

        assertThat(during).containsEntry("keel.request_id", "r-1").containsEntry("keel.subject", "u-4711")
                .containsEntry("keel.session_id", "s-9").containsEntry("keel.attribute.tenant", "north-yard");
        assertThat(MDC.get("keel.subject")).isEqualTo("the host's own");
        assertThat(MDC.get("keel.request_id")).isNull();
        assertThat(MDC.get("keel.session_id")).isNull();
        assertThat(MDC.get("keel.attribute.tenant")).isNull();
        assertThat(audit).singleRecord().hasPayloadEntry("subject", "u-4711").hasPayloadEntry("session_id", "s-9")
                .hasPayloadEntry("attributes", Map.of("tenant", "north-yard")).payloadDoesNotContain("ORCA");
        assertThat(decisionLines).singleElement().asString().contains("\"subject\":\"u-4711\"",
                "\"session_id\":\"s-9\"", "\"attributes\":{\"tenant\":\"north-yard\"}").doesNotContain("ORCA");
    }

    @Test
    void aFailedCallIsOnRecordWithItsSubjectToo() {
        ReasoningStep failing = turn -> {
            throw new dev.keel.core.InvalidInputException("no draft");
        };
        try {
            pipeline(failing).build().call(GovernedRequest.builder().principal(Principal.of("planner", "secret"))
                    .subject("u-4711").message("overview").build());
        } catch (dev.keel.core.InvalidInputException expected) {
            // the failure reaches the host; the record was written first
        }
        assertThat(audit).singleRecord().hasPayloadEntry("outcome", "failed").hasPayloadEntry("subject", "u-4711");
        assertThat(MDC.get("keel.subject")).isNull();
    }

    /** A PERT step's estimate put into a provenance extension, with a figure in a member's name too. */
    private static ReasoningStep pert() {
        return turn -> {
            turn.extension("pert", Map.of("unit", "hours", "steps", List.of(Map.of("step", "survey", "o", 383.29,
                    "m", 400, "p", 512.5)), "week 12", "hull S-112 first"));
            return Reasoning.draft("The survey takes **fo**rty hours at S-112.");
        };
    }

    @Test
    void underPartialNoLeafOfAnExtensionShowsAFigure() {
        GovernedAnswer answer = pipeline(pert()).build().call(GovernedRequest.of(Principal.of("guest", "secret"),
                "overview of the survey"));

        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        String shown = JsonCodec.strict().write(answer.provenance().extension("pert"));
        assertThat(shown).doesNotContain("383", "512", "400", "S-112", "week 12").doesNotContainPattern("\\p{N}")
                .contains("\"step\":\"survey\"", "\"unit\":\"hours\"", "figure withheld");
        assertThat(answer.text()).doesNotContain("rty", "S-112").doesNotContainPattern("\\p{N}");
        assertThat(JsonCodec.strict().write(answer.toWire())).doesNotContain("383.29");
        assertThat(answer.provenance().extension("llm_calls")).isEqualTo(0);
    }

    @Test
    void underAllowTheFiguresStayAndOnlyThePolicysRestrictionsApply() {
        GovernedAnswer answer = pipeline(pert()).build().call(GovernedRequest.of(Principal.of("planner", "secret"),
                "overview of the survey"));

        assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
        String shown = JsonCodec.strict().write(answer.provenance().extension("pert"));
        assertThat(shown).contains("383.29", "week 12", "[unit withheld]").doesNotContain("S-112");
    }
}
