package dev.keel.test.properties;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShrinkerTest {

    /** Fails when the list holds a value over 5 and the limit drawn after it is at least 50. */
    private final Runner runner = new Runner(List.of(Gen.integers(0, 9).list().ofMaxSize(4), Gen.integers(0, 100)),
            values -> {
                List<?> list = (List<?>) values[0];
                int limit = (Integer) values[1];
                if (list.stream().anyMatch(value -> (Integer) value > 5) && limit >= 50) {
                    throw new AssertionError("failing");
                }
            });

    @Test
    void aFullListLosesElementsWithoutDisturbingWhatIsDrawnAfterIt() {
        // The length mode, then "more?" and an element four times (no "more?" once the list is full), then the limit.
        long[] full = {0, 1, 7, 1, 7, 1, 7, 1, 7, 60};
        Runner.Outcome failing = runner.attempt(ChoiceSequence.replay(full));
        assertThat(failing.failed()).isTrue();

        Runner.Outcome smallest = new Shrinker(runner).shrink(failing).outcome();

        assertThat(smallest.choices()).containsExactly(0, 1, 6, 0, 50);
    }
}
