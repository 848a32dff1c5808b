package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keel.core.json.JsonCodec;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Coverage-guided fuzzing of the {@code keel eval} line handler with arbitrary bytes, through every standard op (the
 * stage op among them) and an echo op: exactly one bounded JSON object per input line, nothing thrown, no
 * line waited for past its budget. A normal build replays the committed inputs
 * ({@code EvalRunnerFuzzTestInputs/lines/}); {@code JAZZER_FUZZ=1} fuzzes (docs/json.md).
 */
class EvalRunnerFuzzTest {

    private static final int MAX_OUTPUT = 1 << 16;
    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final EvalRunner RUNNER;

    static {
        EvalOp echo = new EvalOp() {
            @Override
            public String name() {
                return "echo";
            }

            @Override
            public Map<String, ?> apply(Map<String, Object> input) {
                return Map.of("echo", input);
            }
        };
        RUNNER = EvalRunner.builder(EvalOpRegistry.standard().with(echo)).maxOutputLength(MAX_OUTPUT)
                .lineTimeout(Duration.ofSeconds(2)).build();
    }

    @FuzzTest(maxDuration = "60s")
    void lines(byte[] data) {
        long expected = 0;
        for (int i = 0; i < data.length; i++) {
            if (data[i] == '\n' || i == data.length - 1) {
                expected++;
            }
        }
        StringWriter out = new StringWriter();

        EvalSummary summary = RUNNER.run(new ByteArrayInputStream(data), out);

        String text = out.toString();
        assertThat(summary.lines()).isEqualTo(expected);
        assertThat(text.chars().filter(c -> c == '\n').count()).isEqualTo(expected);
        assertThat(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(text);
        for (String line : text.isEmpty() ? List.<String>of() : List.of(text.substring(0, text.length() - 1).split("\n", -1))) {
            assertThat(line.length()).isLessThanOrEqualTo(MAX_OUTPUT);
            Map<String, Object> answer = CODEC.parseObject(line);
            if (answer.containsKey("error")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> error = (Map<String, Object>) answer.get("error");
                assertThat(answer).hasSize(1);
                assertThat(error).containsOnlyKeys("code", "message");
                // An op failing unexpectedly is a defect to fix, not an answer.
                assertThat(error.get("code")).isNotEqualTo("internal_error");
            }
        }
    }
}
