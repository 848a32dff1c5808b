package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RoutingProperties {

    private static final RoutingIndex MARP = SeedTable.index();
    /** K's removals as a regular expression, to check the counting loop against. */
    private static final Pattern REMOVED = Pattern.compile("[|\\p{IsWhite_Space}]");
    private static final Gen<String> ANY_TEXT = Gen.strings().all();
    private static final Gen<Long> SEEDS = Gen.longs(Long.MIN_VALUE, Long.MAX_VALUE);
    private static final Gen<String> WORDS = Gen.oneOf(Gen.of("planner", "auditor", "guest", "secret", "unclassified"),
            Gen.strings().all().ofMaxLength(12));

    @Test
    void anInternalOnlyRequestNeverRoutesOutside() {
        Property.forAll(ANY_TEXT, WORDS, WORDS).tries(500).check((prompt, role, clearance) -> {
            RoutingDecision decision = MARP.route(RoutingRequest.builder().role(role).clearance(clearance)
                    .prompt(prompt).internalOnly(true).build());

            assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
            assertThat(decision.internalOnly()).isTrue();
            assertThat(decision.routerSelectedLlm())
                    .isEqualTo(SeedTable.table().entry(decision.index()).routerSelectedLlm());
        });
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
    @Test
    void overRandomKeysTheTargetsComeOutTenFiftyForty() {
        Property.forAll(SEEDS).tries(10).check(RoutingProperties::targetsComeOutTenFiftyForty);
    }

    private static void targetsComeOutTenFiftyForty(long seed) {
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
    @Test
    void theDefaultDigestSpreadsOrdinaryPrompts() {
        Property.forAll(SEEDS).tries(10).check(RoutingProperties::digestSpreadsOrdinaryPrompts);
    }

    private static void digestSpreadsOrdinaryPrompts(long seed) {
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

    /**
     * Text of whole code points, supplementary ones included, with separators, white space and a zero-width space
     * (which counts) drawn often. Lone surrogates are left out: where removing a separator or white space brings a
     * high and a low surrogate together, the documented N (counted after the removal) joins them into one code
     * point, and the index, counting each part, does not.
     */
    private static final Gen<String> KEY_TEXT = Gen.oneOf(Gen.integers(0, 0xD7FF),
                    Gen.integers(0xE000, Character.MAX_CODE_POINT),
                    Gen.of((int) '|', (int) ' ', 0x09, 0x0D, 0x85, 0xA0, 0x2028, 0x3000, 0x200B, 0x1F6A2))
            .list().map(codePoints -> codePoints.stream()
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString());

    @Test
    void nCountsTheCodePointsOfKWithoutSeparatorsAndWhiteSpace() {
        Property.forAll(KEY_TEXT, KEY_TEXT, KEY_TEXT, KEY_TEXT).tries(500).check((role, clearance, prompt, digest) -> {
            RoutingDecision decision = MARP.route(RoutingRequest.builder().role(role).clearance(clearance)
                    .prompt(prompt).promptDigest(digest).build());

            String stripped = REMOVED.matcher(decision.routingKey()).replaceAll("");
            assertThat(decision.n()).isEqualTo(stripped.codePointCount(0, stripped.length()));
            assertThat(decision.index()).isEqualTo(decision.n() % 10);
            assertThat(decision.routingKey())
                    .isEqualTo(role + "|" + clearance + "|" + decision.scenarioTag() + "|" + digest);
        });
    }

    /** The scanner's reading of "SCENARIO k", checked against the regular expression it replaces. */
    private static final Pattern SCENARIO_REFERENCE = Pattern.compile(
            "(?<![\\p{L}\\p{N}])(?i:scenario)[\\p{IsWhite_Space}_-]*([123])(?!\\p{N})");

    private static final Gen<String> SCENARIO_PROMPTS = Gen.oneOf(
                    Gen.of("scenario", "SCENARIO", "Scenario", "sCeNaRiO", "scenarios", "subscenario", "scenari"),
                    Gen.of(" ", "  ", "-", "_", "\t", "", ":", "\u00A0"),
                    Gen.of("1", "2", "3", "4", "0", "12", "٣"),
                    Gen.strings().ascii().ofMaxLength(5))
            .list().ofMaxSize(12).map(parts -> String.join("", parts));

    @Test
    void theScenarioTagReadsLikeTheSeedsPattern() {
        Property.forAll(SCENARIO_PROMPTS).tries(1000).check(prompt -> {
            java.util.Set<String> expected = new java.util.TreeSet<>();
            java.util.regex.Matcher matcher = SCENARIO_REFERENCE.matcher(prompt);
            while (matcher.find()) {
                expected.add(matcher.group(1));
            }

            assertThat(SeedTable.TAGGER.mentioned(prompt)).containsExactlyElementsOf(expected);
            assertThat(SeedTable.TAGGER.tag(prompt)).isEqualTo(expected.isEmpty() ? "0" : expected.iterator().next());
        });
    }

    @Test
    void routingIsDeterministicAndNeverThrows() {
        Property.forAll(ANY_TEXT, ANY_TEXT, ANY_TEXT).tries(500).check((role, clearance, prompt) -> {
            RoutingRequest request = RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).build();

            RoutingDecision first = MARP.route(request);

            assertThat(SeedTable.index().route(request)).isEqualTo(first);
            assertThat(MARP.select(role, clearance, first.scenarioTag(), first.promptDigest()))
                    .isEqualTo(first.indexedEntry());
            assertThat(first.internalOnly()).isFalse();
        });
    }
}
