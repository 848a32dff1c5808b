package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.CancelledException;
import dev.keel.core.Principal;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The evaluator's loops over a request stop at the thread's interrupt: abandoned work ends (docs/json.md, keel eval).
 */
class CancellationTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private static void interrupted(Executable work) {
        Thread.currentThread().interrupt();
        assertThatThrownBy(work::execute).isInstanceOf(CancelledException.class);
    }

    @Test
    void theEvaluatorStopsReadingDomains() {
        List<String> domains = IntStream.range(0, 1000).mapToObj(i -> "domain_" + i).toList();

        interrupted(() -> PolicyEvaluator.create(MarpFixtures.policy()).evaluate(Principal.of("planner", "secret"),
                domains));
    }
}
