package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.arbitraries.StringArbitrary;

/**
 * The codec on arbitrary input: it parses or fails with a short wire-format error that says where; what it writes
 * reads back equal, is valid Unicode whatever the strings hold, and keeps each number's scale.
 */
class JsonCodecProperties {

    private static final JsonLimits SMALL = JsonLimits.DEFAULTS.withMaxDepth(3).withMaxStringLength(120)
            .withMaxNumberLength(20).withMaxNumberScale(50);

    private final JsonCodec codec = JsonCodec.strict();
    private final JsonCodec small = JsonCodec.create(SMALL);

    // ---- reading anything ----

    @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
    void parsingAnythingGivesATreeOrAShortErrorThatSaysWhere(@ForAll("anyInput") String text) {
        for (JsonCodec reader : List.of(codec, small)) {
            try {
                Object tree = reader.parse(text);
                assertThat(reader.parse(reader.write(tree))).isEqualTo(tree);
            } catch (WireFormatException e) {
                assertThat(e.code()).isIn("json_malformed", "json_duplicate_key", "json_too_deep", "json_string_too_long",
                        "json_number_too_long", "json_number_out_of_range", "json_trailing_content");
                assertThat(e.getMessage()).containsPattern("at line \\d+, column \\d+").hasSizeLessThan(400)
                        .doesNotContain("Source:").doesNotContain("`");
            }
        }
    }

    @Property(tries = 2000)
    void parsingAnyStringNeverThrowsAnythingElse(@ForAll String text) {
        try {
            codec.parse(text);
        } catch (WireFormatException e) {
            assertThat(e.code()).startsWith("json_");
        }
    }

    // ---- writing ----

    @Property(tries = 1000)
    void writtenValuesReadBackEqualKeepingOrderAndScale(@ForAll("trees") Object tree) {
        for (String text : List.of(codec.write(tree), codec.writePretty(tree))) {
            Object read = codec.parse(text);

            assertThat(read).isEqualTo(tree);
            assertThat(codec.write(read)).isEqualTo(codec.write(tree));
        }
    }

    @Property(tries = 500)
    void writtenTextIsValidUnicodeOnOneLine(@ForAll("trees") Object tree) {
        String text = codec.write(tree);

        assertThat(text).doesNotContain("\n").doesNotContain("\r");
        assertThat(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(text);
    }

    @Property(tries = 200)
    void prettyAndCompactTextParseToTheSameTree(@ForAll("trees") Object tree) {
        assertThat(codec.parse(codec.writePretty(tree))).isEqualTo(codec.parse(codec.write(tree)));
    }

    // ---- generators ----

    @Provide
    Arbitrary<Object> trees() {
        return tree(4);
    }

    private Arbitrary<Object> tree(int depth) {
        return JsonTrees.trees(depth, anyString(), numbers(), anyKey(), true);
    }

    /**
     * Any key without a lone surrogate: the writer escapes one (so its text stays valid Unicode), and the reader,
     * strict about keys, refuses a lone surrogate escaped in a key (JsonCodecTest pins both).
     */
    private static StringArbitrary anyKey() {
        return Arbitraries.strings().withCharRange(Character.MIN_VALUE, '\ud7ff').withCharRange('\ue000', Character.MAX_VALUE)
                .withChars("\"\\/\b\n~").ofMaxLength(8);
    }

    /** Every UTF-16 code unit, lone surrogates and control characters included. */
    private static StringArbitrary anyString() {
        return Arbitraries.strings().withCharRange(Character.MIN_VALUE, Character.MAX_VALUE)
                .withChars("\"\\/\b\f\n\r\t\u2028\ud83d\ude00").ofMaxLength(12);
    }

    /** Integers of any size that fits the limit, decimals of any scale within it, exponents far past a double's. */
    private static Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.valueOf(-1000), BigInteger.valueOf(1000)),
                Arbitraries.longs().map(BigInteger::valueOf),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        Arbitrary<Integer> scale = Arbitraries.oneOf(Arbitraries.integers().between(-3, 20),
                Arbitraries.integers().between(-JsonLimits.DEFAULT_MAX_NUMBER_SCALE, JsonLimits.DEFAULT_MAX_NUMBER_SCALE));
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }

    /** Fragments that start, end or break tokens, and the characters strict JSON refuses. */
    private static final List<String> FRAGMENTS = List.of("{", "}", "[", "]", ",", ":", "\"", "\"a\"", "\"ab\":",
            "\"abcdef\"", "\"" + "s".repeat(119) + "\"", "\"" + "k".repeat(121) + "\":", "\\", "\\u", "\\ud800",
            "\\udc00", "\\ud800\\udc00", "\\u00e9", "\\u00\u0661", "\\x", "\\n", "0", "1", "-", "+", ".", "e", "E+",
            "01", "-0", "1.5", "1e400", "1e-2000000000", "1E+2147483647", "12345678901234567890", "true", "false",
            "null", "tru", "nul", "truex", "NaN", " ", "\t", "\n", "\r", "\r\n", "\u000b", "\u0000", "\u001f",
            "\u00a0", "\ufeff", "\ud800", "/", "//", "/*", "#", "'", "x", "_", "$", "\u00e9", "[[[[", "]]]]",
            "{\"k\":{\"k\":{\"k\":{", "{\"a\":1,\"a\":2}");

    @Provide
    Arbitrary<String> tokenSoup() {
        return Arbitraries.of(FRAGMENTS).list().ofMaxSize(25).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<String> mutatedDocuments() {
        Arbitrary<String> documents = tree(4).flatMap(tree -> Arbitraries.of(codec.write(tree), codec.writePretty(tree)));
        Arbitrary<Mutation> mutation = Combinators.combine(
                Arbitraries.integers().between(0, 4), Arbitraries.doubles().between(0, 1),
                Arbitraries.integers().between(1, 6), Arbitraries.of(FRAGMENTS)).as(Mutation::new);
        return Combinators.combine(documents, mutation.list().ofMinSize(1).ofMaxSize(3)).as((text, edits) -> {
            String mutated = text;
            for (Mutation edit : edits) {
                mutated = edit.apply(mutated);
            }
            return mutated;
        });
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
    @Provide
    Arbitrary<String> anyText() {
        Arbitrary<Character> jsonish = Arbitraries.of("{}[]\",:-0123456789.eE+truefalsn \t\r\n\\/u".toCharArray());
        Arbitrary<Character> any = Arbitraries.chars().range(Character.MIN_VALUE, Character.MAX_VALUE);
        return Arbitraries.frequencyOf(Tuple.of(3, jsonish), Tuple.of(1, any)).list().ofMaxSize(24)
                .map(chars -> chars.stream().map(String::valueOf).collect(Collectors.joining()));
    }

    @Provide
    Arbitrary<String> anyInput() {
        return Arbitraries.oneOf(anyText(), tokenSoup(), mutatedDocuments());
    }
}
