package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.keel.core.Cancellation;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonLimits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
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

    private static List<String> lines(String text) {
        assertThat(text).endsWith("\n");
        return List.of(text.substring(0, text.length() - 1).split("\n", -1));
    }

    private List<String> runBytes(EvalRunner runner, byte[] input) {
        StringWriter out = new StringWriter();
        runner.run(new ByteArrayInputStream(input), out);
        return lines(out.toString());
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object part : parts) {
            byte[] chunk = part instanceof String ? ((String) part).getBytes(StandardCharsets.UTF_8) : (byte[]) part;
            out.writeBytes(chunk);
        }
        return out.toByteArray();
    }

    @Test
    void splitsLinesAtLineFeedsOnlySoABareCarriageReturnIsWhiteSpace() {
        List<String> out = run("{\"op\":\"echo\",\r\"input\":{\"n\":\r1}}\r\n{\"op\":\"echo\",\"input\":{\"s\":\"a\rb\"}}\n\r\n");

        assertThat(out).hasSize(3);
        assertThat(out.get(0)).isEqualTo("{\"echo\":{\"n\":1}}");
        // A raw carriage return inside a string is not JSON: one error for its line, not two lines.
        assertThat(error(out.get(1))).containsEntry("code", "json_malformed");
        assertThat(error(out.get(2))).containsEntry("code", "invalid_request");
        assertThat(runBytes(runner, bytes("{\"op\":\"echo\",\"input\":{\"n\":\r2}}\r\n"))).containsExactly("{\"echo\":{\"n\":2}}");
    }

    @Test
    void answersALineOfInvalidUtf8WithItsOwnErrorAndGoesOn() {
        byte[] input = bytes("{\"op\":\"echo\",\"input\":{\"s\":\"", new byte[] {(byte) 0xC3, (byte) 0x28}, "\"}}\n",
                "{\"op\":\"echo\",\"input\":{\"s\":\"\u00e9\ud83d\ude00\"}}\n",
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "\n",
                "{\"op\":\"echo\",\"input\":{}}", new byte[] {(byte) 0xF0, (byte) 0x9F});

        List<String> out = runBytes(runner, input);

        assertThat(out).hasSize(4);
        assertThat(error(out.get(0))).containsEntry("code", "invalid_utf8")
                .containsEntry("message", "the line is not valid UTF-8: a malformed byte sequence at byte 27 (counting from 0)");
        assertThat(out.get(1)).isEqualTo("{\"echo\":{\"s\":\"\u00e9\ud83d\ude00\"}}");
        // A surrogate encoded as UTF-8 bytes is not UTF-8; neither is a sequence cut off by the end of the input.
        assertThat(error(out.get(2))).containsEntry("code", "invalid_utf8");
        assertThat(error(out.get(3))).containsEntry("code", "invalid_utf8");
    }

    @Test
    void aLoneSurrogateEscapeComesBackAsTheSameEscape() {
        String line = "{\"op\":\"echo\",\"input\":{\"s\":\"a\\ud800b\\udfff\"}}\n";

        assertThat(run(line)).containsExactly("{\"echo\":{\"s\":\"a\\ud800b\\udfff\"}}");
        assertThat(runBytes(runner, bytes(line))).containsExactly("{\"echo\":{\"s\":\"a\\ud800b\\udfff\"}}");
    }

    @Test
    void hostileNumbersGiveOneShortErrorLineEach() {
        EvalRunner standard = EvalRunner.create(EvalOpRegistry.standard());
        List<String> numbers = List.of("-1e2000000000", "1E+2147483647", "1e999999");
        StringBuilder input = new StringBuilder();
        numbers.forEach(number -> input.append("{\"op\":\"stage\",\"input\":{\"stage\":\"agency_detect_v1\",")
                .append("\"output\":{\"judgements\":{\"agencyCount\":").append(number).append("}}}}\n"));
        StringWriter out = new StringWriter();

        EvalSummary summary = standard.run(new StringReader(input.toString()), out);

        assertThat(summary).isEqualTo(new EvalSummary(3, 3));
        assertThat(lines(out.toString())).hasSize(3).allSatisfy(line -> {
            assertThat(line).hasSizeLessThan(200);
            assertThat(error(line)).containsEntry("code", "json_number_out_of_range");
            assertThat((String) error(line).get("message")).contains("at line 1, column");
        });
    }

    /**
     * Spins until interrupted; when asked to be stubborn, waits deaf to interrupts until released, and records that it
     * ended.
     */
    static final class SlowOp implements EvalOp {
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicBoolean stubbornEnded = new AtomicBoolean();

        @Override
        public String name() {
            return "slow";
        }

        @Override
        public Map<String, ?> apply(Map<String, Object> input) {
            if (!Boolean.TRUE.equals(input.get("stubborn"))) {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait();
                }
                return Map.of("done", true);
            }
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException deaf) {
                    // Stubborn work ignores the interrupt that abandons it.
                }
            }
            stubbornEnded.set(true);
            return Map.of("done", true);
        }
    }

    @Test
    void aLinePastItsTimeIsAnsweredAsSuchAndTheRunGoesOn() {
        SlowOp slow = new SlowOp();
        EvalRunner timed = EvalRunner.builder(EvalOpRegistry.of(new EchoOp(), slow))
                .lineTimeout(Duration.ofMillis(200)).build();
        StringWriter out = new StringWriter();

        EvalSummary summary;
        try {
            // The stubborn line ends only when released, after the run: a run that waited for it would never end,
            // and the deadline, far past the two 200 ms line timeouts, says so instead of hanging the build.
            summary = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> timed.run(new StringReader(
                    "{\"op\":\"slow\",\"input\":{}}\n{\"op\":\"slow\",\"input\":{\"stubborn\":true}}\n"
                            + "{\"op\":\"echo\",\"input\":{\"n\":3}}\n"), out));
            assertThat(slow.stubbornEnded).as("the stubborn line ended before the run did").isFalse();
        } finally {
            slow.release.countDown();
        }

        assertThat(summary).isEqualTo(new EvalSummary(3, 2));
        List<String> lines = lines(out.toString());
        assertThat(error(lines.get(0))).containsEntry("code", "line_timeout")
                .containsEntry("message", "the line took longer than 200 ms and was abandoned");
        assertThat(error(lines.get(1))).containsEntry("code", "line_timeout");
        assertThat(lines.get(2)).isEqualTo("{\"echo\":{\"n\":3}}");
    }

    /** Counts for ever, calling the cancellation checkpoint as a long loop does; records its threads. */
    static final class EndlessOp implements EvalOp {
        final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());

        @Override
        public String name() {
            return "endless";
        }

        @Override
        public Map<String, ?> apply(Map<String, Object> input) {
            threads.add(Thread.currentThread());
            for (long steps = 1; ; steps++) {
                if (steps % 1024 == 0) {
                    Cancellation.checkpoint();
                }
            }
        }
    }

    @Test
    void workPastItsTimeStopsAndLaterLinesAreAnsweredNormally() throws InterruptedException {
        EndlessOp endless = new EndlessOp();
        EvalRunner timed = EvalRunner.builder(EvalOpRegistry.of(new EchoOp(), endless))
                .lineTimeout(Duration.ofMillis(200)).build();
        StringWriter out = new StringWriter();

        EvalSummary summary = timed.run(new StringReader("{\"op\":\"endless\",\"input\":{}}\n".repeat(4)
                + "{\"op\":\"echo\",\"input\":{\"n\":5}}\n"), out);

        List<String> lines = lines(out.toString());
        assertThat(summary).isEqualTo(new EvalSummary(5, 4));
        assertThat(lines.subList(0, 4)).allSatisfy(line -> assertThat(error(line)).containsEntry("code", "line_timeout"));
        assertThat(lines.get(4)).isEqualTo("{\"echo\":{\"n\":5}}");
        assertThat(endless.threads).hasSize(4).doesNotHaveDuplicates();
        // Abandoned, each worker ends at its next checkpoint: none keeps a core busy behind the later lines.
        for (Thread worker : List.copyOf(endless.threads)) {
            worker.join(Duration.ofSeconds(30).toMillis());
            assertThat(worker.isAlive()).as("an abandoned worker still running").isFalse();
        }
    }

    /** Returns as many items as asked for. */
    static final class BigOp implements EvalOp {
        @Override
        public String name() {
            return "big";
        }

        @Override
        public Map<String, ?> apply(Map<String, Object> input) {
            int n = ((BigDecimal) input.get("n")).intValueExact();
            return Map.of("items", Collections.nCopies(n, "0123456789"));
        }
    }

    @Test
    void anAnswerPastItsLengthIsAnsweredAsSuch() {
        EvalRunner bounded = EvalRunner.builder(EvalOpRegistry.of(new EchoOp(), new BigOp())).maxOutputLength(1000).build();
        StringWriter out = new StringWriter();

        bounded.run(new StringReader("{\"op\":\"big\",\"input\":{\"n\":70}}\n{\"op\":\"big\",\"input\":{\"n\":10000000}}\n"), out);

        List<String> lines = lines(out.toString());
        assertThat(lines.get(0)).startsWith("{\"items\":[").hasSizeLessThanOrEqualTo(1000);
        assertThat(error(lines.get(1))).containsEntry("code", "output_too_long")
                .containsEntry("message", "the answer is longer than 1000 characters");
    }

    @Test
    void cutsLongErrorMessages() {
        List<String> out = run("{\"op\":\"echo\",\"input\":{},\"" + "k".repeat(5000) + "\":1}\n");

        String message = (String) error(out.get(0)).get("message");
        assertThat(message).hasSize(EvalRunner.MAX_MESSAGE_LENGTH).startsWith("unknown request field 'kkk").endsWith("...");
    }

    @Test
    void inputDefaultsCompleteTheInputOfTheirOpOnly() {
        AtomicReference<Map<String, Object>> seen = new AtomicReference<>();
        EvalOp recording = new EvalOp() {
            @Override
            public String name() {
                return "record";
            }

            @Override
            public Map<String, ?> apply(Map<String, Object> input) {
                seen.set(input);
                return Map.of("keys", new ArrayList<>(input.keySet()));
            }
        };
        Map<String, Object> defaults = new java.util.LinkedHashMap<>();
        defaults.put("table", Map.of("pools", List.of()));
        defaults.put("mode", "x");
        EvalRunner withDefaults = EvalRunner.builder(EvalOpRegistry.of(new EchoOp(), recording))
                .inputDefaults("record", EvalRunner.defaultMembers(defaults))
                .build();

        assertThat(withDefaults.answer("{\"op\":\"record\",\"input\":{\"prompt\":\"p\"}}"))
                .isEqualTo("{\"keys\":[\"prompt\",\"table\",\"mode\"]}");
        assertThat(seen.get()).containsEntry("table", Map.of("pools", List.of())).containsEntry("prompt", "p");
        // What the input names wins, even null.
        withDefaults.answer("{\"op\":\"record\",\"input\":{\"table\":null,\"mode\":\"y\"}}");
        assertThat(seen.get()).containsEntry("table", null).containsEntry("mode", "y").hasSize(2);
        // Another op sees its input as it is.
        assertThat(withDefaults.answer("{\"op\":\"echo\",\"input\":{}}")).isEqualTo("{\"echo\":{}}");
    }

    @Test
    void inputDefaultsThatFailAreTheLinesError() {
        EvalRunner failing = EvalRunner.builder(EvalOpRegistry.of(new EchoOp()))
                .inputDefaults("echo", input -> {
                    if (input.containsKey("missing")) {
                        throw new InvalidInputException("invalid_input", "/missing: no default for it");
                    }
                    return null;
                })
                .build();

        assertThat(error(failing.answer("{\"op\":\"echo\",\"input\":{\"missing\":1}}")))
                .containsEntry("code", "invalid_input").containsEntry("message", "/missing: no default for it");
        assertThat(error(failing.answer("{\"op\":\"echo\",\"input\":{}}"))).containsEntry("code", "internal_error");
    }

    @Test
    void registryRefusesTwoOpsWithOneName() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EvalOpRegistry.of(new EchoOp(), new EchoOp()))
                .isInstanceOf(dev.keel.core.ConfigurationException.class)
                .hasMessageContaining("echo");
    }
}
