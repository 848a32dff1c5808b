package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class JudgeSamplingTest {

    @Test
    void theSameTurnIsAlwaysSampledTheSameWay() {
        BigDecimal rate = new BigDecimal("0.3");
        for (int turn = 0; turn < 50; turn++) {
            assertThat(JudgeSampling.sampled("s-42", turn, rate)).isEqualTo(JudgeSampling.sampled("s-42", turn, rate));
        }
    }

    @Test
    void theShareSampledIsTheRate() {
        long sampled = IntStream.range(0, 20_000).filter(turn -> JudgeSampling.sampled("s-" + (turn % 97), turn,
                new BigDecimal("0.1"))).count();

        assertThat(sampled).isBetween(1_800L, 2_200L);
        assertThat(IntStream.range(0, 1000).noneMatch(turn -> JudgeSampling.sampled("s", turn, BigDecimal.ZERO))).isTrue();
        assertThat(IntStream.range(0, 1000).allMatch(turn -> JudgeSampling.sampled("s", turn, BigDecimal.ONE))).isTrue();
    }
}
