package dev.keel.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvalRunnerTest {

    /** Echoes its input back with a sequence number field; rejects inputs carrying {"reject": true}. */
    static final class EchoOp implements EvalOp {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public Map<String, ?> apply(Map<String, Object> input) {
            if (Boolean.TRUE.equals(input.get("reject"))) {
                throw new InvalidInputException("invalid_input", "/reject: rejected on request");
            }
            if (Boolean.TRUE.equals(input.get("explode"))) {
                throw new IllegalStateException("boom");
            }
            return Map.of("echo", input);
        }
    }

    private final JsonCodec codec = JsonCodec.strict();
    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.of(new EchoOp()));

    private List<String> run(String input) {
        StringWriter out = new StringWriter();
        runner.run(new StringReader(input), out);
        String text = out.toString();
        assertThat(text).endsWith("\n");
        return List.of(text.split("\n", -1)).subList(0, (int) text.chars().filter(c -> c == '\n').count());
    }

    private Map<String, Object> error(String line) {
        return (Map<String, Object>) codec.parseObject(line).get("error");
    }

    @Test
    void answersEachLineInOrder() {
        List<String> out = run("{\"op\":\"echo\",\"input\":{\"n\":1}}\n{\"op\":\"echo\",\"input\":{\"n\":2}}\n");

        assertThat(out).containsExactly("{\"echo\":{\"n\":1}}", "{\"echo\":{\"n\":2}}");
    }

    @Test
    void malformedLineGivesOneErrorAndTheStreamGoesOn() {
        List<String> out = run("not json\n{\"op\":\"echo\",\"input\":{}}\n");

        assertThat(out).hasSize(2);
        assertThat(error(out.get(0))).containsEntry("code", "json_malformed").containsKey("message");
        assertThat(out.get(1)).isEqualTo("{\"echo\":{}}");
    }

    @Test
    void unknownOpNamesTheKnownOnes() {
        List<String> out = run("{\"op\":\"nope\",\"input\":{}}");

        assertThat(out).hasSize(1);
        assertThat(error(out.get(0))).containsEntry("code", "unknown_op");
        assertThat((String) error(out.get(0)).get("message")).contains("nope").contains("echo");
    }

    @Test
    void requestsOfTheWrongShapeAreRejected() {
        List<String> out = run(String.join("\n",
                "[1]",
                "{\"input\":{}}",
                "{\"op\":1,\"input\":{}}",
                "{\"op\":\"echo\"}",
                "{\"op\":\"echo\",\"input\":[]}",
                "{\"op\":\"echo\",\"input\":{},\"extra\":1}",
                "",
                "{\"op\":\"echo\",\"input\":{},\"op\":\"echo\"}"));

        assertThat(out).hasSize(8);
        assertThat(out.subList(0, 7)).allSatisfy(line -> assertThat(error(line).get("code")).isIn("json_not_an_object", "invalid_request"));
        assertThat(error(out.get(7))).containsEntry("code", "json_duplicate_key");
    }

    @Test
    void rejectedInputAndUnexpectedFailuresAreReportedPerLine() {
        List<String> out = run("{\"op\":\"echo\",\"input\":{\"reject\":true}}\n{\"op\":\"echo\",\"input\":{\"explode\":true}}\n{\"op\":\"echo\",\"input\":{}}\n");

        assertThat(error(out.get(0))).containsEntry("code", "invalid_input").containsEntry("message", "/reject: rejected on request");
        assertThat(error(out.get(1))).containsEntry("code", "internal_error");
        assertThat(out.get(2)).isEqualTo("{\"echo\":{}}");
    }

    @Test
    void acceptsCrLfAndAFinalLineWithoutTerminator() {
        List<String> out = run("{\"op\":\"echo\",\"input\":{\"n\":1}}\r\n{\"op\":\"echo\",\"input\":{\"n\":2}}");

        assertThat(out).containsExactly("{\"echo\":{\"n\":1}}", "{\"echo\":{\"n\":2}}");
    }

    @Test
    void overlongLineIsReportedWithoutHoldingIt() {
        EvalRunner small = EvalRunner.create(EvalOpRegistry.of(new EchoOp()),
                JsonCodec.create(dev.keel.core.json.JsonLimits.DEFAULTS.withMaxDocumentLength(64)));
        StringWriter out = new StringWriter();
        small.run(new StringReader("{\"op\":\"echo\",\"input\":{\"s\":\"" + "x".repeat(10_000) + "\"}}\n{\"op\":\"echo\",\"input\":{}}\n"), out);

        String[] lines = out.toString().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(error(lines[0])).containsEntry("code", "line_too_long");
        assertThat(lines[1]).isEqualTo("{\"echo\":{}}");
    }

    @Test
    void streamsAHundredThousandLinesInOrderWithoutHoldingThem() {
        int total = 100_000;
        Reader generated = new Reader() {
            private int line;
            private String current = "";
            private int offset;

            @Override
            public int read(char[] buffer, int off, int len) {
                if (offset == current.length()) {
                    if (line == total) {
                        return -1;
                    }
                    current = line % 1000 == 999 ? "garbage\n" : "{\"op\":\"echo\",\"input\":{\"n\":" + line + "}}\n";
                    line++;
                    offset = 0;
                }
                int n = Math.min(len, current.length() - offset);
                current.getChars(offset, offset + n, buffer, off);
                offset += n;
                return n;
            }

            @Override
            public void close() {
            }
        };
        long[] seen = {0};
        long[] errors = {0};
        StringBuilder pending = new StringBuilder();
        Writer checking = new Writer() {
            @Override
            public void write(char[] buffer, int off, int len) {
                for (int i = off; i < off + len; i++) {
                    if (buffer[i] == '\n') {
                        check(pending.toString());
                        pending.setLength(0);
                    } else {
                        pending.append(buffer[i]);
                    }
                }
            }

            private void check(String line) {
                long n = seen[0]++;
                if (n % 1000 == 999) {
                    errors[0]++;
                    assertThat(line).startsWith("{\"error\":");
                } else {
                    assertThat(codec.parseObject(line).get("echo")).isEqualTo(Map.of("n", BigDecimal.valueOf(n)));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };

        EvalSummary summary = runner.run(generated, checking);

        assertThat(seen[0]).isEqualTo(total);
        assertThat(summary).isEqualTo(new EvalSummary(total, total / 1000));
        assertThat(errors[0]).isEqualTo(total / 1000);
    }

    @Test
    void registryRefusesTwoOpsWithOneName() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EvalOpRegistry.of(new EchoOp(), new EchoOp()))
                .isInstanceOf(dev.keel.core.ConfigurationException.class)
                .hasMessageContaining("echo");
    }
}
