package dev.keel.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.core.ScriptedBackend;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The committee's guarantees over generated runs: the cap is never passed whatever the prices and token counts, a
 * DISCARD unit is never cited whatever the synthesis cites, and the reply is exactly one A/B/C question below the
 * threshold and none at or above it.
 */
class CommitteeProperties {

    private static final List<String> UNITS = List.of("solver:u1", "solver:u2", "critic:u1", "critic:u2",
            "verifier:u1", "verifier:u2");

    /** A backend reporting usage at or below what the committee estimated: the reply's tokens, never more. */
    private static LlmBackend reporting(String id, java.util.function.Function<ChatRequest, String> text,
                                        double inputShare, double outputShare) {
        return request -> {
            long input = (long) Math.floor(Pricing.estimatedInputTokens(request) * inputShare);
            long output = (long) Math.floor(request.maxOutputTokens().orElse(0) * outputShare);
            return ChatReply.builder().text(text.apply(request)).usage(new TokenUsage(input, output)).backendId(id).build();
        };
    }

    /** A run's prices in cents per million tokens, its cap in cents, and the usage reported as a share. */
    private record PricedRun(int centsPerMillionIn, int centsPerMillionOut, int capCents, int inputPercent,
                             int outputPercent, boolean deep) {
    }

    private static Gen<PricedRun> pricedRuns() {
        Gen<Integer> pricesIn = Gen.integers(0, 2000);
        Gen<Integer> pricesOut = Gen.integers(0, 8000);
        Gen<Integer> caps = Gen.integers(0, 60);
        Gen<Integer> percents = Gen.integers(1, 100);
        Gen<Boolean> deep = Gen.booleans();
        return choices -> new PricedRun(pricesIn.generate(choices), pricesOut.generate(choices), caps.generate(choices),
                percents.generate(choices), percents.generate(choices), deep.generate(choices));
    }

    @Test
    void theCapIsNeverPassed() {
        Property.forAll(pricedRuns()).tries(200).check(run -> {
            BigDecimal in = BigDecimal.valueOf(run.centsPerMillionIn()).movePointLeft(8);
            BigDecimal out = BigDecimal.valueOf(run.centsPerMillionOut()).movePointLeft(8);
            BigDecimal cap = BigDecimal.valueOf(run.capCents()).movePointLeft(2);
            CommitteeConfig config = CommitteeConfig.of(Set.of("master", "solver", "critic", "verifier"), cap, cap,
                    Scripts.config().scoring());
            double inShare = run.inputPercent() / 100.0;
            double outShare = run.outputPercent() / 100.0;
            String synthesis = Scripts.synthesis("Add it [solver:u1].", List.of(Scripts.cite("solver:u1")), false, "0",
                    "0");
            Committee.Builder builder = Committee.builder(config, Scripts.CLOCK).pricing(Prices.perToken(in, out))
                    .backend("master", reporting("master", request -> switch (request.purpose().orElse("")) {
                        case "master_plan" -> Scripts.plan(Scripts.AGENTS, 3);
                        case "score" -> Scripts.scores(scoresOf(request));
                        default -> synthesis;
                    }, inShare, outShare));
            for (String agent : Scripts.AGENTS) {
                builder.backend(agent, reporting(agent, request -> Scripts.agent(agent), inShare, outShare));
            }
            CommitteeResponse response = builder.build()
                    .answer(CommitteeRequest.of(run.deep() ? Mode.DEEP : Mode.ASK, "How do I add an index?"), "p");

            assertThat(response.budget().estimatedUsd()).isLessThanOrEqualTo(cap);
            assertThat(response.budget().capUsd()).isEqualByComparingTo(cap);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> calls = (List<Map<String, Object>>) ((Map<String, Object>) response.audit()
                    .get("budget")).get("calls");
            BigDecimal spent = BigDecimal.ZERO;
            for (Map<String, Object> call : calls) {
                if (Boolean.TRUE.equals(call.get("made"))) {
                    assertThat(spent.add((BigDecimal) call.get("estimatedUsd")))
                            .as("spent before a call plus its estimate").isLessThanOrEqualTo(cap);
                    spent = spent.add((BigDecimal) call.get("costUsd"));
                }
            }
            assertThat(spent).isEqualByComparingTo(response.budget().estimatedUsd());
            boolean skipped = calls.stream().anyMatch(call -> Boolean.FALSE.equals(call.get("made")));
            if (skipped) {
                assertThat(response.budget().modeCapExceeded()).isTrue();
            }
            assertThat(ReplyInvariants.check(response)).isEmpty();
        });
    }

