package dev.keel.policy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming filter's work grows linearly with the stream, even fed one character at a time: counted in
 * {@link Steps} (every filtering's steps and every character a look for a cut reads again), not timed. Doubling the
 * stream at most about doubles the steps, whether cuts come often (prose), never (one long word: the filter looks
 * again only when the held text has grown by a quarter) or between many redactions.
 */
class StreamingLinearityTest {

    private static final int[] SIZES = {4_000, 8_000, 16_000};
    private static final double MAX_RATIO = 2.3;
    private static final int WINDOW = 64;

    @ParameterizedTest(name = "\"{0}\" repeated")
    @ValueSource(strings = {"the crew keeps the boats ", "a", "1 ", "one twenty ", "14 March 2025, ", "in may "})
    void singleCharacterChunksCostLinearWork(String unit) {
        long previous = -1;
        for (int size : SIZES) {
            long steps = stream(unit.repeat(size / unit.length() + 1).substring(0, size));
            if (previous > 0) {
                assertThat((double) steps / previous)
                        .as("steps for %d characters against half as many (%d, %d)", size, steps, previous)
                        .isLessThanOrEqualTo(MAX_RATIO);
            }
            previous = steps;
        }
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
