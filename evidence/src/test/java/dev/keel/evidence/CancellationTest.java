package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.CancelledException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reading a long list of a request stops at the thread's interrupt: abandoned work ends (docs/json.md, keel eval). */
class CancellationTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void aPlanStopsReadingItsPrimitives() {
        String[] primitives = IntStream.range(0, 1000).mapToObj(i -> "primitive_" + i).toArray(String[]::new);
        DiscoveryPlanInput input = DiscoveryPlanInput.builder().semanticDataNeed("open invoices")
                .proposedPrimitives(primitives).build();
        Thread.currentThread().interrupt();

        assertThatThrownBy(() -> DiscoveryPlanBuilder.create().build(input)).isInstanceOf(CancelledException.class);
    }
}
