package dev.keel.examples.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.rules.LaneCheck;
import dev.keel.pipeline.rules.RuleSteps;
import dev.keel.pipeline.rules.ScenarioMove;
import dev.keel.reading.Amounts;
import dev.keel.rules.EffectiveScore;
import dev.keel.rules.NavigationAction;
import dev.keel.rules.Position;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shipped conversation, played offline as the demo plays it, asserted turn by turn. */
class SupportConversationTest {

    private static final InMemorySessionStore STORE = new InMemorySessionStore();
    private static final InMemoryAuditSink AUDIT = new InMemoryAuditSink();
    private static final ReplayedReplies MODEL = new ReplayedReplies();
    private static final List<GovernedAnswer> ANSWERS = new ArrayList<>();
    private static final List<Map<String, Integer>> LEFT = new ArrayList<>();

    @BeforeAll
    static void play() {
        SupportAgent agent = SupportAgent.builder().embedder(MiniLmEmbedders.allMiniLmL6V2()).model(MODEL)
                .sessionStore(STORE).auditSink(AUDIT).build();
        for (ShippedTurn turn : SupportData.conversation()) {
            MODEL.load(turn);
            ANSWERS.add(agent.ask(SupportData.CONVERSATION_SESSION, "customer-1", turn.message()));
            LEFT.add(MODEL.left());
        }
    }

    private static GovernedAnswer turn(int number) {
        return ANSWERS.get(number - 1);
    }

    private static ScenarioMove move(int number) {
        return turn(number).value(RuleSteps.MOVE).orElseThrow();
    }

    private static List<LaneCheck> checks(int number) {
        return turn(number).value(RuleSteps.CHECKS).orElseThrow().checks();
    }

    @Test
    void theConversationHasSevenTurnsEveryRecordedReplyIsUsedAndEveryTurnIsAudited() {
        assertThat(ANSWERS).hasSize(7);
        assertThat(LEFT).allSatisfy(left -> assertThat(left.values()).allMatch(count -> count == 0));
        assertThat(AUDIT.records()).hasSize(7);
        assertThat(ANSWERS).allSatisfy(answer -> assertThat(answer.provenance().extension(SupportAgent.EXTENSION))
                .isEqualTo(Map.of("sensor", "embedded", "model_replies", "replayed")));
    }

    @Test
    void turn1TheAmbiguityTrapAsksBeforeAnythingIsWritten() {
        assertThat(turn(1).outcome()).isEqualTo(TurnOutcome.CLARIFICATION);
        assertThat(turn(1).text()).isEqualTo(SupportAgent.CLARIFICATION);
        assertThat(turn(1).value(RuleSteps.READING).orElseThrow().ambiguityScore()).isGreaterThan(new BigDecimal("0.60"));
        assertThat(turn(1).calls()).isEmpty();
        assertThat(turn(1).value(RuleSteps.MOVE)).isEmpty();
    }

