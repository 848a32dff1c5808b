package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The hand-written reader against Jackson's strict parser (the codec's behaviour before it): equal trees for every
 * written value, and the same outcome (the same tree, or a failure with the same code) for any text, with the
 * default limits and with a small depth limit and a string limit just above the longest number, so that the order
 * of limit checks and syntax errors is compared too. Three Jackson quirks are left out on purpose, each pinned by
 * an example in {@code StrictJsonReaderTest}: Jackson counted a number running to the end of the input one digit
 * short, applied the string limit to the text of integers past a long, and read the hex digits of a backslash-u
 * escape by their low byte only, so texts with a non-ASCII character inside such an escape are not compared.
 */
class StrictJsonReaderProperties {

    private static final JsonLimits SMALL = JsonLimits.DEFAULTS.withMaxDepth(3).withMaxStringLength(120);
    private static final Pattern NON_ASCII_IN_UNICODE_ESCAPE = Pattern.compile("\\\\u.{0,3}[^\\x00-\\x7F]");

    private final JsonCodec codec = JsonCodec.strict();
    private final JacksonTreeReader jackson = new JacksonTreeReader(JsonLimits.DEFAULTS);
    private final JsonCodec small = JsonCodec.create(SMALL);
    private final JacksonTreeReader smallJackson = new JacksonTreeReader(SMALL);

    /** A tree, or the code it failed with; the written form keeps key order and each number's scale. */
    private record Outcome(String code, Object value, String written) {
    }

    private Outcome outcome(Function<String, Object> reader, String text) {
        try {
            Object value = reader.apply(text);
            return new Outcome(null, value, codec.write(value));
        } catch (WireFormatException e) {
            return new Outcome(e.code(), null, null);
        }
    }

    @Property(tries = 1000)
    void writtenValuesReadBackEqualAndAsJacksonReadsThem(@ForAll("trees") Object tree) {
        for (String text : List.of(codec.write(tree), codec.writePretty(tree))) {
            Outcome read = outcome(codec::parse, text);

            assertThat(read.code()).isNull();
            assertThat(read.value()).isEqualTo(tree);
            assertThat(read.written()).isEqualTo(codec.write(tree));
            assertThat(read).isEqualTo(outcome(jackson::parse, text));
        }
    }

    @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
    void mutatedDocumentsGiveJacksonsOutcome(@ForAll("mutatedDocuments") String text) {
        assertSameOutcomeAsJackson(text);
    }

    @Property(tries = 3000)
    void tokenSoupGivesJacksonsOutcome(@ForAll("tokenSoup") String text) {
        assertSameOutcomeAsJackson(text);
    }

    @Property(tries = 3000)
    void anyTextGivesJacksonsOutcome(@ForAll("anyText") String text) {
        assertSameOutcomeAsJackson(text);
    }

    private void assertSameOutcomeAsJackson(String text) {
        Assume.that(!NON_ASCII_IN_UNICODE_ESCAPE.matcher(text).find());
        assertThat(outcome(codec::parse, text)).isEqualTo(outcome(jackson::parse, text));
        assertThat(outcome(small::parse, text)).isEqualTo(outcome(smallJackson::parse, text));
    }

    @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
    void neverThrowsAnythingButAWireFormatErrorThatSaysWhere(@ForAll("anyInput") String text) {
        for (JsonCodec reader : List.of(codec, small)) {
            try {
                reader.parse(text);
            } catch (WireFormatException e) {
                assertThat(e.code()).startsWith("json_");
                if (!e.getMessage().equals("empty JSON document")) {
                    assertThat(e.getMessage()).containsPattern("at line \\d+, column \\d+");
                }
            }
        }
    }

    // ---- generators ----

    @Provide
    Arbitrary<Object> trees() {
        return tree(4);
    }

    private Arbitrary<Object> tree(int depth) {
        // Wide objects take the hash-indexed path of ParsedObject.
        return JsonTrees.trees(depth, anyString(), numbers(), anyString().ofMaxLength(8), true);
    }

    /** Every UTF-16 code unit, lone surrogates and control characters included. */
    private static net.jqwik.api.arbitraries.StringArbitrary anyString() {
        return Arbitraries.strings().withCharRange(Character.MIN_VALUE, Character.MAX_VALUE)
                .withChars("\"\\/\b\f\n\r\t\u2028\ud83d\ude00").ofMaxLength(12);
    }

    /** Integers of any size that fits the limit, decimals of any scale, exponents far past a double's. */
    private static Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.valueOf(-1000), BigInteger.valueOf(1000)),
                Arbitraries.longs().map(BigInteger::valueOf),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        Arbitrary<Integer> scale = Arbitraries.oneOf(Arbitraries.integers().between(-3, 20),
                Arbitraries.integers().between(-500, 500));
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }

    /** Fragments that start, end or break tokens, and the characters strict JSON refuses. */
    private static final List<String> FRAGMENTS = List.of("{", "}", "[", "]", ",", ":", "\"", "\"a\"", "\"ab\":",
            "\"abcdef\"", "\"" + "s".repeat(119) + "\"", "\"" + "k".repeat(121) + "\":", "\\", "\\u", "\\ud800",
            "\\udc00", "\\ud800\\udc00", "\\u00e9", "\\x", "\\n", "0", "1", "-", "+", ".", "e", "E+", "01", "-0",
            "1.5", "1e400", "12345678901234567890", "true", "false", "null", "tru", "nul", "truex", "NaN", " ", "\t",
            "\n", "\r", "\r\n", "\u000b", "\u0000", "\u001f", "\u00a0", "\ufeff", "\ud800", "/", "//", "/*", "#",
            "'", "x", "_", "$", "\u00e9", "[[[[", "]]]]", "{\"k\":{\"k\":{\"k\":{", "{\"a\":1,\"a\":2}");

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
