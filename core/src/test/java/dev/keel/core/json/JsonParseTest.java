package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/**
 * Every error code of the codec's parse, with where it says the problem is, and the edges of strict JSON. Positions
 * are Jackson's: a syntax error is mostly reported at the character that breaks the grammar, a passed limit just
 * after the token that passes it, a repeated key just after the key.
 */
class JsonParseTest {

    private final JsonCodec codec = JsonCodec.strict();

    private static WireFormatException failure(JsonCodec codec, String text) {
        try {
            codec.parse(text);
        } catch (WireFormatException e) {
            return e;
        }
        throw new AssertionError("parsed: " + text);
    }

    private void assertFails(String text, String code, String where) {
        assertFails(codec, text, code, where);
    }

    private static void assertFails(JsonCodec codec, String text, String code, String where) {
        WireFormatException e = failure(codec, text);
        assertThat(e.code()).as(text).isEqualTo(code);
        assertThat(e.getMessage()).as(text).contains(where);
    }

    private static BigDecimal decimal(Object value) {
        assertThat(value).isInstanceOf(BigDecimal.class);
        return (BigDecimal) value;
    }

    // ---- values ----

    @Test
    void readsEveryEscape() {
        assertThat(codec.parse("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u00E9 \\u0000\""))
                .isEqualTo("\" \\ / \b \f \n \r \t \u00e9 \u00e9 \u0000");
        assertThat(codec.parseObject("{\"a\\nb\": \"x\"}")).containsOnlyKeys("a\nb");
        // An escaped backslash before a u is no escape.
        assertThat(codec.parse("\"\\\\u00zz \\\\\\u0041\"")).isEqualTo("\\u00zz \\A");
    }

    @Test
    void takesLoneSurrogatesInValuesButNotInKeys() {
        assertThat(codec.parse("\"\\ud83d\\ude00\"")).isEqualTo("\ud83d\ude00");
        assertThat(codec.parse("\"\ud83d\ude00\"")).isEqualTo("\ud83d\ude00");
        // In a value a lone surrogate, escaped or not, is kept as written.
        assertThat(codec.parse("\"a\\ud800b\"")).isEqualTo("a\ud800b");
        assertThat(codec.parse("\"a\udc00\"")).isEqualTo("a\udc00");
        assertThat(codec.parseObject("{\"k\ud800\": 1}")).containsOnlyKeys("k\ud800");
        assertThat(codec.parseObject("{\"\\uD83D\\uDE00\": 1}")).containsOnlyKeys("\ud83d\ude00");
        // In a key, escaped surrogates must pair up.
        assertFails("{\"\\ud800\": 1}", "json_malformed", "column 9");
        assertFails("{\"\\ud800\\u0041\": 1}", "json_malformed", "column 15");
        assertFails("{\"\\udc00\": 1}", "json_malformed", "column 9");
        assertFails("{\"\\ud800\udc00\": 1}", "json_malformed", "column 9");
    }

    @Test
    void keepsNumbersExact() {
        assertThat(decimal(codec.parse("0.80")).scale()).isEqualTo(2);
        assertThat(codec.parse("-0")).isEqualTo(BigDecimal.ZERO);
        assertThat(decimal(codec.parse("-0.0"))).isEqualTo(new BigDecimal("0.0"));
        assertThat(codec.parse("9223372036854775807")).isEqualTo(new BigDecimal(Long.MAX_VALUE));
        assertThat(codec.parse("-9223372036854775808")).isEqualTo(new BigDecimal(Long.MIN_VALUE));
        assertThat(codec.parse("123456789012345678901234567890")).isEqualTo(new BigDecimal("123456789012345678901234567890"));
        assertThat(codec.parse("1234567890.12345678901")).isEqualTo(new BigDecimal("1234567890.12345678901"));
        assertThat(codec.parse("1e5")).isEqualTo(new BigDecimal("1E+5"));
        assertThat(decimal(codec.parse("1.5E-3"))).isEqualTo(new BigDecimal("0.0015"));
        assertThat(codec.parse("-2.50e+2")).isEqualTo(new BigDecimal("-2.50E+2"));
        assertThat(codec.parse("1E400")).isEqualTo(BigDecimal.ONE.scaleByPowerOfTen(400));
        assertThat(codec.parse("[0, 7, 0.05]")).isEqualTo(List.of(BigDecimal.ZERO, BigDecimal.valueOf(7), new BigDecimal("0.05")));
    }

