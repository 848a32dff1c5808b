package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.WireFormatException;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.StringGen;
import dev.keel.test.properties.Weighted;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The codec on arbitrary input: it parses or fails with a short wire-format error that says where; what it writes
 * reads back equal, is valid Unicode whatever the strings hold, and keeps each number's scale.
 */
class JsonCodecProperties {

    private static final JsonLimits SMALL = JsonLimits.DEFAULTS.withMaxDepth(3).withMaxStringLength(120)
            .withMaxNumberLength(20).withMaxNumberScale(50);

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final JsonCodec SMALL_CODEC = JsonCodec.create(SMALL);

    // ---- reading anything ----

    @Test
    void parsingAnythingGivesATreeOrAShortErrorThatSaysWhere() {
        Property.forAll(anyInput()).tries(3000).check(text -> {
            for (JsonCodec reader : List.of(CODEC, SMALL_CODEC)) {
                try {
                    Object tree = reader.parse(text);
                    assertThat(reader.parse(reader.write(tree))).isEqualTo(tree);
                } catch (WireFormatException e) {
                    assertThat(e.code()).isIn("json_malformed", "json_duplicate_key", "json_too_deep",
                            "json_string_too_long", "json_number_too_long", "json_number_out_of_range",
                            "json_trailing_content");
                    assertThat(e.getMessage()).containsPattern("at line \\d+, column \\d+").hasSizeLessThan(400)
                            .doesNotContain("Source:").doesNotContain("`");
                }
            }
        });
    }

    @Test
    void parsingAnyStringNeverThrowsAnythingElse() {
        Property.forAll(Gen.strings().all()).tries(2000).check(text -> {
            try {
                CODEC.parse(text);
            } catch (WireFormatException e) {
                assertThat(e.code()).startsWith("json_");
            }
        });
    }

    // ---- writing ----

    @Test
    void writtenValuesReadBackEqualKeepingOrderAndScale() {
        Property.forAll(tree(4)).tries(1000).check(tree -> {
            for (String text : List.of(CODEC.write(tree), CODEC.writePretty(tree))) {
                Object read = CODEC.parse(text);

                assertThat(read).isEqualTo(tree);
                assertThat(CODEC.write(read)).isEqualTo(CODEC.write(tree));
            }
        });
    }

