package dev.keel.pipeline.rules;

import static dev.keel.pipeline.rules.RuleFixtures.ask;
import static dev.keel.pipeline.rules.RuleFixtures.sensorReply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.test.core.ScriptedBackend;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What no model reply can change: the calls a turn makes, and that a broken hard rule never reaches the caller. */
class RuleStepsProperties {

    private static final RuleSteps STEPS = RuleSteps.builder().book(RuleFixtures.book()).embedder(RuleFixtures.WORDS)
            .sensor(Sensor.model(RuleFixtures.MODEL)).tools(call -> Map.of("days_since_delivery", 3)).build();

    private static Pipeline pipeline(ScriptedBackend model) {
        return RuleFixtures.pipeline(STEPS, model, new InMemoryAuditSink());
    }

    private static final Gen<String> MESSAGES = Gen.of("refund money back", "my order A-1234 refund", "buy shoes",
            "thanks", "");

    private static final Gen<String> KEPT_ANSWERS = keptAnswers();

    private static final Gen<String> COMPETITOR_ANSWERS = competitorAnswers();

    @Test
    void anAnswerThatKeepsTheRulesTakesExactlyTwoModelCalls() {
        Property.forAll(KEPT_ANSWERS, MESSAGES).tries(60).check((reply, message) -> {
            ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                    .onPurpose(RuleSteps.SENSOR_PURPOSE, sensorReply("refund_request", Map.of(), "0.10", "refund"))
                    .onPurpose(RuleSteps.GENERATION_PURPOSE, reply);

            GovernedAnswer answer = pipeline(model).call(ask("s-" + message.hashCode(), message));

            assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
            assertThat(answer.calls()).hasSize(2);
            assertThat(answer.provenance().extension("llm_calls")).isEqualTo(2);
        });
    }

    @Test
    void aCompetitorsNameNeverReachesTheCaller() {
        Property.forAll(COMPETITOR_ANSWERS, COMPETITOR_ANSWERS).tries(60).check((first, second) -> {
            ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                    .onPurpose(RuleSteps.SENSOR_PURPOSE, sensorReply("refund_request", Map.of(), "0.10", "refund"))
                    .onPurpose(RuleSteps.GENERATION_PURPOSE, first, second);

            GovernedAnswer answer = pipeline(model).call(ask("s-1", "I want my money back for my order"));

            assertThat(answer.outcome()).isEqualTo(TurnOutcome.REFUSED);
            assertThat(answer.text()).doesNotContainIgnoringCase("acme");
            assertThat(answer.calls()).hasSize(3);
        });
    }

    private static Gen<String> keptAnswers() {
        Gen<String> heads = Gen.of("We issue ", "You get ", "");
        Gen<String> amounts = Gen.integers(0, 50).map(n -> "a refund of $" + n);
        Gen<String> tails = Gen.of(".", " today.", ", thanks!");
        return c -> heads.generate(c) + amounts.generate(c) + tails.generate(c);
    }

    private static Gen<String> competitorAnswers() {
        Gen<String> heads = Gen.of("Try ", "ACME ", "Our friends at ");
        Gen<String> names = Gen.of("Acme", "acme", "ACME");
        Gen<String> tails = Gen.of(" instead.", " is cheaper.", "!");
        return c -> heads.generate(c) + names.generate(c) + tails.generate(c);
    }
}
