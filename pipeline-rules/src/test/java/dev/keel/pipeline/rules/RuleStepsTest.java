package dev.keel.pipeline.rules;

import static dev.keel.pipeline.rules.RuleFixtures.ask;
import static dev.keel.pipeline.rules.RuleFixtures.sensorReply;
import static dev.keel.test.core.CoreAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.rules.NavigationAction;
import dev.keel.rules.Position;
import dev.keel.test.core.RequestMatcher;
import dev.keel.test.core.ScriptedBackend;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A rule-governed turn on the governed call, step by step, with a scripted model and a real session store. */
class RuleStepsTest {

    private static final String REFUND_MESSAGE = "I want my money back for order A-1234, a refund please";

    private final InMemorySessionStore store = new InMemorySessionStore();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final List<ToolCall> toolCalls = new CopyOnWriteArrayList<>();
    private final ToolExecutor lookupOrder = call -> {
        toolCalls.add(call);
        return Map.of("order_found", call.arguments().containsKey("order_id"), "days_since_delivery", 12);
    };

    private RuleSteps.Builder steps() {
        return RuleSteps.builder().book(RuleFixtures.book()).embedder(RuleFixtures.WORDS).sessionStore(store)
                .sensor(Sensor.model(RuleFixtures.MODEL)).tools(lookupOrder);
    }

    private Pipeline pipeline(RuleSteps.Builder steps, ScriptedBackend model) {
        return RuleFixtures.pipeline(steps.build(), model, audit);
    }

