package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.Mode;
import dev.keel.committee.Outcome;
import dev.keel.committee.ReplyInvariants;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.InMemoryAuditSink;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The shipped recordings through the service's one path: each keeps the committee's rules (the reply invariants,
 * checked on the response and again on its wire form) and shows what it is shipped for.
 */
class ReplayedConversationsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC);

    static CommitteeConfig sampleConfig() {
        return CommitteeConfig.parse(RecordedReplies.sampleConfigJson(), name -> Optional.empty());
    }

    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    private ChatExchange play(String name) throws IOException {
        RecordedReplies replies = RecordedReplies.shipped();
        RecordedConversation conversation = replies.conversations().stream()
                .filter(c -> c.name().equals(name)).findFirst().orElseThrow();
        ChatExchange exchange = ChatService.replaying(sampleConfig(), replies, audit, CLOCK)
                .answer(conversation.request().toWire(), "req-" + name);
        assertThat(exchange.violations()).as(name).isEmpty();
        assertThat(ReplyInvariants.check(exchange.wire(), sampleConfig().scoring().askUserThreshold())).as(name)
                .isEmpty();
        assertThat(exchange.replayed()).contains(name);
        Object recordedPlan = JsonCodec.strict().parseObject(conversation.replies().get("master").get("master_plan")
                .get(0)).get("taskType");
        assertThat(exchange.response().plan()).as("the recorded plan is accepted").isPresent();
        assertThat(exchange.response().taskType().name()).isEqualTo(recordedPlan);
        assertThat(meta(exchange).get("replay")).isEqualTo(exchange.audit().payload().get("replay"));
        return exchange;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> meta(ChatExchange exchange) {
        return (Map<String, Object>) exchange.wire().get("meta");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> invalidation(ChatExchange exchange) {
        return (Map<String, Object>) meta(exchange).get("invalidation");
    }

    @Test
    void theShippingAnswerHasItsPlanAndTheComputedEstimate() throws IOException {
        ChatExchange exchange = play("shipping-plan");

        assertThat(exchange.response().outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(exchange.response().reply()).contains("## Execution time estimate", "E_total")
                .doesNotContain("**Question:**");
        assertThat(invalidation(exchange).get("valid")).isEqualTo(List.of("solver", "critic", "verifier"));
        assertThat(exchange.wire()).containsKey("audit");
    }

    @Test
    void belowTheThresholdTheReplyIsOneQuestionWithThreeOptions() throws IOException {
        ChatExchange exchange = play("ask-user");

        assertThat(exchange.response().outcome()).isEqualTo(Outcome.ASKED_USER);
        assertThat(exchange.response().reply()).contains("**Question:** Which reports do you mean?", "A) ", "B) ",
                "C) ").doesNotContain("## TL;DR");
        assertThat(exchange.wire()).as("no audit on the wire in ask mode").doesNotContainKey("audit");
        assertThat(exchange.audit().payload()).containsKey("audit");
    }

    @Test
    void theDiscardedAgentIsNeverCited() throws IOException {
        ChatExchange exchange = play("discarded-agent");

        assertThat(exchange.response().outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(invalidation(exchange).get("discarded")).isEqualTo(List.of("verifier"));
        assertThat(exchange.response().reply()).doesNotContain("[verifier:");
    }

    @Test
    void theQuarantinedCitationCarriesItsJustificationIntoTheAudit() throws IOException {
        ChatExchange exchange = play("quarantined-citation");

        assertThat(exchange.response().outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(invalidation(exchange).get("quarantined")).isEqualTo(List.of("critic"));
        assertThat(exchange.response().reply()).contains("[critic:q1]");
        assertThat(String.valueOf(exchange.response().audit().get("quarantineJustifications")))
                .contains("Only the advice to check the clients is used");
    }

    @Test
    void aRequestWithoutARecordingIsRefusedAndNothingIsStored() throws IOException {
        ChatService service = ChatService.replaying(sampleConfig(), RecordedReplies.shipped(), audit, CLOCK);

        assertThatThrownBy(() -> service.answer(CommitteeRequest.of(Mode.ASK, "What is the weather?").toWire(),
                "req-unknown")).isInstanceOf(NoRecordingException.class).hasMessageContaining("shipping-plan");
        assertThat(audit.records()).isEmpty();
    }
}
