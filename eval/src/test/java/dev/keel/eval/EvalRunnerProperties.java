package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonLimits;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The runner on arbitrary input: exactly one output line per input line, each a JSON object of bounded length,
 * and nothing thrown, whether the lines are text or bytes.
 */
class EvalRunnerProperties {

    /** Small limits, so that arbitrary lines reach them. */
    private static final JsonCodec SMALL = JsonCodec.create(JsonLimits.DEFAULTS.withMaxDocumentLength(300).withMaxDepth(4));
    private static final int MAX_OUTPUT = 400;
    /** The longest error line: a cut message and code, escaped at worst six characters each, with the frame. */
    private static final int MAX_ERROR_LINE = 6 * (EvalRunner.MAX_MESSAGE_LENGTH + 100) + 50;

    private final EvalRunner runner = EvalRunner.builder(EvalOpRegistry.of(new EvalRunnerTest.EchoOp()))
            .codec(SMALL).maxOutputLength(MAX_OUTPUT).build();
    private final JsonCodec codec = JsonCodec.strict();

    @Test
    void oneOutputLinePerInputLineWhateverTheLinesHold() {
        Property.forAll(textLines()).tries(500).check(lines -> {
            StringWriter out = new StringWriter();

            EvalSummary summary = runner.run(new StringReader(String.join("\n", lines) + (lines.isEmpty() ? "" : "\n")),
                    out);

            assertThat(summary.lines()).isEqualTo(lines.size());
            assertEveryLineIsOneBoundedObject(out.toString(), lines.size());
        });
    }

    @Test
    void oneOutputLinePerInputLineWhateverBytesTheLinesHold() {
        Property.forAll(byteLines()).tries(500).check(lines -> {
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            lines.forEach(line -> {
                in.writeBytes(line);
                in.write('\n');
            });
            StringWriter out = new StringWriter();

            EvalSummary summary = runner.run(new ByteArrayInputStream(in.toByteArray()), out);

            assertThat(summary.lines()).isEqualTo(lines.size());
            assertEveryLineIsOneBoundedObject(out.toString(), lines.size());
        });
    }

    private void assertEveryLineIsOneBoundedObject(String text, int lines) {
        assertThat(text.chars().filter(c -> c == '\n').count()).isEqualTo(lines);
        // Valid Unicode: it encodes to UTF-8 and back unchanged.
        assertThat(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(text);
        if (lines == 0) {
            assertThat(text).isEmpty();
            return;
        }
        for (String line : text.substring(0, text.length() - 1).split("\n", -1)) {
            Map<String, Object> answer = codec.parseObject(line);
            assertThat(answer).hasSize(1);
            assertThat(line.length()).isLessThanOrEqualTo(answer.containsKey("error") ? MAX_ERROR_LINE : MAX_OUTPUT);
        }
    }

    private Gen<List<String>> textLines() {
        Gen<String> line = Gen.oneOf(
                Gen.strings().withCharRange(Character.MIN_VALUE, Character.MAX_VALUE).ofMaxLength(40),
                requests(),
                Gen.strings().withChars("{}[]\":,\r\t \\u0123456789eE-+.").ofMaxLength(400));
        return line.map(text -> text.replace('\n', ' ')).list().ofMaxSize(8);
    }

    private Gen<List<byte[]>> byteLines() {
        // Any bytes but the line feed, dropped through ISO-8859-1, which maps every byte to one char and back.
        Gen<byte[]> anyBytes = Gen.byteArrays(0, 60).map(bytes -> new String(bytes, StandardCharsets.ISO_8859_1)
                .replace("\n", "").getBytes(StandardCharsets.ISO_8859_1));
        Gen<byte[]> requestBytes = requests().map(text -> text.replace('\n', ' ').getBytes(StandardCharsets.UTF_8));
        Gen<byte[]> brokenRequests = requestBytes.flatMap(bytes -> Gen.integers(0, bytes.length).map(cut -> {
            byte[] broken = bytes.clone();
            if (cut < broken.length) {
                broken[cut] = (byte) (0x80 | cut);
            }
            return broken;
        }));
        return Gen.oneOf(anyBytes, requestBytes, brokenRequests).list().ofMaxSize(8);
    }

    /** Echo requests with arbitrary strings, lone surrogates, big numbers and deep nesting in their input. */
    private Gen<String> requests() {
        Gen<String> value = Gen.oneOf(
                Gen.strings().withCharRange(Character.MIN_VALUE, Character.MAX_VALUE).ofMaxLength(30).map(codec::write),
                Gen.of("-1e2000000000", "1E+2147483647", "1e999999", "0.80", "80e-2", "\"\\ud800\"", "[[[[[1]]]]]",
                        "\"" + "x".repeat(280) + "\"", "{\"reject\":true}", "{\"explode\":true}"));
        return value.list().ofMaxSize(4).map(values -> {
            StringBuilder input = new StringBuilder("{");
            for (int i = 0; i < values.size(); i++) {
                input.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(values.get(i));
            }
            return "{\"op\":\"echo\",\"input\":" + input.append('}') + "}";
        });
    }
}