    /** High scores for every agent the scoring request lists. */
    private static Map<String, Integer> scoresOf(ChatRequest request) {
        Map<String, Integer> scores = new LinkedHashMap<>();
        String input = request.messages().get(1).text();
        for (String agent : Scripts.AGENTS) {
            if (input.contains("\"agent\":\"" + agent + "\"")) {
                scores.put(agent, 22);
            }
        }
        return scores;
    }

    /**
     * An audited run: the agents' scores, the units the first and the second synthesis cite, the penalty both claim
     * and whether they justify a lone source.
     */
    private record AuditedRun(int solver, int critic, int verifier, List<String> first, List<String> second,
                              int penaltyPercent, boolean justify) {
    }

    private static Gen<AuditedRun> auditedRuns() {
        Gen<Integer> scores = Gen.integers(0, 25);
        Gen<List<String>> citations = Gen.of(UNITS).list().ofMinSize(1).ofMaxSize(4).uniqueElements();
        Gen<Integer> penalties = Gen.integers(0, 30);
        Gen<Boolean> justify = Gen.booleans();
        return choices -> new AuditedRun(scores.generate(choices), scores.generate(choices), scores.generate(choices),
                citations.generate(choices), citations.generate(choices), penalties.generate(choices),
                justify.generate(choices));
    }

    @Test
    void aDiscardedUnitIsNeverCitedAndTheQuestionRuleHolds() {
        Property.forAll(auditedRuns()).tries(300).check(run -> {
            Map<String, Integer> scores = new LinkedHashMap<>();
            scores.put("solver", run.solver());
            scores.put("critic", run.critic());
            scores.put("verifier", run.verifier());
            ScriptedBackend master = Scripts.master(Scripts.plan(Scripts.AGENTS, 1), Scripts.scores(scores),
                    synthesisCiting(run.first(), run.justify(), run.penaltyPercent()),
                    synthesisCiting(run.second(), run.justify(), run.penaltyPercent()));
            CommitteeResponse response = Scripts.committee(master)
                    .answer(CommitteeRequest.of(Mode.AUDIT, "Which index should the orders table get?"), "p");

            List<String> discarded = response.score().invalidation().discarded();
            for (String unit : UNITS) {
                if (discarded.contains(unit.substring(0, unit.indexOf(':')))) {
                    assertThat(response.reply()).doesNotContain(unit);
                    assertThat(response.synthesis().map(s -> s.citations().stream().map(Citation::unit).toList())
                            .orElse(List.of())).doesNotContain(unit);
                }
            }
            boolean question = response.reply().startsWith("**Question:** ");
            assertThat(question).isEqualTo(response.cFinal().compareTo(new BigDecimal("0.70")) < 0);
            if (question) {
                assertThat(response.reply().lines().filter(line -> line.matches("[ABC]\\) .+")).count()).isEqualTo(3);
                assertThat(response.reply().lines().filter(line -> line.contains("?")).count()).isEqualTo(1);
            } else {
                assertThat(response.reply()).doesNotContain("**Question:**");
            }
            assertThat(ReplyInvariants.check(response)).isEmpty();
        });
    }

    private static String synthesisCiting(List<String> units, boolean justify, int penaltyPercent) {
        List<Map<String, Object>> citations = new ArrayList<>();
        StringBuilder reply = new StringBuilder("The committee's answer:");
        for (String unit : units) {
            citations.add(justify ? Scripts.cite(unit, "the only source on this point") : Scripts.cite(unit));
            reply.append(" [").append(unit).append(']');
        }
        return Scripts.synthesis(reply.toString(), citations, false,
                BigDecimal.valueOf(penaltyPercent).movePointLeft(2).toPlainString(), "0");
    }
}
