package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.ReasonCodes;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What holds for every request: the weighted strategy's spread, determinism, the safeguard over any strategy. */
class RoutingProperties {

    private static final String KEY_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_|"
            + " \t\u00A0\u3000éßøΩЖ中文한글\uD83D\uDEA2";
    private static final int[] KEY_CODE_POINTS = KEY_CHARS.codePoints().toArray();

    /** Roles, clearances, prompts and digests as they come: any text, names among them. */
    private static final Gen<String> WORDS = Gen.oneOf(Gen.of("planner", "auditor", "guest", "secret", "top_secret"),
            Gen.strings().ofMaxLength(12));
    private static final Gen<String> TEXT = Gen.strings().ofMaxLength(80);

    /** A random string of 0 to {@code maxLength} code points from {@link #KEY_CHARS}, uniformly. */
    private static String randomText(SplittableRandom random, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.appendCodePoint(KEY_CODE_POINTS[random.nextInt(KEY_CODE_POINTS.length)]);
        }
        return text.toString();
    }

    /**
     * For generated weights, 20,000 generated keys fall into the pools in proportion to the weights: each share
     * within five standard deviations of weight / total.
     */
    @Test
    void overGeneratedKeysEachPoolGetsItsWeightsShare() {
        Gen<List<Integer>> weights = Gen.integers(1, 20).list().ofMinSize(1).ofMaxSize(6);
        Property.forAll(weights, Gen.longs(Long.MIN_VALUE, Long.MAX_VALUE)).tries(20).check((poolWeights, seed) -> {
            RoutingTable.Builder table = RoutingTable.builder().internalBackendTarget("internal");
            for (int p = 0; p < poolWeights.size(); p++) {
                table.pool(poolWeights.get(p), new PoolEntry("llm" + p, "mode", "pool" + p));
            }
            RoutingIndex index = RoutingIndex.create(table.build());
            SplittableRandom random = new SplittableRandom(seed);
            int keys = 20_000;
            int[] counts = new int[poolWeights.size()];
            for (int k = 0; k < keys; k++) {
                RoutingDecision decision = index.route(RoutingRequest.builder().role(randomText(random, 12))
                        .clearance(randomText(random, 12)).prompt("").promptDigest(randomText(random, 60)).build());
                counts[(Integer) decision.detail().get("pool")]++;
            }
            double total = poolWeights.stream().mapToInt(Integer::intValue).sum();
            for (int p = 0; p < counts.length; p++) {
                double expected = poolWeights.get(p) / total;
                double tolerance = 5 * Math.sqrt(expected * (1 - expected) / keys) + 1e-9;
                assertThat(counts[p] / (double) keys).as("pool %d of weights %s, seed %d", p, poolWeights, seed)
                        .isCloseTo(expected, org.assertj.core.data.Offset.offset(tolerance));
            }
        });
    }

    /**
     * The default digest over prompts made of words: every pool of ten equal ones gets its tenth, within five
     * standard deviations.
     */
    @Test
    void theDefaultDigestSpreadsOrdinaryPrompts() {
        RoutingTable.Builder table = RoutingTable.builder().internalBackendTarget("internal");
        for (int p = 0; p < 10; p++) {
            table.pool(1, new PoolEntry("llm" + p, "mode", "pool" + p));
        }
        RoutingIndex index = RoutingIndex.create(table.build());
        Property.forAll(Gen.longs(Long.MIN_VALUE, Long.MAX_VALUE)).tries(10).check(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            int[] perPool = new int[10];
            int prompts = 5_000;
            for (int p = 0; p < prompts; p++) {
                StringBuilder prompt = new StringBuilder();
                for (int w = 1 + random.nextInt(25); w > 0; w--) {
                    // The first word makes a digest; a prompt without one would route with an empty digest, and
                    // such prompts all share one pool.
                    int first = prompt.length() == 0 ? 4 : 1;
                    for (int c = first + random.nextInt(11 - first); c > 0; c--) {
                        prompt.append((char) ('a' + random.nextInt(26)));
                    }
                    prompt.append(' ');
                }
                perPool[(Integer) index.route(RoutingRequest.builder().role("planner").clearance("secret")
                        .prompt(prompt.toString()).build()).detail().get("pool")]++;
            }
            for (int count : perPool) {
                assertThat(count / (double) prompts).as("seed %d", seed).isBetween(0.0788, 0.1212);
            }
        });
    }

    @Test
    void theSameRequestAlwaysRoutesTheSameWay() {
        Property.forAll(WORDS, WORDS, TEXT, Gen.booleans()).tries(500).check((role, clearance, prompt, internal) -> {
            RoutingRequest request = RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt)
                    .internalOnly(internal).build();

            RoutingDecision first = RoutingIndex.create(Tables.weightedWithAuditorOverride()).route(request);
            RoutingDecision again = RoutingIndex.create(RoutingTable.parse(Tables.WEIGHTED_JSON)).route(
                    RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).internalOnly(internal)
                            .promptDigest(PromptSignals.digest(prompt)).build());

            assertThat(again).isEqualTo(first);
            assertThat(first.routingKey()).isEqualTo(role + "|" + clearance + "|" + PromptSignals.digest(prompt));
        });
    }

    /**
     * Whatever a strategy picks (here: any entry, drawn from the request's own hash, with any facts), an
     * internal-only request's backend is the table's internal one, and an override's entry replaces the pick.
     */
    @Test
    void noStrategyRoutesAnInternalOnlyRequestOutside() {
        List<PoolEntry> external = new ArrayList<>();
        for (int p = 0; p < 5; p++) {
            external.add(new PoolEntry("llm" + p, "mode", "external" + p));
        }
        RoutingStrategy anyPick = request -> RoutingStrategy.Selection.of(
                external.get(Math.floorMod((request.role() + request.prompt()).hashCode(), external.size())),
                request.prompt(), Map.of("clearance", request.clearance()));
        RoutingTable table = RoutingTable.builder().strategy(anyPick).internalBackendTarget("internal")
                .override(new RoutingOverride("auditors", "auditor", external.get(0))).build();
        Property.forAll(WORDS, WORDS, TEXT).tries(500).check((role, clearance, prompt) -> {
            RoutingDecision decision = RoutingIndex.create(table).route(RoutingRequest.builder().role(role)
                    .clearance(clearance).prompt(prompt).internalOnly(true).build());

            assertThat(decision.backendTarget()).isEqualTo("internal");
            assertThat(decision.internalOnly()).isTrue();
            assertThat(decision.reasonCodes().values()).endsWith("internal_only");
            boolean auditor = role.strip().equalsIgnoreCase("auditor");
            assertThat(decision.routerSelectedLlm()).isEqualTo(auditor ? "llm0"
                    : decision.selection().entry().routerSelectedLlm());
            assertThat(decision.override().isPresent()).isEqualTo(auditor);
        });
    }

    @Test
    void theWeightedStrategyNeverThrowsOnAnyText() {
        Property.forAll(Gen.strings().ofMaxLength(40), Gen.strings().ofMaxLength(40), TEXT).tries(500)
                .check((role, clearance, digest) -> {
                    RoutingDecision decision = RoutingIndex.create(Tables.weighted()).route(RoutingRequest.builder()
                            .role(role).clearance(clearance).prompt("p").promptDigest(digest).build());

                    long slot = (Long) decision.detail().get("slot");
                    assertThat(slot).isBetween(0L, 9L);
                    assertThat(decision.reasonCodes()).isEqualTo(ReasonCodes.empty());
                });
    }
}
