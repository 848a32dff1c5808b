package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.CancelledException;
import dev.keel.core.Decision;
import dev.keel.policy.MarpFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The filter's loops over a text stop at the thread's interrupt: abandoned work ends (docs/json.md, keel eval). */
class FilterCancellationTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void theOutboundFilterStopsScanning() {
        String text = "Retire two boats in Q3 at 80% of the budget. ".repeat(1000);

        Thread.currentThread().interrupt();

        assertThatThrownBy(() -> OutboundFilter.create(MarpFixtures.policy()).apply(Decision.PARTIAL, text))
                .isInstanceOf(CancelledException.class);
    }
}