    @Test
    void marksNumbersWrittenWithAnExponentAndOnlyThose() {
        Object exponent = codec.parse("80e-2");
        Object plain = codec.parse("0.80");

        assertThat(exponent).isEqualTo(plain).hasSameHashCodeAs(plain).hasToString("0.80");
        assertThat(decimal(exponent).scale()).isEqualTo(2);
        assertThat(JsonNumbers.writtenWithExponent(exponent)).isTrue();
        assertThat(JsonNumbers.asWritten((Number) exponent)).isEqualTo("80e-2");
        assertThat(JsonNumbers.writtenWithExponent(plain)).isFalse();
        assertThat(codec.parse("[1E+5, 1.5e0, 7, 7.0]")).asInstanceOf(InstanceOfAssertFactories.LIST).extracting(JsonNumbers::writtenWithExponent)
                .containsExactly(true, true, false, false);
        // Written out, it is the plain BigDecimal's text, and reads back without the mark.
        assertThat(codec.write(exponent)).isEqualTo("0.80");
        assertThat(JsonNumbers.writtenWithExponent(codec.parse(codec.write(exponent)))).isFalse();
    }

    @Test
    void refusesNumbersWhoseScalePassesTheLimitWithAShortMessage() {
        String[] hostile = {"-1e2000000000", "1E+2147483647", "1e999999", "1e99999999999", "0.1e-2147483648",
            "1e-1001", "1e1001", "0e-5000", "12.5E-1000"};
        for (String number : hostile) {
            for (String text : List.of(number, "[" + number + "]", "{\"n\": " + number + "}")) {
                WireFormatException e = failure(codec, text);
                assertThat(e.code()).as(text).isEqualTo("json_number_out_of_range");
                assertThat(e.getMessage()).as(text).hasSizeLessThan(120).contains("limit of ±1000").contains("at line 1, column");
            }
        }
        assertFails("[0.1e-2147483648]", "json_number_out_of_range", "number 0.1e-2147483648 is out of range");
        assertFails("{\"n\":\n 1e2000}", "json_number_out_of_range", "at line 2, column 2");
        // At the limit both ways, and under a smaller one.
        assertThat(codec.parse("1e1000")).isEqualTo(BigDecimal.ONE.scaleByPowerOfTen(1000));
        assertThat(decimal(codec.parse("1e-1000")).scale()).isEqualTo(1000);
        assertThat(decimal(codec.parse("12.5E-998")).scale()).isEqualTo(999);
        JsonCodec tight = JsonCodec.create(JsonLimits.DEFAULTS.withMaxNumberScale(3));
        assertThat(tight.parse("[1.234, 1e3]")).asInstanceOf(InstanceOfAssertFactories.LIST).hasSize(2);
        assertFails(tight, "1.2345", "json_number_out_of_range", "limit of ±3");
        assertFails(tight, "1e4", "json_number_out_of_range", "limit of ±3");
    }

    @Test
    void readsLiteralsOnlyAsWholeTokens() {
        assertThat(codec.parse("[true,false,null]")).isEqualTo(Arrays.asList(true, false, null));
        assertThat(codec.parseObject("{\"a\":true}")).containsEntry("a", true);
        assertFails("truex", "json_malformed", "unrecognized token 'truex'");
        assertFails("[null1]", "json_malformed", "column 2");
        assertFails("nul", "json_malformed", "column 1");
        assertFails("[true$]", "json_malformed", "column 6");
        assertFails("NaN", "json_malformed", "non-standard token 'NaN'");
        assertFails("-Infinity", "json_malformed", "non-standard token '-Infinity'");
    }

    @Test
    void findsEveryKeyOfAWideObjectInOrder() {
        StringBuilder text = new StringBuilder("{");
        Map<String, Object> expected = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            text.append(i == 0 ? "" : ",").append("\"k").append(i * 7 % 40).append("\":").append(i);
            expected.put("k" + i * 7 % 40, BigDecimal.valueOf(i));
        }
        Map<String, Object> object = codec.parseObject(text.append('}').toString());

