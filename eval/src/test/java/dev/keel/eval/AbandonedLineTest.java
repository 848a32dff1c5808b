package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A {@code keel eval} line of the rule ops that runs past its time budget stops once abandoned: reading twenty
 * thousand rules compiles as many expressions (seconds of work), and the worker ends at the interrupt instead of
 * compiling on behind the next lines.
 */
class AbandonedLineTest {

    private static final String WORKER = "keel-eval-line";

    @Test
    void aLinePastItsTimeStopsReadingRules() throws InterruptedException {
        List<Object> rules = IntStream.range(0, 20_000).mapToObj(i -> (Object) Map.of("id", "r" + i, "scope", "global",
                "condition_text", "c", "action_text", "a", "lane", "deterministic",
                "enforcement_expression", "a" + i + " > " + i + " && [1, 2, 3].all(x, x > 0)")).toList();
        String slow = JsonCodec.strict().write(Map.of("op", "rules_select", "input", Map.of("rules", rules)));
        EvalRunner runner = EvalRunner.builder(EvalOpRegistry.of(new RulesSelectOp()))
                .lineTimeout(Duration.ofMillis(200)).build();
        Set<Thread> before = workers();

        String answer = runner.answer(slow);
        Set<Thread> abandoned = workers();
        abandoned.removeAll(before);

        assertThat(answer).contains("\"code\":\"line_timeout\"");
        for (Thread worker : abandoned) {
            worker.join(Duration.ofSeconds(30).toMillis());
            assertThat(worker.isAlive()).as("the abandoned worker still reads rules").isFalse();
        }
        assertThat(runner.answer("{\"op\":\"rules_select\",\"input\":{\"rules\":[]}}"))
                .isEqualTo("{\"rule_ids\":[]}");
    }

    private static Set<Thread> workers() {
        return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().equals(WORKER))
                .collect(Collectors.toSet());
    }
}
