package dev.keel.pipeline.rules;

import static dev.keel.pipeline.rules.RuleFixtures.ask;
import static dev.keel.pipeline.rules.RuleFixtures.sensorReply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.test.core.ScriptedBackend;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** What no model reply can change: the calls a turn makes, and that a broken hard rule never reaches the caller. */
class RuleStepsProperties {

    private static final RuleSteps STEPS = RuleSteps.builder().book(RuleFixtures.book()).embedder(RuleFixtures.WORDS)
            .sensor(Sensor.model(RuleFixtures.MODEL)).tools(call -> Map.of("days_since_delivery", 3)).build();

    private static Pipeline pipeline(ScriptedBackend model) {
        return RuleFixtures.pipeline(STEPS, model, new InMemoryAuditSink());
    }

    @Property(tries = 60)
    void anAnswerThatKeepsTheRulesTakesExactlyTwoModelCalls(@ForAll("keptAnswers") String reply,
                                                            @ForAll("messages") String message) {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.SENSOR_PURPOSE, sensorReply("refund_request", Map.of(), "0.10", "refund"))
                .onPurpose(RuleSteps.GENERATION_PURPOSE, reply);

        GovernedAnswer answer = pipeline(model).call(ask("s-" + message.hashCode(), message));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.calls()).hasSize(2);
        assertThat(answer.provenance().extension("llm_calls")).isEqualTo(2);
    }

    @Property(tries = 60)
    void aCompetitorsNameNeverReachesTheCaller(@ForAll("competitorAnswers") String first,
                                               @ForAll("competitorAnswers") String second) {
        ScriptedBackend model = ScriptedBackend.named(RuleFixtures.MODEL)
                .onPurpose(RuleSteps.SENSOR_PURPOSE, sensorReply("refund_request", Map.of(), "0.10", "refund"))
                .onPurpose(RuleSteps.GENERATION_PURPOSE, first, second);

        GovernedAnswer answer = pipeline(model).call(ask("s-1", "I want my money back for my order"));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.REFUSED);
        assertThat(answer.text()).doesNotContainIgnoringCase("acme");
        assertThat(answer.calls()).hasSize(3);
    }

    @Provide
    Arbitrary<String> messages() {
        return Arbitraries.of("refund money back", "my order A-1234 refund", "buy shoes", "thanks", "");
    }

    @Provide
    Arbitrary<String> keptAnswers() {
        Arbitrary<String> amount = Arbitraries.integers().between(0, 50).map(n -> "a refund of $" + n);
        return Combinators.combine(Arbitraries.of("We issue ", "You get ", ""), amount, Arbitraries.of(".", " today.",
                ", thanks!")).as((head, body, tail) -> head + body + tail);
    }

    @Provide
    Arbitrary<String> competitorAnswers() {
        return Combinators.combine(Arbitraries.of("Try ", "ACME ", "Our friends at "), Arbitraries.of("Acme", "acme",
                "ACME"), Arbitraries.of(" instead.", " is cheaper.", "!")).as((a, b, c) -> a + b + c);
    }
}