    private static ScriptedBackend model(String sensor, String... answers) {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL).onPurpose(RuleSteps.SENSOR_PURPOSE, sensor);
        return answers.length == 0 ? model : model.onPurpose(RuleSteps.GENERATION_PURPOSE, answers);
    }

    private static String purchaseSensor() {
        return sensorReply("purchase", Map.of(), "0.05", "wants to buy");
    }

    private static String refundSensor() {
        return sensorReply("refund_request", Map.of("order_id", "A-1234"), "0.10", "asks for a refund");
    }

    private static List<String> purposes(ScriptedBackend model) {
        return model.requests().stream().map(request -> request.purpose().orElse("")).toList();
    }

    private static String system(ChatRequest request) {
        return request.messages().stream().filter(m -> m.role() == ChatRole.SYSTEM).map(ChatMessage::text)
                .collect(Collectors.joining("\n"));
    }

    @Test
    void anOrdinaryTurnMakesExactlyTwoModelCallsSensorAndGeneration() {
        ScriptedBackend model = model(refundSensor(), "We will issue a refund of $40 today.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).isEqualTo("We will issue a refund of $40 today.");
        assertThat(purposes(model)).containsExactly(RuleSteps.SENSOR_PURPOSE, RuleSteps.GENERATION_PURPOSE);
        assertThat(answer.calls()).hasSize(2);
        assertThat(answer.provenance()).hasExtension("llm_calls", 2);
        assertThat(audit.find(answer.requestId())).isPresent();
    }

    @Test
    void theGenerationPromptHoldsOnlyTheMatchedRulesActionsTheToolResultsAndTheProfileFields() {
        ScriptedBackend model = model(sensorReply("refund_request", Map.of("order_id", "A-1234", "first_name", "Ann"),
                "0.10", "asks for a refund"), "Your refund is on its way, Ann.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE + ", my name is Ann"));

        RuleMatch match = answer.value(RuleSteps.MATCH).orElseThrow();
        assertThat(match.ids()).containsExactlyInAnyOrder("refund_limit", "within_window");
        ChatRequest generation = model.requests(RequestMatcher.purpose(RuleSteps.GENERATION_PURPOSE)).get(0);
        String prompt = system(generation);
        assertThat(prompt).contains("Refunds above 50 need a manager's approval.",
                "Refund only orders delivered within 30 days.", "lookup_order", "\"days_since_delivery\":12",
                "{\"first_name\":\"Ann\"}");
        // The tool results and the profile are data: JSON parts of their own, never spliced into the instructions.
        assertThat(generation.messages().stream().filter(m -> m.role() == ChatRole.SYSTEM)
                .flatMap(m -> m.parts().stream()).filter(Part.Json.class::isInstance).map(Part::rendered))
                .containsExactly("{\"lookup_order\":{\"days_since_delivery\":12,\"order_found\":true}}",
                        "{\"first_name\":\"Ann\"}");
        assertThat(generation.messages().get(generation.messages().size() - 1).parts())
                .as("the user's message as the request gave it").singleElement().isInstanceOf(Part.Text.class);
        assertThat(prompt).doesNotContain("Never name another shop.", "Be polite.", "Mention the spring offer.",
                "acme", "condition");
        assertThat(toolCalls).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo("lookup_order");
            assertThat(call.arguments()).containsEntry("order_id", "A-1234");
            assertThat(call.sessionId()).isEqualTo("s-1");
        });
    }

    @Test
    void anAmbiguousMessageEndsTheTurnWithTheClarificationBeforeAnyAnswerIsWritten() {
        ScriptedBackend model = model(sensorReply(null, Map.of(), "0.80", "could be a refund or a purchase"));

        GovernedAnswer answer = pipeline(steps().ambiguityTrap(new BigDecimal("0.60"), "Refund or purchase?"), model)
                .call(ask("s-1", "about my shoes"));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.CLARIFICATION);
        assertThat(answer.text()).isEqualTo("Refund or purchase?");
        assertThat(purposes(model)).containsExactly(RuleSteps.SENSOR_PURPOSE);
        assertThat(answer.provenance()).hasExtension("llm_calls", 1);
        assertThat(audit.find(answer.requestId())).isPresent();
        assertThat(toolCalls).isEmpty();
    }

    @Test
    void aSensorReplyThatBreaksItsContractIsAskedForOnceMore() {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.SENSOR_PURPOSE, "{\"detected_intent\": \"refund_request\"}",
                        sensorReply("refund_request", Map.of(), "0.10", "asks for a refund", "added the fields"))
                .onPurpose(RuleSteps.GENERATION_PURPOSE, "Your refund is on its way.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(purposes(model)).containsExactly(RuleSteps.SENSOR_PURPOSE, RuleSteps.SENSOR_PURPOSE,
                RuleSteps.GENERATION_PURPOSE);
        assertThat(answer.value(RuleSteps.READING).orElseThrow().detectedIntent()).isEqualTo("refund_request");
    }

    @Test
    void aSensorThatKeepsBreakingItsContractReadsAsFullyAmbiguous() {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.SENSOR_PURPOSE, "not json", "still not json");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.CLARIFICATION);
        assertThat(purposes(model)).containsExactly(RuleSteps.SENSOR_PURPOSE, RuleSteps.SENSOR_PURPOSE);
        SensorReading reading = answer.value(RuleSteps.READING).orElseThrow();
        assertThat(reading.ambiguityScore()).isEqualByComparingTo("1");
        assertThat(reading.ambiguityReason()).contains("broke its contract 2 times");
    }

    @Test
    void entitiesHydrateTheSessionAndTheCustomersProfileThroughTheStoreOnce() {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.SENSOR_PURPOSE,
                        sensorReply("refund_request", Map.of("order_id", "A-1234", "first_name", "Ann"), "0.10", "x"),
                        sensorReply("refund_request", Map.of(), "0.10", "x"))
                .onPurpose(RuleSteps.GENERATION_PURPOSE, "Noted.", "Still on it.");
        Pipeline pipeline = pipeline(steps(), model);

        pipeline.call(ask("s-1", REFUND_MESSAGE + ", my name is Ann"));
        pipeline.call(ask("s-1", "any news on the refund"));

        Map<String, Object> session = Conversation(store.read("s-1"));
        assertThat(session).containsEntry("turn", 2L).containsEntry("scenario", "refund");
        assertThat(map(session.get("variables"))).containsExactly(Map.entry("order_id", "A-1234"));
        assertThat(map(store.read("profile:c-7").get("profile"))).containsExactly(Map.entry("first_name", "Ann"));
        // The second message names no order: the tool still gets it, from the session.
        assertThat(toolCalls).hasSize(2).allSatisfy(call -> assertThat(call.arguments())
                .containsEntry("order_id", "A-1234").containsEntry("first_name", "Ann"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> Conversation(Map<String, Object> state) {
        return (Map<String, Object>) state.get("rules");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @Test
    void aWeakPurchaseIntentDuringARefundStaysInTheRefundAndAStrongOneLeavesIt() {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.SENSOR_PURPOSE, refundSensor(),
                        sensorReply("purchase", Map.of(), "0.30", "mentions prices"),
                        sensorReply("purchase", Map.of(), "0.05", "wants to buy"))
                .onPurpose(RuleSteps.GENERATION_PURPOSE, "Refund noted.", "Prices are on the site.", "Here they are.");
        Pipeline pipeline = pipeline(steps(), model);

        ScenarioMove entered = pipeline.call(ask("s-1", REFUND_MESSAGE)).value(RuleSteps.MOVE).orElseThrow();
        ScenarioMove stayed = pipeline.call(ask("s-1", "what do these shoes cost")).value(RuleSteps.MOVE)
                .orElseThrow();
        ScenarioMove left = pipeline.call(ask("s-1", "I want to buy shoes now")).value(RuleSteps.MOVE).orElseThrow();

        assertThat(entered.navigation().action()).isEqualTo(NavigationAction.ENTER);
        assertThat(entered.to()).isEqualTo(Position.of("refund", "collect_order"));
        assertThat(stayed.navigation().action()).isEqualTo(NavigationAction.STAY);
        assertThat(stayed.to()).isEqualTo(Position.of("refund", "collect_order"));
        assertThat(left.navigation().action()).isEqualTo(NavigationAction.SWITCH);
        assertThat(left.to().scenario()).isEqualTo("sales");
    }

    @Test
    void aDeterministicViolationIsWrittenAgainOnceWithTheBrokenRuleStated() {
        ScriptedBackend model = model(refundSensor(), "I have approved a refund of $80.",
                "A manager will approve your refund today.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).isEqualTo("A manager will approve your refund today.");
        List<ChatRequest> generations = model.requests(RequestMatcher.purpose(RuleSteps.GENERATION_PURPOSE));
        assertThat(generations).hasSize(2);
        assertThat(generations.get(1).messages().get(generations.get(1).messages().size() - 1).text())
                .contains("broke these rules", "Refunds above 50 need a manager's approval.");
        List<LaneCheck> checks = answer.value(RuleSteps.CHECKS).orElseThrow().checks();
        assertThat(checks).extracting(LaneCheck::passed).containsExactly(false, true);
        assertThat(checks.get(0).lane1().violations()).extracting(v -> v.ruleId()).containsExactly("refund_limit");
        assertThat(answer.provenance()).hasExtension("llm_calls", 3).hasReasonCodes("answer_rule_violation");
    }

    @Test
    void aSecondViolationReturnsTheRefusalTemplate() {
        ScriptedBackend model = model(refundSensor(), "A refund of $80 is yours.", "Fine: a refund of $75.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.REFUSED);
        assertThat(answer.text()).isEqualTo("I cannot answer that within our rules.");
        assertThat(answer.provenance()).hasReasonCodes("answer_refused");
        assertThat(audit.find(answer.requestId()).orElseThrow().payload()).containsEntry("outcome", "refused");
    }

    @Test
    void aHardRuleIsCheckedThoughRetrievalMissedIt() {
        ScriptedBackend model = model(refundSensor(), "Acme would refund you faster.", "Your refund is on its way.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.value(RuleSteps.MATCH).orElseThrow().ids()).doesNotContain("no_competitor");
        LaneCheck first = answer.value(RuleSteps.CHECKS).orElseThrow().checks().get(0);
        assertThat(first.lane1().violations()).extracting(v -> v.ruleId()).containsExactly("no_competitor");
        assertThat(answer.text()).isEqualTo("Your refund is on its way.");
    }

    @Test
    void aSampledTurnAsksTheJudgeOnceAndItsViolationIsWrittenAgain() {
        ScriptedBackend model = model(purchaseSensor(), "Shoes are over there.", "Our spring offer has shoes.")
                .onPurpose(RuleSteps.JUDGE_PURPOSE,
                        "{\"verdict\": \"violation\", \"violated\": [\"sales_offer\"], \"reason\": \"no offer\"}",
                        "{\"verdict\": \"pass\", \"violated\": [], \"reason\": \"mentions it\"}");

        GovernedAnswer answer = pipeline(steps().judgeSampleRate(BigDecimal.ONE), model)
                .call(ask("s-1", "I want to buy shoes"));

        assertThat(purposes(model)).containsExactly(RuleSteps.SENSOR_PURPOSE, RuleSteps.GENERATION_PURPOSE,
                RuleSteps.JUDGE_PURPOSE, RuleSteps.GENERATION_PURPOSE, RuleSteps.JUDGE_PURPOSE);
        assertThat(answer.text()).isEqualTo("Our spring offer has shoes.");
        List<LaneCheck> checks = answer.value(RuleSteps.CHECKS).orElseThrow().checks();
        assertThat(checks.get(0).judged()).containsExactly("sales_offer");
        assertThat(checks.get(0).judgeFound()).containsExactly("sales_offer");
        assertThat(model.requests(RequestMatcher.purpose(RuleSteps.GENERATION_PURPOSE)).get(1).messages())
                .last().satisfies(message -> assertThat(message.text()).contains("Mention the spring offer."));
        assertThat(checks.get(0).sampled()).isTrue();
    }

    @Test
    void aJudgeReplyThatCannotBeTrustedCountsEveryRuleAskedAboutAsBroken() {
        ScriptedBackend model = model(purchaseSensor(), "Shoes.", "Our spring offer has shoes.")
                .onPurpose(RuleSteps.JUDGE_PURPOSE, "{\"verdict\": \"pass\", \"violated\": [\"sales_offer\"]}",
                        "{\"verdict\": \"pass\", \"violated\": [], \"reason\": \"fine\"}");

        GovernedAnswer answer = pipeline(steps().judgeSampleRate(BigDecimal.ONE), model)
                .call(ask("s-1", "I want to buy shoes"));

        LaneCheck first = answer.value(RuleSteps.CHECKS).orElseThrow().checks().get(0);
        assertThat(first.judgeFound()).containsExactly("sales_offer");
        assertThat(first.judgeNote()).contains("not trusted");
        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
    }

    @Test
    void withoutSamplingNoJudgeIsAskedOnAnOrdinaryTurn() {
        ScriptedBackend model = model(purchaseSensor(), "Shoes.");

        GovernedAnswer answer = pipeline(steps().judgeSampleRate(BigDecimal.ZERO), model)
                .call(ask("s-1", "I want to buy shoes"));

        assertThat(model.requests(RequestMatcher.purpose(RuleSteps.JUDGE_PURPOSE))).isEmpty();
        assertThat(answer.value(RuleSteps.CHECKS).orElseThrow().checks().get(0).judged()).isEmpty();
    }

    @Test
    void theFinalTextStillPassesTheOutboundFilter() {
        ScriptedBackend model = model(refundSensor(), "We refunded the card 4111111111111111.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).doesNotContain("4111111111111111");
        assertThat(answer.withheldCounts()).isNotEmpty();
    }

    @Test
    void theEmbeddedSensorReadsTheMessageWithoutAModel() {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.GENERATION_PURPOSE, "Your refund is on its way.");

        GovernedAnswer answer = pipeline(steps().sensor(Sensor.embedded()), model)
                .call(ask("s-1", "refund money back for my order A-1234"));

        SensorReading reading = answer.value(RuleSteps.READING).orElseThrow();
        assertThat(reading.detectedIntent()).isEqualTo("refund_request");
        assertThat(reading.entities()).containsEntry("order_id", "A-1234");
        assertThat(purposes(model)).containsExactly(RuleSteps.GENERATION_PURPOSE);
        assertThat(answer.value(RuleSteps.MOVE).orElseThrow().to().scenario()).isEqualTo("refund");
    }

    @Test
    void theProvenanceSumsUpTheTurnsRulesInIdsAndNumbers() {
        ScriptedBackend model = model(refundSensor(), "A refund of $40.");

        GovernedAnswer answer = pipeline(steps(), model).call(ask("s-1", REFUND_MESSAGE));

        @SuppressWarnings("unchecked")
        Map<String, Object> rules = (Map<String, Object>) answer.provenance().extension(RuleSteps.EXTENSION);
        assertThat(rules).containsEntry("detected_intent", "refund_request").containsEntry("navigation", "enter")
                .containsEntry("tools", List.of("lookup_order"));
        assertThat(rules.get("matched")).asList().contains("refund_limit");
        assertThat(answer.provenance().toWire().toString()).doesNotContain("A-1234");
    }
}
