package dev.keel.examples.marp.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The seed's rule for every request: N is K's length as the seed counts it, tags as its pattern reads them. */
class LengthModTenProperties {

    private static final RoutingIndex MARP = RoutingIndex.create(LengthModTenStrategyTest.seedTable());
    /** K's removals as a regular expression, to check the counting loop against. */
    private static final Pattern REMOVED = Pattern.compile("[|\\p{IsWhite_Space}]");
    /** The seed's reading of "SCENARIO k", to check the tagger against. */
    private static final Pattern SCENARIO_REFERENCE = Pattern.compile(
            "(?<![\\p{L}\\p{N}])(?i:scenario)[\\p{IsWhite_Space}_-]*([123])(?!\\p{N})");

    private static final String KEY_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_|"
            + " \t\u00A0\u3000éßøΩЖ中文한글\uD83D\uDEA2";
    private static final int[] KEY_CODE_POINTS = KEY_CHARS.codePoints().toArray();

    private static String randomText(SplittableRandom random, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.appendCodePoint(KEY_CODE_POINTS[random.nextInt(KEY_CODE_POINTS.length)]);
        }
        return text.toString();
    }

    /**
     * {@code text} with each unpaired surrogate replaced by U+FFFD: the key's parts are text. (Counted part by part,
     * a lone high surrogate ending one part and a lone low one starting the next stay two; in K without its
     * {@code |} they would pair.)
     */
    private static String wellFormed(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> out.appendCodePoint(Character.isSurrogate((char) cp) && cp <= 0xFFFF
                ? 0xFFFD : cp));
        return out.toString();
    }

    @Test
    void nCountsTheCodePointsOfKWithoutSeparatorsAndWhiteSpace() {
        Gen<String> text = Gen.strings().ofMaxLength(30).map(LengthModTenProperties::wellFormed);
        Property.forAll(text, text, text, text).tries(500).check((role, clearance, prompt, digest) -> {
            RoutingDecision decision = MARP.route(RoutingRequest.builder().role(role).clearance(clearance)
                    .prompt(prompt).promptDigest(digest).build());

            String stripped = REMOVED.matcher(decision.routingKey()).replaceAll("");
            int n = (Integer) decision.detail().get("n");
            assertThat(n).isEqualTo(stripped.codePointCount(0, stripped.length()));
            assertThat(decision.detail().get("index")).isEqualTo(n % 10);
            assertThat(decision.routingKey()).isEqualTo(role + "|" + clearance + "|"
                    + decision.detail().get("scenario_tag") + "|" + digest);
            assertThat(decision.selection().entry()).isEqualTo(LengthModTenStrategyTest.seed().entry(n % 10));
        });
    }

    @Test
    void theScenarioTagReadsLikeTheSeedsPattern() {
        Gen<String> part = Gen.oneOf(
                Gen.of("scenario", "SCENARIO", "Scenario", "sCeNaRiO", "scenarios", "subscenario", "scenari"),
                Gen.of(" ", "  ", "-", "_", "\t", "", ":", "\u00A0"),
                Gen.of("1", "2", "3", "4", "0", "12", "٣"),
                Gen.strings().ascii().ofMaxLength(5));
        Property.forAll(part.list().ofMaxSize(12).map(parts -> String.join("", parts))).tries(1000).check(prompt -> {
            Set<String> expected = new TreeSet<>();
            Matcher matcher = SCENARIO_REFERENCE.matcher(prompt);
            while (matcher.find()) {
                expected.add(matcher.group(1));
            }

            assertThat(LengthModTenStrategyTest.TAGGER.mentioned(prompt)).containsExactlyElementsOf(expected);
            assertThat(LengthModTenStrategyTest.TAGGER.tag(prompt))
                    .isEqualTo(expected.isEmpty() ? "0" : expected.iterator().next());
        });
    }

    /** Each try draws 20,000 random keys (role, clearance, scenario, digest) from its own seed. */
    @Test
    void overRandomKeysTheTargetsComeOutTenFiftyForty() {
        Property.forAll(Gen.longs(Long.MIN_VALUE, Long.MAX_VALUE)).tries(10).check(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            Map<String, Integer> counts = new HashMap<>();
            int keys = 20_000;
            for (int k = 0; k < keys; k++) {
                String prompt = random.nextInt(4) == 0 ? "" : "SCENARIO " + random.nextInt(4);
                RoutingDecision decision = MARP.route(RoutingRequest.builder().role(randomText(random, 12))
                        .clearance(randomText(random, 12)).prompt(prompt).promptDigest(randomText(random, 60)).build());
                counts.merge(decision.selection().entry().backendTarget(), 1, Integer::sum);
            }
            assertThat(counts.getOrDefault("internal_chatgpt", 0) / (double) keys).as("seed %d", seed).isBetween(0.08, 0.12);
            assertThat(counts.getOrDefault("llama", 0) / (double) keys).as("seed %d", seed).isBetween(0.48, 0.52);
            assertThat(counts.getOrDefault("deepseek", 0) / (double) keys).as("seed %d", seed).isBetween(0.38, 0.42);
        });
    }

    @Test
    void routingIsDeterministicAndNeverThrows() {
        Gen<String> text = Gen.strings().ofMaxLength(40);
        Property.forAll(text, text, text).tries(500).check((role, clearance, prompt) -> {
            RoutingRequest request = RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).build();

            RoutingDecision first = MARP.route(request);

            assertThat(RoutingIndex.create(LengthModTenStrategyTest.seedTable()).route(request)).isEqualTo(first);
            assertThat(first.internalOnly()).isFalse();
        });
    }
}
