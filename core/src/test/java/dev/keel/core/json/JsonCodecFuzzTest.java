package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keel.core.WireFormatException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Coverage-guided fuzzing of the codec's parse: any text either parses into a tree that writes and reads back
 * equal, or fails with a short wire-format error that says where; nothing else is ever thrown. A normal build replays
 * the committed inputs ({@code JsonCodecFuzzTestInputs/parse/}); {@code JAZZER_FUZZ=1} fuzzes (docs/json.md).
 */
class JsonCodecFuzzTest {

    private static final List<JsonCodec> CODECS = List.of(JsonCodec.strict(), JsonCodec.create(JsonLimits.DEFAULTS
            .withMaxDepth(4).withMaxStringLength(16).withMaxNumberLength(12).withMaxNumberScale(20)));

    @FuzzTest(maxDuration = "60s")
    void parse(byte[] data) {
        // As UTF-8, the way documents arrive, and as raw UTF-16 code units, lone surrogates and all.
        String utf8 = new String(data, StandardCharsets.UTF_8);
        char[] units = new char[data.length / 2];
        for (int i = 0; i < units.length; i++) {
            units[i] = (char) ((data[2 * i] & 0xFF) << 8 | (data[2 * i + 1] & 0xFF));
        }
        for (JsonCodec codec : CODECS) {
            check(codec, utf8, true);
            check(codec, new String(units), false);
        }
    }

    private static void check(JsonCodec codec, String text, boolean roundTrip) {
        Object tree;
        try {
            tree = codec.parse(text);
        } catch (WireFormatException e) {
            assertThat(e.code()).isIn("json_malformed", "json_duplicate_key", "json_too_deep", "json_string_too_long",
                    "json_number_too_long", "json_number_out_of_range", "json_trailing_content",
                    "json_document_too_large");
            assertThat(e.getMessage()).containsPattern("at line \\d+, column \\d+").hasSizeLessThan(400);
            return;
        }
        String written = codec.write(tree);
        assertThat(new String(written.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(written);
        if (roundTrip) {
            // From UTF-8 no key can hold a lone surrogate, so the written text always reads back.
            assertThat(codec.parse(written)).isEqualTo(tree);
        }
    }
}