    @Test
    void turn2ARefundStartsWithTheOrderLookedUpAndTheNameKept() {
        assertThat(turn(2).outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(move(2).navigation().action()).isEqualTo(NavigationAction.ENTER);
        assertThat(move(2).to()).isEqualTo(Position.of("refund", "collect_order"));
        assertThat(turn(2).value(RuleSteps.READING).orElseThrow().entities())
                .containsEntry("order_id", "A-1001").containsEntry("first_name", "Sam");
        assertThat(turn(2).value(RuleSteps.MATCH).orElseThrow().ids()).contains("refund_window");
        assertThat(turn(2).value(RuleSteps.TOOLS).orElseThrow().results().get("lookup_order"))
                .containsEntry("amount", new BigDecimal("80.00"));
    }

    @Test
    void turn3APriceQuestionDuringTheRefundStaysInTheRefund() {
        assertThat(turn(3).value(RuleSteps.READING).orElseThrow().detectedIntent()).isEqualTo("purchase");
        assertThat(move(3).navigation().action()).isEqualTo(NavigationAction.STAY);
        assertThat(move(3).to()).isEqualTo(Position.of("refund", "collect_order"));
        EffectiveScore purchase = move(3).navigation().scores().stream()
                .filter(score -> score.id().equals("purchase")).findFirst().orElseThrow();
        assertThat(purchase.effective()).isLessThan(new BigDecimal("0.85"));
    }

    @Test
    void turn4TheMoneyRuleReadsEveryAmountPromisedAndTheAnswerIsWrittenAgain() {
        assertThat(move(4).navigation().action()).isEqualTo(NavigationAction.ADVANCE);
        assertThat(move(4).to()).isEqualTo(Position.of("refund", "confirm"));
        List<ShopChecks.Check> shop = turn(4).value(ShopChecks.FINDINGS).orElseThrow().checks();
        assertThat(shop).hasSize(2);
        assertThat(shop.get(0).broken()).containsExactly(ShopChecks.REFUND_LIMIT);
        assertThat(shop.get(0).above()).extracting(Amounts.Amount::text).containsExactly("$80.00", "75 dollars");
        assertThat(shop.get(1).passed()).isTrue();
        assertThat(checks(4)).hasSize(2);
        assertThat(turn(4).outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(turn(4).text()).contains("manager").doesNotContain("$80");
        assertThat(turn(4).provenance().reasonCodes().values()).contains("answer_rule_violation");
        assertThat(calls(4)).isEqualTo(2);
    }

    @Test
    void turn5TheHardRuleCatchesACompetitorThoughRetrievalMissedIt() {
        assertThat(turn(5).value(RuleSteps.MATCH).orElseThrow().ids()).doesNotContain("no_competitor");
        assertThat(checks(5).get(0).lane1().violations()).extracting(v -> v.ruleId()).containsExactly("no_competitor");
        assertThat(turn(5).text()).doesNotContainIgnoringCase("acme");
        assertThat(move(5).navigation().action()).isEqualTo(NavigationAction.STAY);
    }

    @Test
    void turn6TwoAnswersThatPromiseMoreThan50AreRefused() {
        List<ShopChecks.Check> shop = turn(6).value(ShopChecks.FINDINGS).orElseThrow().checks();
        assertThat(shop).extracting(ShopChecks.Check::broken).containsExactly(List.of(ShopChecks.REFUND_LIMIT),
                List.of(ShopChecks.REFUND_LIMIT));
        assertThat(shop.get(0).above()).extracting(Amounts.Amount::value).containsExactly(new BigDecimal("80"));
        assertThat(shop.get(1).above()).extracting(Amounts.Amount::currency).containsExactly("EUR");
        assertThat(turn(6).outcome()).isEqualTo(TurnOutcome.REFUSED);
        assertThat(turn(6).text()).isEqualTo(SupportAgent.REFUSAL);
        assertThat(turn(6).provenance().reasonCodes().values()).contains("answer_rule_violation", "answer_refused");
        assertThat(AUDIT.records().get(5).payload().toString()).contains("answer_refused");
    }

    @Test
    void turn7AStrongPurchaseIntentLeavesTheRefund() {
        assertThat(move(7).navigation().action()).isEqualTo(NavigationAction.SWITCH);
        assertThat(move(7).from().toString()).startsWith("refund/");
        assertThat(move(7).to()).isEqualTo(Position.of("sales", "browse"));
        assertThat(turn(7).value(RuleSteps.TOOLS).orElseThrow().results()).containsKey("find_product");
        @SuppressWarnings("unchecked")
        Map<String, Object> profile = (Map<String, Object>) STORE.read("profile:customer-1").get("profile");
        assertThat(profile).containsEntry("first_name", "Sam").containsEntry("shoe_size", new BigDecimal("43"));
    }

    @Test
    void theJudgeIsAskedOnlyOnTheSampledTurnNotOnEveryTurn() {
        for (int number = 2; number <= 7; number++) {
            boolean sampled = number == 2 || number == 7;
            assertThat(checks(number)).as("turn %d", number).allSatisfy(check -> {
                assertThat(check.sampled()).isEqualTo(sampled);
                assertThat(check.judged().isEmpty()).isEqualTo(!sampled);
            });
            assertThat(turn(number).provenance().extension("llm_calls")).isEqualTo(calls(number));
        }
        assertThat(calls(2)).isEqualTo(2);
        assertThat(calls(3)).isEqualTo(1);
    }

    private static int calls(int number) {
        List<BackendCall> calls = turn(number).calls();
        return calls.size();
    }
}
