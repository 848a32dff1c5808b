package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.committee.CommitteeConfig;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The service on live models, the provider being a real HTTP server on loopback speaking the Anthropic Messages API:
 * every request is governed by the shipped policy for the service's client before any prompt leaves the house.
 * Credentials never reach the provider, the client or the stored audit record; operations records stay in the house
 * (no model there: the committee says it could not answer); a question that profiles a person is refused before any
 * model is called; financial questions are answered without figures, and the models are told so.
 */
class GovernedLiveCommitteeTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC);
    private static final String PROVIDER_KEY = "test-provider-key";
    private static final String CREDENTIAL = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz";
    private static final String LEAKED_KEY = "AKIAABCDEFGHIJKLMNOP";

    private static final String PLAN = """
            {"taskType": "TECHNICAL_EXECUTION", "agentsToRun": ["solver"], "rounds": 1, "needsClarification": false,
             "outputShape": "ask"}""";
    private static final String SOLVER = """
            {"agent": "solver", "answerSummary": ["Rotate the key in the secret store, then redeploy"],
             "assumptions": ["the key lives in the secret store"], "reasoning": "A rotated key must reach every job.",
             "stepsOrDeliverables": ["create the new key", "update the secret", "redeploy"],
             "failureModes": ["a job keeps the old key"],
             "units": [{"id": "u1", "topic": "rotation", "text": "Rotate in the secret store, then redeploy",
                        "tags": ["security"]}],
             "selfConfidence": 0.8}""";
    private static final String SCORES = """
            {"scores": [{"agent": "solver", "axes": {"coherence": 23, "alignment": 22, "verifiability": 21,
                                                     "signalDensity": 22, "compliance": 24}}]}""";
    private static final String SYNTHESIS = """
            {"tldr": ["Rotate the key in the secret store, then redeploy."],
             "replyMarkdown": "Create the new key, put it in the secret store and redeploy [solver:u1]. Never paste a key such as %s into a chat.",
             "acceptanceTests": ["the deploy job authenticates with the new key", "the old key is refused"],
             "assumptions": ["the key lives in the secret store"], "meta": {"conflictPenalty": 0, "coverageBonus": 0},
             "audit": {"citations": [{"unit": "solver:u1"}], "disagreements": []}}""".formatted(LEAKED_KEY);

    private final LoopbackModelServer provider = LoopbackModelServer.start().requireHeader("x-api-key", PROVIDER_KEY)
            .otherwise(GovernedLiveCommitteeTest::reply);
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final ChatService service = service();

    @AfterEach
    void stop() {
        provider.close();
    }

    /** The provider's reply, by the prompt the committee sent. */
    static Reply reply(WireRequest request) {
        String body = request.body();
        return Reply.text(body.contains("Plan how the committee") ? PLAN : body.contains("You are the solver") ? SOLVER
                : body.contains("You score the outputs") ? SCORES : SYNTHESIS);
    }

    /** The sample configuration with Anthropic at {@code provider}. */
    static String configJson(LoopbackModelServer provider) {
        String configJson = RecordedReplies.sampleConfigJson().replace(
                "\"anthropic\": { \"enabled\": true, \"api_key_env\": \"ANTHROPIC_API_KEY\" }",
                "\"anthropic\": { \"enabled\": true, \"api_key_env\": \"ANTHROPIC_API_KEY\", \"base_url\": \""
                        + provider.openAiBaseUrl() + "/\" }");
        assertThat(configJson).contains(provider.openAiBaseUrl());
        return configJson;
    }

    /** The variables of the sample configuration: the key {@code apiKey}, every role on one model. */
    static Map<String, String> variables(String apiKey) {
        Map<String, String> variables = new HashMap<>();
        variables.put("ANTHROPIC_API_KEY", apiKey);
        for (String role : List.of("MASTER", "SOLVER", "CRITIC", "VERIFIER", "EDITOR", "IMPLEMENTER", "VISUAL")) {
            variables.put("KEEL_" + role + "_MODEL", "claude-haiku-4-5");
        }
        return variables;
    }

    private ChatService service() {
        Map<String, String> variables = variables(PROVIDER_KEY);
        CommitteeModels models = CommitteeModels.live(configJson(provider),
                name -> Optional.ofNullable(variables.get(name)));
        return ChatService.builder().pipeline(models.pipeline(audit, CLOCK)).models(models)
                .principal(Principal.of("client", "internal")).build();
    }

    private ChatExchange ask(String message) {
        Map<String, Object> request = Map.of("source", "http", "mode", "audit",
                "user", Map.of("id", "u-7", "name", "Ines"), "context", Map.of(), "message", message);
        return service.answer(request, "req-" + Math.abs(message.hashCode()));
    }

    @Test
    void aCredentialNeverReachesTheProviderNorTheClient() {
        ChatExchange exchange = ask("How do I rotate the key " + CREDENTIAL + " that our deploy job uses?");

        assertThat(exchange.answer().decision()).isEqualTo(Decision.ALLOW);
        assertThat(provider.requests()).hasSize(4).noneMatch(request -> request.body().contains(CREDENTIAL))
                .anyMatch(request -> request.body().contains("[credential withheld]"));
        assertThat(exchange.answer().calls()).allSatisfy(call -> assertThat(call.external()).isTrue())
                .anySatisfy(call -> assertThat(call.withheld()).containsKey("no_credentials"));
        String reply = (String) exchange.wire().get("reply");
        assertThat(reply).contains("redeploy [solver:u1]", "[credential withheld]").doesNotContain(LEAKED_KEY);
        assertThat(exchange.wire().toString()).doesNotContain(LEAKED_KEY).doesNotContain(CREDENTIAL);
        assertThat(exchange.response().orElseThrow().reply()).as("the committee's own reply, in process")
                .contains(LEAKED_KEY);
        AuditRecord stored = audit.records().get(0);
        assertThat(stored.payload()).containsEntry("decision", "ALLOW").doesNotContainKey("replay");
        assertThat(ReplayedConversationsTest.committeeRecord(stored).get("response"))
                .asInstanceOf(InstanceOfAssertFactories.MAP).extractingByKey("reply").asString()
                .contains("redeploy [solver:u1]", "[credential withheld]").doesNotContain(LEAKED_KEY);
    }

    @Test
    void theStoredAuditRecordHoldsNoPartOfACredentialInTheMessage() {
        String message = "Our deploy job uses " + CREDENTIAL + " and " + LEAKED_KEY + "; how do I rotate both keys?";

        ChatExchange exchange = ask(message);

        assertThat(exchange.answer().decision()).isEqualTo(Decision.ALLOW);
        AuditRecord stored = audit.records().get(0);
        assertThat(ReplayedConversationsTest.committeeRecord(stored).get("request"))
                .asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("message", "Our deploy job uses"
                        + " [credential withheld] and [credential withheld]; how do I rotate both keys?");
        String json = JsonCodec.strict().write(stored.payload());
        for (String secret : List.of(CREDENTIAL.substring("sk-ant-api03-".length()),
                LEAKED_KEY.substring("AKIA".length()))) {
            for (int i = 0; i + 6 <= secret.length(); i++) {
                assertThat(json).doesNotContain(secret.substring(i, i + 6));
            }
        }
        assertThat(json).doesNotContain("sk-ant-", "AKIA");
    }

    @Test
    void operationsRecordsStayInTheHouse() {
        ChatExchange exchange = ask("Summarise the incident report of the outage on the orders database");

        assertThat(provider.requests()).isEmpty();
        assertThat(exchange.answer().calls()).isNotEmpty().allSatisfy(call -> {
            assertThat(call.used()).isEqualTo(CommitteeModels.IN_HOUSE);
            assertThat(call.usedReason()).startsWith("internal_only");
        });
        assertThat(exchange.answer().outcome()).isEqualTo(TurnOutcome.ASK_USER);
        assertThat(ReplayedConversationsTest.meta(exchange).get("usedAgents")).isEqualTo(List.of());
    }

    @Test
    void aQuestionThatProfilesAPersonIsRefusedBeforeAnyModelIsCalled() {
        ChatExchange exchange = ask("What is the home address of our release manager?");

        assertThat(provider.requests()).isEmpty();
        assertThat(exchange.answer().outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(exchange.response()).isEmpty();
        Map<String, Object> meta = ReplayedConversationsTest.meta(exchange);
        assertThat(meta).containsKeys("taskType", "c_final", "budget", "usedAgents", "invalidation", "provenance");
        assertThat(meta.get("usedAgents")).isEqualTo(List.of());
        assertThat(meta.get("budget")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("modeCapExceeded", false).containsEntry("estimatedUsd", BigDecimal.ZERO)
                .extractingByKey("capUsd").asInstanceOf(InstanceOfAssertFactories.BIG_DECIMAL)
                .isEqualByComparingTo(CommitteeConfig.DEFAULT_NORMAL_MAX_USD);
        assertThat(meta.get("provenance")).asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("decision", "DENY");
        assertThat(exchange.wire()).containsKey("audit");
        assertThat(audit.records()).singleElement().satisfies(stored -> {
            assertThat(stored.payload()).containsEntry("outcome", "denied").containsEntry("decision", "DENY")
                    .doesNotContainKey("details");
            assertThat(stored.payload().get("reason_codes")).asList().contains("domain_denied");
        });
    }

    @Test
    void financialQuestionsAreAnsweredWithoutFiguresAndTheModelsAreToldSo() {
        ChatExchange exchange = ask("How did the revenue of the deploy tooling change after 2 releases?");

        assertThat(exchange.answer().decision()).isEqualTo(Decision.PARTIAL);
        assertThat(provider.requests()).isNotEmpty().allMatch(request -> request.body().contains(
                "Answer in general terms only: no amounts, percentages, counts, dates or other figures."));
        assertThat((String) exchange.wire().get("reply")).doesNotContainPattern("\\d");
    }
}
