package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming filter's work grows linearly with the stream, even fed one character at a time: counted in
 * {@link Steps} (every filtering's steps and every character a look for a cut reads again), not timed. Doubling the
 * stream's visible characters at most about doubles the steps, whether cuts come often (prose), never (one long word: the filter looks
 * again only when the held text has grown by a quarter), between many redactions or between long runs of white
 * space, which the filter reads again with the visible characters around them.
 */
class StreamingLinearityTest {

    private static final int[] SIZES = {4_000, 8_000, 16_000};
    private static final double MAX_RATIO = 2.3;
    private static final int WINDOW = 64;

    /** Prose, one long word, figures, number words, dates; and white space: runs of it between words. */
    static Stream<String> units() {
        return Stream.of("the crew keeps the boats ", "a", "1 ", "one twenty ", "14 March 2025, ", "in may ",
                "in" + " ".repeat(WINDOW) + "may ", "crew" + "\n\t ".repeat(3 * WINDOW) + "boats\n");
    }

    @ParameterizedTest(name = "\"{0}\" repeated")
    @MethodSource("units")
    void singleCharacterChunksCostLinearWork(String unit) {
        long previous = -1;
        for (int size : SIZES) {
            long steps = stream(withVisible(unit, size));
            if (previous > 0) {
                assertThat((double) steps / previous)
                        .as("steps for %d visible characters against half as many (%d, %d)", size, steps, previous)
                        .isLessThanOrEqualTo(MAX_RATIO);
            }
            previous = steps;
        }
    }

    /** {@code unit} repeated up to {@code visible} visible characters: sparse text is as long in what is seen. */
    private static String withVisible(String unit, int visible) {
        StringBuilder text = new StringBuilder();
        int seen = 0;
        for (int i = 0; seen < visible; i = (i + 1) % unit.length()) {
            char c = unit.charAt(i);
            text.append(c);
            if (WindowedStreamingFilter.isVisible(c)) {
                seen++;
            }
        }
        return text.toString();
    }

    private static long stream(String text) {
        Steps steps = new Steps();
        WindowedStreamingFilter stream = new WindowedStreamingFilter(Decision.PARTIAL, List.of(), text.length(),
                WINDOW, -1, steps);
        for (int i = 0; i < text.length(); i++) {
            stream.accept(text.substring(i, i + 1));
        }
        stream.finish();
        return steps.count();
    }
}
