package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhraseMatcherProperties {

    @Test
    void findsTheLeftmostOccurrenceWithTheEarliestWords() {
        Property.forAll(phrases(), Gen.integers(0, 3), texts()).tries(2000).check((phrase, maxGap, text) -> {
            Words words = Words.of(text);
            List<String> parts = List.of(phrase.split(" "));

            int[] found = PhraseMatcher.compile(phrase, maxGap).find(words);

            int[] expected = null;
            for (int first = 0; first < words.count() && expected == null; first++) {
                int last = earliestRest(words, parts, 0, first, maxGap);
                expected = last < 0 ? null : new int[] {first, last};
            }
            assertThat(found).as("%s (gap %d) in %s", phrase, maxGap, text).isEqualTo(expected);
        });
    }

    /** The reference: phrase word {@code w} at text word {@code at}, then each next one as early as it can be. */
    private static int earliestRest(Words text, List<String> parts, int w, int at, int maxGap) {
        String part = parts.get(w);
        boolean fits = part.endsWith("*") ? text.startsWithIgnoreCase(at, part.substring(0, part.length() - 1))
                : text.equalsIgnoreCase(at, part);
        if (!fits) {
            return -1;
        }
        if (w == parts.size() - 1) {
            return at;
        }
        for (int next = at + 1; next < text.count() && next <= at + 1 + maxGap; next++) {
            int last = earliestRest(text, parts, w + 1, next, maxGap);
            if (last >= 0) {
                return last;
            }
        }
        return -1;
    }

    @Test
    void manyWildcardWordsWithGapsTakeTimeLinearInTheText() {
        PhraseMatcher phrase = PhraseMatcher.compile("a* a* a* a* a* a* a* a* a* b", 10);
        Words text = Words.of("a ".repeat(2000));

        // A deadline for liveness, not a bound on speed: retrying each wildcard at every gap would take exponential
        // time on these 2,000 words, and linear matching takes milliseconds.
        int[] found = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> phrase.find(text));

        assertThat(found).isNull();
        assertThat(phrase.find(Words.of("a ".repeat(2000) + "b"))).containsExactly(1901, 2000);
    }

    private static Gen<String> phrases() {
        return Gen.of("a", "b", "ab", "a*", "b*").list().ofMinSize(1).ofMaxSize(4).map(w -> String.join(" ", w));
    }

    private static Gen<String> texts() {
        return Gen.of("a", "b", "ab", "ba", "A", "abc", "c").list().ofMaxSize(12).map(w -> String.join(" ", w));
    }
}