        assertThat(object).isEqualTo(expected).hasSameHashCodeAs(expected);
        assertThat(object.keySet()).containsExactlyElementsOf(expected.keySet());
        expected.forEach((key, value) -> assertThat(object.get(key)).isEqualTo(value));
        assertThat(object.containsKey("k40")).isFalse();
        assertThat(object.get("k40")).isNull();
        assertThat(object.get(null)).isNull();
        assertFails(text.substring(0, text.length() - 1) + ",\"k33\":0}", "json_duplicate_key", "'k33'");
    }

    @Test
    void staysFastOnKeysCraftedToShareOneHash() {
        // "Aa" and "BB" have the same String hash, so every key made of 17 of them does: 131,072 keys, one hash.
        // The deadlines below are for liveness, not speed: a quadratic map would take hours on these keys.
        List<String> keys = List.of("");
        for (int pair = 0; pair < 17; pair++) {
            List<String> longer = new ArrayList<>(keys.size() * 2);
            keys.forEach(key -> {
                longer.add(key + "Aa");
                longer.add(key + "BB");
            });
            keys = longer;
        }
        StringBuilder text = new StringBuilder("{");
        keys.forEach(key -> text.append(text.length() == 1 ? "" : ",").append('"').append(key).append("\":1"));
        String json = text.append('}').toString();
        List<String> colliding = keys;

        Map<String, Object> object = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Map<String, Object> parsed = codec.parseObject(json);
            colliding.forEach(parsed::get);
            return parsed;
        });
        assertThat(object).hasSize(131_072).containsEntry(colliding.get(12_345), BigDecimal.ONE);
        String repeated = json.substring(0, json.length() - 1) + ",\"" + colliding.get(7) + "\":2}";
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertFails(repeated, "json_duplicate_key", colliding.get(7)));
    }

    // ---- json_malformed ----

    @Test
    void refusesEmptyAndBlankDocuments() {
        assertFails("", "json_malformed", "line 1, column 1: empty JSON document");
        assertFails(" \t\r\n", "json_malformed", "empty JSON document");
    }

    @Test
    void refusesAByteOrderMarkAndOtherWhiteSpaceThanJsons() {
        assertFails("\ufeff{}", "json_malformed", "line 1, column 1");
        assertFails("{}\ufeff", "json_malformed", "line 1, column 3");
        assertFails("\u00a0{}", "json_malformed", "column 1");
        assertFails("{\u000b}", "json_malformed", "column 3");
        assertFails("[1,\u0000 2]", "json_malformed", "column 5");
    }

    @Test
    void refusesNumbersOutsideTheGrammar() {
        assertFails("01", "json_malformed", "column 2: invalid numeric value: Leading zeroes not allowed");
        assertFails("-01", "json_malformed", "column 3");
        assertFails("[1.]", "json_malformed", "column 3");
        assertFails("1.", "json_malformed", "column 2");
        assertFails(".5", "json_malformed", "column 1");
        assertFails("+1", "json_malformed", "column 2");
        assertFails("-", "json_malformed", "column 2: unexpected end-of-input: no digit following sign");
        assertFails("[-a]", "json_malformed", "column 3");
        assertFails("1e", "json_malformed", "column 3");
        assertFails("[1e+]", "json_malformed", "column 3");
        assertFails("[1.5ee]", "json_malformed", "column 3");
    }

    @Test
    void refusesBrokenStrings() {
        assertFails("\"abc", "json_malformed", "column 5");
        assertFails("\"a\u0001\"", "json_malformed", "column 3");
        assertFails("\"a\nb\"", "json_malformed", "column 3");
        assertFails("\"\\x\"", "json_malformed", "column 3");
        assertFails("\"\\U0041\"", "json_malformed", "column 3");
        assertFails("\"\\u12\"", "json_malformed", "column 6");
        assertFails("\"\\", "json_malformed", "column 3");
        assertFails("'a'", "json_malformed", "column 1");
        // Jackson alone would take any character whose low byte is a hex digit here (U+0661 as 'a').
        assertFails("\"\\u004\u0661\"", "json_malformed", "column 7: expected a hex digit");
        assertFails("{\"k\\u\u0661\u0661\u0661\u0661\": 1}", "json_malformed", "column 6");
        assertFails("[\n\"\\\\\\u00\u0661\"]", "json_malformed", "line 2, column 8");
    }

    @Test
    void refusesBrokenStructure() {
        assertFails("[1,]", "json_malformed", "column 4");
        assertFails("[,1]", "json_malformed", "column 2");
        assertFails("[1 2]", "json_malformed", "column 4");
        assertFails("{\"a\":1,}", "json_malformed", "column 8");
        assertFails("{\"a\" 1}", "json_malformed", "column 6");
        assertFails("{\"a\":}", "json_malformed", "column 6");
        assertFails("{a:1}", "json_malformed", "column 2: unexpected character ('a' (code 97))");
        assertFails("{\"a\":1 \"b\":2}", "json_malformed", "column 8");
        assertFails("[}", "json_malformed", "column 2: unexpected close marker '}': expected ']'");
        assertFails("{]", "json_malformed", "column 2");
        assertFails("[1", "json_malformed", "column 3");
        assertFails("{\"a\":1", "json_malformed", "column 7");
        assertFails("]", "json_malformed", "column 1");
        assertFails("/* no */ {}", "json_malformed", "column 1");
        assertFails("# no\n{}", "json_malformed", "column 1");
    }

    @Test
    void saysWhatIsWrongInTheDocumentsTermsOnly() {
        for (String text : List.of("[}", "[1", "{\"a\":1", "/* no */ {}", "NaN", "+1", "\"\\x\"", "{\"a\"}")) {
            String message = failure(codec, text).getMessage();
            assertThat(message).as(text).startsWith("malformed JSON at line 1, column ")
                    .doesNotContain("Source").doesNotContain("REDACTED").doesNotContain("`").doesNotContain("Feature")
                    .doesNotContain("Constraints").doesNotContain("jackson");
        }
    }

    @Test
    void countsLinesAsJacksonDoes() {
        assertFails("{\n  \"a\": x\n}", "json_malformed", "at line 2, column 8");
        assertFails("[\r\n1,\r\n]", "json_malformed", "at line 3, column 1");
        assertFails("[\r\r1 2]", "json_malformed", "at line 3, column 3");
    }

    // ---- the other codes ----

    @Test
    void refusesTrailingContentOnlyWhenItStartsAToken() {
        assertFails("{} {}", "json_trailing_content", "column 4");
        assertFails("{}\n[", "json_trailing_content", "line 2, column 1");
        assertFails("\"a\" \"unterminated", "json_trailing_content", "column 5");
        assertFails("1 2", "json_trailing_content", "column 3");
        assertFails("true\"x\"", "json_trailing_content", "column 5");
        // What follows is read as far as its first token.
        assertFails("{} x", "json_malformed", "column 4");
        assertFails("{} ]", "json_malformed", "column 4");
        assertFails("{} 01", "json_malformed", "column 5");
        assertFails("{} 1e99999999999", "json_trailing_content", "column 4");
        // A number at the top level must be followed by white space.
        assertFails("1{}", "json_malformed", "column 2");
        assertFails("{} 1x", "json_malformed", "column 5");
    }

    @Test
    void refusesDuplicateKeysWhereverTheyAre() {
        assertFails("{\"a\": 1,\n \"a\": 2}", "json_duplicate_key", "duplicate key 'a' at line 2, column 5");
        assertFails("{\"a\": 1, \"b\": {\"a\": 1, \"a\": 1}}", "json_duplicate_key", "column 27");
        // Found as soon as the key is read, before its value.
        assertFails("{\"a\": 1, \"a\": [}", "json_duplicate_key", "column 13");
        assertThat(codec.parseObject("{\"a\": {\"a\": 1}, \"b\": [{\"a\": 1}, {\"a\": 2}]}")).containsOnlyKeys("a", "b");
        String longKey = "k".repeat(5000);
        assertThat(failure(codec, "{\"" + longKey + "\":1,\"" + longKey + "\":2}").getMessage()).hasSizeLessThan(150);
    }

    @Test
    void limitsDepthAtTheOpeningBracket() {
        String deepest = "[".repeat(64) + "]".repeat(64);
        assertThat(codec.parse(deepest)).isInstanceOf(List.class);
        assertFails("[".repeat(65) + "]".repeat(65), "json_too_deep", "nesting depth 65 exceeds the limit of 64 at line 1, column 66");
        assertFails("{\"a\":".repeat(64) + "{}" + "}".repeat(64), "json_too_deep", "nesting depth 65 exceeds the limit of 64");
        assertThat(codec.parse("{\"a\":".repeat(63) + "{}" + "}".repeat(63))).isInstanceOf(Map.class);
        assertFails("[".repeat(65), "json_too_deep", "column 66");
        assertFails("[".repeat(100_000), "json_too_deep", "column 66");
    }

    @Test
    void limitsStringsAndKeys() {
        JsonCodec small = JsonCodec.create(JsonLimits.DEFAULTS.withMaxStringLength(3));

        assertThat(small.parse("[\"abc\", \"\\n\\n\\n\"]")).isEqualTo(List.of("abc", "\n\n\n"));
        assertFails(small, "[\"abcd\"]", "json_string_too_long", "string of 4 characters exceeds the limit of 3 at line 1, column 8");
        assertFails(small, "{\"abcd\" x}", "json_string_too_long", "key of 4 characters exceeds the limit of 3");
        assertFails(small, "[\"" + "x".repeat(100_000) + "\"]", "json_string_too_long", "exceeds the limit of 3");
        // A string that does not end is malformed, whatever its length.
        assertThat(failure(small, "[\"abcd").code()).isEqualTo("json_malformed");
        assertThat(failure(small, "[\"abcd\\x\"]").code()).isEqualTo("json_malformed");
        // The string limit is not applied to the text of a number.
        assertThat(small.parse("12345678901234567890")).isEqualTo(new BigDecimal("12345678901234567890"));
        assertThat(small.parse("1.23456")).isEqualTo(new BigDecimal("1.23456"));
    }

    @Test
    void limitsNumbersByTheirDigitsWherever() {
        JsonCodec small = JsonCodec.create(JsonLimits.DEFAULTS.withMaxNumberLength(5));

        assertThat(small.parse("[-12345, -1.2345, 1.23e45, -123.4E+5]")).asInstanceOf(InstanceOfAssertFactories.LIST).hasSize(4);
        assertThat(failure(small, "[123456]").code()).isEqualTo("json_number_too_long");
        assertFails(small, "[1.23456]", "json_number_too_long", "number of 6 digits exceeds the limit of 5 at line 1");
        assertThat(failure(small, "[1e123456]").code()).isEqualTo("json_number_too_long");
        // Counted in full when the number runs to the end of the input, too.
        assertFails(small, "1.23456", "json_number_too_long", "number of 6 digits exceeds the limit of 5 at line 1, column 1");
        assertThat(small.parse("-12345")).isEqualTo(new BigDecimal("-12345"));
        // A malformed number is malformed, whatever its length.
        assertThat(failure(small, "[0123456]").code()).isEqualTo("json_malformed");
    }

    @Test
    void limitsTheDocumentBeforeReadingIt() {
        JsonCodec small = JsonCodec.create(JsonLimits.DEFAULTS.withMaxDocumentLength(4));

        assertThat(small.parse("[[]]")).isEqualTo(List.of(List.of()));
        assertThat(failure(small, "[ 1 ]").code()).isEqualTo("json_document_too_large");
        assertThat(failure(small, "{{{{{").code()).isEqualTo("json_document_too_large");
    }

    @Test
    void parseObjectRefusesOtherValuesNamingThem() {
        assertThatThrownBy(() -> codec.parseObject("[1]")).isInstanceOfSatisfying(WireFormatException.class, e -> {
            assertThat(e.code()).isEqualTo("json_not_an_object");
            assertThat(e.getMessage()).contains("an array");
        });
        assertThatThrownBy(() -> codec.parseObject("\"{}\"")).isInstanceOfSatisfying(WireFormatException.class,
                e -> assertThat(e.getMessage()).contains("a string"));
    }
}
