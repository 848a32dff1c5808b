package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.Mode;
import dev.keel.committee.Outcome;
import dev.keel.committee.ReplyInvariants;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.PriceTable;
import dev.keel.models.config.LlmConfig;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.committee.CommitteeReasoning;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
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
        ChatExchange exchange = service(replies).answer(conversation.request().toWire(), "req-" + name);
        assertThat(exchange.violations()).as(name).isEmpty();
        assertThat(ReplyInvariants.check(exchange.wire(), sampleConfig().scoring().askUserThreshold())).as(name)
                .isEmpty();
        assertThat(exchange.replayed()).contains(name);
        Object recordedPlan = JsonCodec.strict().parseObject(conversation.replies().get("master").get("master_plan")
                .get(0)).get("taskType");
        assertThat(response(exchange).plan()).as("the recorded plan is accepted").isPresent();
        assertThat(response(exchange).taskType().name()).isEqualTo(recordedPlan);
        AuditRecord stored = audit.find("req-" + name).orElseThrow();
        assertThat(stored.kind()).isEqualTo(Pipeline.AUDIT_KIND);
        assertThat(details(stored).get("replay")).isEqualTo(meta(exchange).get("replay"));
        // Governed like live models: every role an external backend, answered by its recording, the pipeline's own
        // audit record beside the service's, and nothing to withhold from these requests.
        assertThat(exchange.answer().decision()).isEqualTo(Decision.ALLOW);
        assertThat(exchange.wire().get("reply")).isEqualTo(response(exchange).reply());
        assertThat(exchange.answer().calls()).isNotEmpty().allSatisfy(call -> {
            assertThat(call.external()).isTrue();
            assertThat(call.used()).isEqualTo("replay:" + call.target());
        });
        assertThat(committeeRecord(stored).get("invariantViolations")).isEqualTo(List.of());
        assertThat(meta(exchange).get("provenance")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("decision", "ALLOW").doesNotContainKey("committee");
        return exchange;
    }

    private ChatService service(RecordedReplies replies) {
        CommitteeModels models = CommitteeModels.replaying(RecordedReplies.sampleConfigJson(),
                name -> Optional.empty(), replies);
        return ChatService.builder().pipeline(models.pipeline(audit, CLOCK)).models(models)
                .principal(Principal.of("client", "internal")).build();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> details(AuditRecord stored) {
        return (Map<String, Object>) stored.payload().get("details");
    }

    /** The committee's record in the call's audit record. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> committeeRecord(AuditRecord stored) {
        return (Map<String, Object>) details(stored).get(CommitteeReasoning.AUDIT_DETAIL);
    }

    private static CommitteeResponse response(ChatExchange exchange) {
        return exchange.response().orElseThrow();
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

        assertThat(response(exchange).outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(response(exchange).reply()).contains("## Execution time estimate", "E_total")
                .doesNotContain("**Question:**");
        assertThat(invalidation(exchange).get("valid")).isEqualTo(List.of("solver", "critic", "verifier"));
        assertThat(exchange.wire()).containsKey("audit");
    }

    @Test
    void belowTheThresholdTheReplyIsOneQuestionWithThreeOptions() throws IOException {
        ChatExchange exchange = play("ask-user");

        assertThat(response(exchange).outcome()).isEqualTo(Outcome.ASKED_USER);
        assertThat(response(exchange).reply()).contains("**Question:** Which reports do you mean?", "A) ", "B) ",
                "C) ").doesNotContain("## TL;DR");
        assertThat(exchange.wire()).as("no audit on the wire in ask mode").doesNotContainKey("audit");
        assertThat(committeeRecord(audit.find("req-ask-user").orElseThrow())).containsKey("audit");
    }

    @Test
    void theDiscardedAgentIsNeverCited() throws IOException {
        ChatExchange exchange = play("discarded-agent");

        assertThat(response(exchange).outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(invalidation(exchange).get("discarded")).isEqualTo(List.of("verifier"));
        assertThat(response(exchange).reply()).doesNotContain("[verifier:");
    }

    @Test
    void theQuarantinedCitationCarriesItsJustificationIntoTheAudit() throws IOException {
        ChatExchange exchange = play("quarantined-citation");

        assertThat(response(exchange).outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(invalidation(exchange).get("quarantined")).isEqualTo(List.of("critic"));
        assertThat(response(exchange).reply()).contains("[critic:q1]");
        assertThat(String.valueOf(response(exchange).audit().get("quarantineJustifications")))
                .contains("Only the advice to check the clients is used");
    }

    @Test
    void aRequestWithoutARecordingIsRefusedAndNothingIsStored() throws IOException {
        ChatService service = service(RecordedReplies.shipped());

        assertThatThrownBy(() -> service.answer(CommitteeRequest.of(Mode.ASK, "What is the weather?").toWire(),
                "req-unknown")).isInstanceOf(NoRecordingException.class).hasMessageContaining("shipping-plan");
        assertThat(audit.records()).isEmpty();
    }

    @Test
    void theDeepRecordingRunsTheMastersTwoRoundsAndCitesARevisedUnit() throws IOException {
        ChatExchange exchange = play("deep-rounds");
        CommitteeResponse response = response(exchange);

        assertThat(response.outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(response.usedAgents()).containsExactly("solver", "critic", "verifier", "implementer");
        assertThat(JsonCodec.strict().write(response.audit().get("effectivePlan"))).contains("\"rounds\":2",
                "\"droppedForBudget\":[]");
        assertThat(JsonCodec.strict().write(response.audit().get("agents"))).contains("\"round\":2");
        assertThat(JsonCodec.strict().write(response.audit().get("budget")))
                .contains("\"purpose\":\"agent:verifier:round2\"", "\"purpose\":\"agent:implementer:round2\"");
        assertThat(response.reply()).contains("[verifier:v2]", "## Acceptance tests\n- pg_stat_replication",
                "## Execution time estimate");
        assertThat(exchange.wire()).containsKey("audit");
    }

    @Test
    void aReplayedCallCostsItsRecordedTokensAtTheRecordedModelsPrice() throws IOException {
        PriceTable prices = LlmConfig.parse(RecordedReplies.sampleConfigJson()).prices();
        for (RecordedConversation conversation : RecordedReplies.shipped().conversations()) {
            CommitteeResponse response = response(play(conversation.name()));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> calls = (List<Map<String, Object>>) ((Map<String, Object>) response.audit()
                    .get("budget")).get("calls");
            BigDecimal recorded = BigDecimal.ZERO;
            Map<String, Integer> seen = new java.util.HashMap<>();
            for (Map<String, Object> call : calls) {
                String role = (String) call.get("role");
                String purpose = (String) call.get("purpose");
                TokenUsage usage = conversation.usage(role, purpose, seen.merge(role + " " + purpose, 1, Integer::sum)
                        - 1).orElseThrow();
                BigDecimal cost = prices.costUsd(conversation.models().get(role), usage).orElseThrow();
                assertThat((BigDecimal) call.get("costUsd")).as(conversation.name() + " " + purpose)
                        .isEqualByComparingTo(cost).isPositive();
                recorded = recorded.add(cost);
            }
            assertThat(response.budget().estimatedUsd()).as(conversation.name()).isEqualByComparingTo(recorded);
        }
    }
}