    @Test
    void writtenTextIsValidUnicodeOnOneLine() {
        Property.forAll(tree(4)).tries(500).check(tree -> {
            String text = CODEC.write(tree);

            assertThat(text).doesNotContain("\n").doesNotContain("\r");
            assertThat(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(text);
        });
    }

    @Test
    void prettyAndCompactTextParseToTheSameTree() {
        Property.forAll(tree(4)).tries(200)
                .check(tree -> assertThat(CODEC.parse(CODEC.writePretty(tree))).isEqualTo(CODEC.parse(CODEC.write(tree))));
    }

    // ---- generators ----

    private static Gen<Object> tree(int depth) {
        return JsonTrees.trees(depth, anyString(), numbers(), anyKey(), true);
    }

    /**
     * Any key without a lone surrogate: the writer escapes one (so its text stays valid Unicode), and the reader,
     * strict about keys, refuses a lone surrogate escaped in a key (JsonCodecTest pins both).
     */
    private static StringGen anyKey() {
        return Gen.strings().withCharRange(Character.MIN_VALUE, '\ud7ff').withCharRange('\ue000', Character.MAX_VALUE)
                .withChars("\"\\/\b\n~").ofMaxLength(8);
    }

    /** Every UTF-16 code unit, lone surrogates and control characters included. */
    private static StringGen anyString() {
        return Gen.strings().withCharRange(Character.MIN_VALUE, Character.MAX_VALUE)
                .withChars("\"\\/\b\f\n\r\t\u2028\ud83d\ude00").ofMaxLength(12);
    }

    /** Integers of any size that fits the limit, decimals of any scale within it, exponents far past a double's. */
    private static Gen<BigDecimal> numbers() {
        Gen<BigInteger> unscaled = Gen.oneOf(
                Gen.bigIntegers(BigInteger.valueOf(-1000), BigInteger.valueOf(1000)),
                Gen.longs(Long.MIN_VALUE, Long.MAX_VALUE).map(BigInteger::valueOf),
                Gen.bigIntegers(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        Gen<Integer> scale = Gen.oneOf(Gen.integers(-3, 20),
                Gen.integers(-JsonLimits.DEFAULT_MAX_NUMBER_SCALE, JsonLimits.DEFAULT_MAX_NUMBER_SCALE));
        return choices -> new BigDecimal(unscaled.generate(choices), scale.generate(choices));
    }

    /** Fragments that start, end or break tokens, and the characters strict JSON refuses. */
    private static final List<String> FRAGMENTS = List.of("{", "}", "[", "]", ",", ":", "\"", "\"a\"", "\"ab\":",
            "\"abcdef\"", "\"" + "s".repeat(119) + "\"", "\"" + "k".repeat(121) + "\":", "\\", "\\u", "\\ud800",
            "\\udc00", "\\ud800\\udc00", "\\u00e9", "\\u00\u0661", "\\x", "\\n", "0", "1", "-", "+", ".", "e", "E+",
            "01", "-0", "1.5", "1e400", "1e-2000000000", "1E+2147483647", "12345678901234567890", "true", "false",
            "null", "tru", "nul", "truex", "NaN", " ", "\t", "\n", "\r", "\r\n", "\u000b", "\u0000", "\u001f",
            "\u00a0", "\ufeff", "\ud800", "/", "//", "/*", "#", "'", "x", "_", "$", "\u00e9", "[[[[", "]]]]",
            "{\"k\":{\"k\":{\"k\":{", "{\"a\":1,\"a\":2}");

    private static Gen<String> tokenSoup() {
        return Gen.of(FRAGMENTS).list().ofMaxSize(25).map(parts -> String.join("", parts));
    }

    private static Gen<String> mutatedDocuments() {
        Gen<String> documents = tree(4).flatMap(tree -> Gen.of(CODEC.write(tree), CODEC.writePretty(tree)));
        Gen<Integer> kinds = Gen.integers(0, 4);
        Gen<Double> positions = Gen.doubles(0, 1);
        Gen<Integer> lengths = Gen.integers(1, 6);
        Gen<String> fragments = Gen.of(FRAGMENTS);
        Gen<Mutation> mutation = choices -> new Mutation(kinds.generate(choices), positions.generate(choices),
                lengths.generate(choices), fragments.generate(choices));
        Gen<List<Mutation>> edits = mutation.list().ofMinSize(1).ofMaxSize(3);
        return choices -> {
            String mutated = documents.generate(choices);
            for (Mutation edit : edits.generate(choices)) {
                mutated = edit.apply(mutated);
            }
            return mutated;
        };
    }

    /** One edit at a relative position: delete, insert, replace, truncate or repeat a slice. */
    private record Mutation(int kind, double where, int length, String fragment) {
        String apply(String text) {
            int at = (int) (where * text.length());
            int to = Math.min(text.length(), at + length);
            switch (kind) {
                case 0:
                    return text.substring(0, at) + text.substring(to);
                case 1:
                    return text.substring(0, at) + fragment + text.substring(at);
                case 2:
                    return text.substring(0, at) + fragment + text.substring(to);
                case 3:
                    return text.substring(0, at);
                default:
                    return text.substring(0, to) + text.substring(at);
            }
        }
    }

    /** Any code units, JSON's own characters more often than the rest. */
    private static Gen<String> anyText() {
        Gen<Character> jsonish = Gen.of("{}[]\",:-0123456789.eE+truefalsn \t\r\n\\/u".chars()
                .mapToObj(c -> (char) c).toList());
        Gen<Character> any = Gen.chars(Character.MIN_VALUE, Character.MAX_VALUE);
        return Gen.frequency(Weighted.of(3, jsonish), Weighted.of(1, any)).list().ofMaxSize(24)
                .map(chars -> chars.stream().map(String::valueOf).collect(Collectors.joining()));
    }

    private static Gen<String> anyInput() {
        return Gen.oneOf(anyText(), tokenSoup(), mutatedDocuments());
    }
}
