package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class RoutingProperties {

    private static final RoutingIndex MARP = SeedTable.index();
    /** K's removals as a regular expression, to check the counting loop against. */
    private static final Pattern REMOVED = Pattern.compile("[|\\p{IsWhite_Space}]");

    @Property(tries = 500)
    void anInternalOnlyRequestNeverRoutesOutside(@ForAll String prompt, @ForAll("words") String role,
            @ForAll("words") String clearance) {
        RoutingDecision decision = MARP.route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt)
                .internalOnly(true).build());

        assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(decision.internalOnly()).isTrue();
        assertThat(decision.routerSelectedLlm()).isEqualTo(SeedTable.table().entry(decision.index()).routerSelectedLlm());
    }

    @Provide
    Arbitrary<String> words() {
        return Arbitraries.oneOf(Arbitraries.of("planner", "auditor", "guest", "secret", "unclassified"),
                Arbitraries.strings().ofMaxLength(12));
    }

    private static final String KEY_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_|"
            + " \t\u00A0\u3000éßøΩЖ中文한글\uD83D\uDEA2";
    private static final int[] KEY_CODE_POINTS = KEY_CHARS.codePoints().toArray();

    /** A random string of 0 to {@code maxLength} code points from {@link #KEY_CHARS}, uniformly. */
    private static String randomText(SplittableRandom random, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.appendCodePoint(KEY_CODE_POINTS[random.nextInt(KEY_CODE_POINTS.length)]);
        }
        return text.toString();
    }

    /** Each try draws 20 000 random keys (role, clearance, scenario, digest) from its own seed. */
    @Property(tries = 10)
    void overRandomKeysTheTargetsComeOutTenFiftyForty(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Integer> counts = new HashMap<>();
        int keys = 20_000;
        for (int k = 0; k < keys; k++) {
            String role = randomText(random, 12);
            String clearance = randomText(random, 12);
            String prompt = random.nextInt(4) == 0 ? "" : "SCENARIO " + random.nextInt(4);
            RoutingDecision decision = MARP.route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt)
                    .promptDigest(randomText(random, 60)).build());
            // Keys are random text, so a few may spell top secret; count what the index chose.
            counts.merge(decision.indexedEntry().backendTarget(), 1, Integer::sum);
        }
        assertThat(counts.getOrDefault("internal_chatgpt", 0) / (double) keys).isBetween(0.08, 0.12);
        assertThat(counts.getOrDefault("llama", 0) / (double) keys).isBetween(0.48, 0.52);
        assertThat(counts.getOrDefault("deepseek", 0) / (double) keys).isBetween(0.38, 0.42);
    }

    /** The default digest, over prompts made of words: every index is reached and none dominates. */
    @Property(tries = 10)
    void theDefaultDigestSpreadsOrdinaryPrompts(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] perIndex = new int[10];
        int prompts = 5_000;
        for (int p = 0; p < prompts; p++) {
            StringBuilder prompt = new StringBuilder();
            for (int w = 1 + random.nextInt(25); w > 0; w--) {
                for (int c = 1 + random.nextInt(10); c > 0; c--) {
                    prompt.append((char) ('a' + random.nextInt(26)));
                }
                prompt.append(' ');
            }
            perIndex[MARP.route(RoutingRequest.builder().role("planner").clearance("secret").prompt(prompt.toString())
                    .build()).index()]++;
        }
        for (int count : perIndex) {
            assertThat(count / (double) prompts).isBetween(0.06, 0.14);
        }
    }

    @Property(tries = 500)
    void nCountsTheCodePointsOfKWithoutSeparatorsAndWhiteSpace(@ForAll String role, @ForAll String clearance,
            @ForAll String prompt, @ForAll String digest) {
        RoutingDecision decision = MARP.route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt)
                .promptDigest(digest).build());

        String stripped = REMOVED.matcher(decision.routingKey()).replaceAll("");
        assertThat(decision.n()).isEqualTo(stripped.codePointCount(0, stripped.length()));
        assertThat(decision.index()).isEqualTo(decision.n() % 10);
        assertThat(decision.routingKey()).isEqualTo(role + "|" + clearance + "|" + decision.scenarioTag() + "|" + digest);
    }

    /** The scanner's reading of "SCENARIO k", checked against the regular expression it replaces. */
    private static final Pattern SCENARIO_REFERENCE = Pattern.compile(
            "(?<![\\p{L}\\p{N}])(?i:scenario)[\\p{IsWhite_Space}_-]*([123])(?!\\p{N})");

    @Provide
    Arbitrary<String> scenarioPrompts() {
        Arbitrary<String> part = Arbitraries.oneOf(
                Arbitraries.of("scenario", "SCENARIO", "Scenario", "sCeNaRiO", "scenarios", "subscenario", "scenari"),
                Arbitraries.of(" ", "  ", "-", "_", "\t", "", ":", "\u00A0"),
                Arbitraries.of("1", "2", "3", "4", "0", "12", "٣"),
                Arbitraries.strings().ascii().ofMaxLength(5));
        return part.list().ofMaxSize(12).map(parts -> String.join("", parts));
    }

    @Property(tries = 1000)
    void theScenarioTagReadsLikeTheSeedsPattern(@ForAll("scenarioPrompts") String prompt) {
        java.util.Set<String> expected = new java.util.TreeSet<>();
        java.util.regex.Matcher matcher = SCENARIO_REFERENCE.matcher(prompt);
        while (matcher.find()) {
            expected.add(matcher.group(1));
        }

        assertThat(SeedTable.TAGGER.mentioned(prompt)).containsExactlyElementsOf(expected);
        assertThat(SeedTable.TAGGER.tag(prompt)).isEqualTo(expected.isEmpty() ? "0" : expected.iterator().next());
    }

    @Property(tries = 500)
    void routingIsDeterministicAndNeverThrows(@ForAll String role, @ForAll String clearance, @ForAll String prompt) {
        RoutingRequest request = RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).build();

        RoutingDecision first = MARP.route(request);

        assertThat(SeedTable.index().route(request)).isEqualTo(first);
        assertThat(MARP.select(role, clearance, first.scenarioTag(), first.promptDigest())).isEqualTo(first.indexedEntry());
        assertThat(first.internalOnly()).isFalse();
    }
}
