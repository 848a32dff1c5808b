package dev.keel.benchmarks.rules;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.rules.EnforcementRequest;
import dev.keel.rules.IntentIndex;
import dev.keel.rules.Navigation;
import dev.keel.rules.NavigationCandidate;
import dev.keel.rules.Navigator;
import dev.keel.rules.Position;
import dev.keel.rules.RankedRule;
import dev.keel.rules.Rule;
import dev.keel.rules.RuleBook;
import dev.keel.rules.RuleIndex;
import dev.keel.rules.RuleVerdict;
import dev.keel.rules.Transition;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The deterministic part of a rule-governed turn, on a book of 100, 1,000 and 10,000 rules: scope selection at the
 * conversation's position, retrieval over the conditions' embeddings computed at load, navigation over the moves
 * open there, and Lane 1 on a 300-character answer (the matched rules and the hard ones: CEL expressions with a
 * variable read from the answer, a forbidden pattern on RE2/J). Its peer in the same run is what a turn pays anyway
 * before any of it: one in-process all-MiniLM-L6-v2 embedding of the message, uncached.
 *
 * <p>The books are synthetic: 10 scenarios of 3 steps; a tenth of the rules global (two of them hard), the rest
 * spread over the scenarios and their steps, so that about a fifth of a book is in scope at any position. Conditions
 * and examples get random unit vectors of the model's dimension (the retrieval's work does not depend on what the
 * vectors mean). Not thread-safe: one state per benchmark.
 */
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RuleTurnBenchmark {

    static final String MESSAGE = "Yes, please refund the full amount of order A-1001 to my card.";
    static final String ANSWER = "Refunds above $50 need a manager's approval, so I have passed your request for the "
            + "full amount to a manager; a refund of $40 for the socks is on its way. You will hear from us within one "
            + "working day, and the money reaches your card within five working days. Thank you for your patience!";
    static final int SCENARIOS = 10;
    static final int STEPS = 3;
    static final int MATCHED = 8;

    /** A book of {@link #rules} rules, its indexes, and a message embedding to read it with. */
    @State(Scope.Benchmark)
    public static class Book {
        @Param({"100", "1000", "10000"})
        public int rules;

        RuleBook book;
        RuleIndex ruleIndex;
        IntentIndex intents;
        Navigator navigator;
        Embedding message;
        Position position;

        @Setup(Level.Trial)
        public void load() {
            Embedder vectors = randomUnitVectors(MiniLmEmbedders.ALL_MINILM_L6_V2_DIMENSION);
            book = RuleBook.fromJson(JsonCodec.strict().write(book(rules)));
            ruleIndex = RuleIndex.build(book.rules(), vectors);
            intents = IntentIndex.build(book, vectors);
            navigator = Navigator.create();
            message = vectors.embed(MESSAGE);
            position = Position.of("s3", "s3_step1");
        }
    }

    /** The in-process embedder, loaded once; no cache, so that every call embeds. */
    @State(Scope.Benchmark)
    public static class Model {
        Embedder embedder;

        @Setup(Level.Trial)
        public void load() {
            embedder = MiniLmEmbedders.allMiniLmL6V2(0);
            embedder.embed("warm up the model");
        }
    }

    /** What the deterministic part decided, so that nothing is optimised away. */
    public record TurnResult(Navigation navigation, List<RankedRule> matched, RuleVerdict verdict) {
    }

    @Benchmark
    public TurnResult deterministicTurn(Book state) {
        Map<String, Double> similarities = state.intents.similarities(state.message);
        List<NavigationCandidate> candidates = new ArrayList<>();
        for (Transition move : state.book.candidatesAt(state.position)) {
            candidates.add(move.candidate(BigDecimal.valueOf(Math.max(0, Math.min(1, similarities.get(move.id()))))
                    .setScale(2, RoundingMode.HALF_UP)));
        }
        Navigation navigation = state.navigator.navigate(state.position, candidates);
        Position to = navigation.after(state.position);
        List<Rule> inScope = state.book.rules().select(to);
        List<RankedRule> matched = state.ruleIndex.rank(inScope, state.message).stream().limit(MATCHED).toList();
        RuleVerdict verdict = state.book.rules().check(EnforcementRequest.builder()
                .selected(matched.stream().map(ranked -> ranked.rule().id()).toList())
                .variables(Map.of("days_since_delivery", 12, "order_total", 80)).response(ANSWER).build());
        return new TurnResult(navigation, matched, verdict);
    }

    @Benchmark
    public Embedding embedMessage(Model model) {
        return model.embedder.embed(MESSAGE);
    }

    /** A synthetic book of {@code size} rules (see the class comment). */
    static Map<String, Object> book(int size) {
        Random random = new Random(size);
        List<Object> rules = new ArrayList<>();
        rules.add(rule("g_no_competitor", Map.of("scope", "global"), 100, "forbid_pattern",
                "(?i)\\b(?:acme|shoezilla|runmart)\\b", true));
        rules.add(rule("g_refund_limit", Map.of("scope", "global"), 90, "enforcement_expression", "refund_amount <= 50",
                true));
        for (int i = 2; i < size; i++) {
            int kind = random.nextInt(10);
            int scenario = random.nextInt(SCENARIOS);
            Map<String, Object> scope = kind == 0 ? Map.of("scope", "global") : kind <= 6
                    ? Map.of("scope", "scenario", "scenario", "s" + scenario)
                    : Map.of("scope", "step", "scenario", "s" + scenario, "step", "s" + scenario + "_step"
                    + random.nextInt(STEPS));
            String id = "r" + i;
            rules.add(random.nextBoolean()
                    ? rule(id, scope, random.nextInt(100), "enforcement_expression", "days_since_delivery <= " + (20
                    + random.nextInt(20)) + " || order_total < " + random.nextInt(100), false)
                    : rule(id, scope, random.nextInt(100), "forbid_pattern", "(?i)\\bword" + i + "\\b", false));
        }
        List<Object> scenarios = new ArrayList<>();
        for (int s = 0; s < SCENARIOS; s++) {
            List<Object> steps = new ArrayList<>();
            for (int step = 0; step < STEPS; step++) {
                Map<String, Object> wire = new LinkedHashMap<>();
                wire.put("id", "s" + s + "_step" + step);
                if (step + 1 < STEPS) {
                    wire.put("transitions", List.of(Map.of("id", "s" + s + "_next" + step, "to", "s" + s + "_step"
                            + (step + 1), "examples", List.of("go on " + s + " " + step, "next " + s + " " + step))));
                }
                steps.add(wire);
            }
            scenarios.add(Map.of("id", "s" + s, "steps", steps,
                    "entry_points", List.of(Map.of("id", "s" + s + "_entry", "examples", List.of("start " + s,
                            "begin " + s, "open " + s)))));
        }
        return Map.of("rules", rules, "scenarios", scenarios);
    }

    private static Map<String, Object> rule(String id, Map<String, Object> scope, int priority, String check,
                                            String value, boolean hard) {
        Map<String, Object> rule = new LinkedHashMap<>(scope);
        rule.put("id", id);
        rule.put("priority", priority);
        rule.put("condition_text", "condition of " + id);
        rule.put("action_text", "action of " + id);
        rule.put("lane", "deterministic");
        rule.put(check, value);
        if (check.equals("enforcement_expression") && value.contains("refund_amount")) {
            rule.put("extract", Map.of("refund_amount", Map.of("pattern", "refund of \\$([0-9][0-9,]*)",
                    "type", "number")));
        }
        if (hard) {
            rule.put("hard", true);
        }
        return rule;
    }

    /** A random unit vector per text, the same for the same text: the retrieval's work without a model. */
    static Embedder randomUnitVectors(int dimension) {
        return texts -> texts.stream().map(text -> {
            Random random = new Random(text.hashCode());
            float[] vector = new float[dimension];
            double norm = 0;
            for (int i = 0; i < dimension; i++) {
                vector[i] = (float) random.nextGaussian();
                norm += vector[i] * vector[i];
            }
            for (int i = 0; i < dimension; i++) {
                vector[i] /= (float) Math.sqrt(norm);
            }
            return Embedding.of(vector);
        }).toList();
    }
}
