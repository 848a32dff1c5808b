package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonCodecTest {

    private final JsonCodec codec = JsonCodec.strict();

    private static void assertCode(Runnable call, String code) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(WireFormatException.class, e -> assertThat(e.code()).isEqualTo(code));
    }

    @Test
    void parsesPlainValuesKeepingKeyOrderAndExactDecimals() {
        Map<String, Object> object = codec.parseObject("{\"b\": 0.80, \"a\": [1, true, null, \"x\"], \"c\": {}}");

        assertThat(object.keySet()).containsExactly("b", "a", "c");
        assertThat(object.get("b")).isEqualTo(new BigDecimal("0.80"));
        assertThat(((BigDecimal) object.get("b")).scale()).isEqualTo(2);
        assertThat((List<Object>) object.get("a")).containsExactly(BigDecimal.ONE, true, null, "x");
        assertThat(object.get("c")).isEqualTo(Map.of());
    }

    @Test
    void parsedTreesAreUnmodifiable() {
        Map<String, Object> object = codec.parseObject("{\"a\": [1]}");

        assertThatThrownBy(() -> object.put("b", 1)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ((List<Object>) object.get("a")).add(2)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void rejectsDuplicateKeysNamingTheKeyAndPosition() {
        assertThatThrownBy(() -> codec.parse("{\"a\": 1,\n \"a\": 2}"))
                .isInstanceOfSatisfying(WireFormatException.class, e -> {
                    assertThat(e.code()).isEqualTo("json_duplicate_key");
                    assertThat(e.getMessage()).contains("'a'").contains("line 2");
                });
    }

    @Test
    void rejectsMalformedText() {
        assertCode(() -> codec.parse("not json"), "json_malformed");
        assertCode(() -> codec.parse("{\"a\": 1"), "json_malformed");
        assertCode(() -> codec.parse("[1, 2"), "json_malformed");
        assertCode(() -> codec.parse(""), "json_malformed");
        assertCode(() -> codec.parse("   "), "json_malformed");
        assertCode(() -> codec.parse("{'a': 1}"), "json_malformed");
        assertCode(() -> codec.parse("{\"a\": NaN}"), "json_malformed");
        assertCode(() -> codec.parse("{\"a\": 01}"), "json_malformed");
        assertCode(() -> codec.parse("// comment\n{}"), "json_malformed");
    }

    @Test
    void rejectsTrailingContent() {
        assertCode(() -> codec.parse("{} {}"), "json_trailing_content");
        assertCode(() -> codec.parse("1 2"), "json_trailing_content");
    }

    @Test
    void limitsNestingDepth() {
        JsonCodec shallow = JsonCodec.create(JsonLimits.DEFAULTS.withMaxDepth(3));

        assertThat(shallow.parse("[[[1]]]")).isEqualTo(List.of(List.of(List.of(BigDecimal.ONE))));
        assertCode(() -> shallow.parse("[[[[1]]]]"), "json_too_deep");
        assertCode(() -> shallow.parse("{\"a\":{\"b\":{\"c\":{}}}}"), "json_too_deep");
        assertCode(() -> codec.parse("[".repeat(100_000)), "json_too_deep");
    }

    @Test
    void limitsStringLengthForValuesAndKeys() {
        JsonCodec small = JsonCodec.create(JsonLimits.DEFAULTS.withMaxStringLength(5));

        assertThat(small.parse("\"12345\"")).isEqualTo("12345");
        assertCode(() -> small.parse("\"123456\""), "json_string_too_long");
        assertCode(() -> small.parse("{\"123456\": 1}"), "json_string_too_long");
    }

    @Test
    void limitsNumberLength() {
        JsonCodec small = JsonCodec.create(JsonLimits.DEFAULTS.withMaxNumberLength(5));

        assertThat(small.parse("12345")).isEqualTo(new BigDecimal("12345"));
        assertCode(() -> small.parse("1234567890123"), "json_number_too_long");
    }

    @Test
    void limitsDocumentSize() {
        JsonCodec small = JsonCodec.create(JsonLimits.DEFAULTS.withMaxDocumentLength(10));

        assertThat(small.parse("[1,2,3,4]")).isEqualTo(List.of(BigDecimal.ONE, BigDecimal.valueOf(2), BigDecimal.valueOf(3), BigDecimal.valueOf(4)));
        assertThatThrownBy(() -> small.parse("[1,2,3,4,5,6]"))
                .isInstanceOfSatisfying(WireFormatException.class, e -> {
                    assertThat(e.code()).isEqualTo("json_document_too_large");
                    assertThat(e.getMessage()).contains("13").contains("10");
                });
    }

    @Test
    void parseObjectRejectsOtherValues() {
        assertCode(() -> codec.parseObject("[]"), "json_not_an_object");
        assertCode(() -> codec.parseObject("null"), "json_not_an_object");
    }

    @Test
    void writesCompactTextKeepingDefinedOrderAndSortingTheRest() {
        Map<String, Object> ordered = new LinkedHashMap<>();
        ordered.put("z", 1);
        ordered.put("a", 2);
        Map<String, Object> unordered = new HashMap<>();
        unordered.put("z", 1);
        unordered.put("a", 2);
        unordered.put("m", List.of());

        assertThat(codec.write(ordered)).isEqualTo("{\"z\":1,\"a\":2}");
        assertThat(codec.write(unordered)).isEqualTo("{\"a\":2,\"m\":[],\"z\":1}");
        assertThat(codec.write(Map.of("k", "v", "b", "x", "y", true))).isEqualTo("{\"b\":\"x\",\"k\":\"v\",\"y\":true}");
        assertThat(codec.write(codec.parse("{\"z\":1,\"a\":0.50}"))).isEqualTo("{\"z\":1,\"a\":0.50}");
    }

    @Test
    void escapesControlCharactersSoOutputStaysOnOneLine() {
        assertThat(codec.write(Map.of("t", "a\nb\u2028c"))).doesNotContain("\n").isEqualTo("{\"t\":\"a\\nb\u2028c\"}");
    }

    @Test
    void writesLoneSurrogatesAsEscapesAndPairsAsTheyAre() {
        assertThat(codec.write("a\ud800b")).isEqualTo("\"a\\ud800b\"");
        assertThat(codec.write("\udc00\ud83d\ude00\ud83d")).isEqualTo("\"\\udc00\ud83d\ude00\\ud83d\"");
        assertThat(codec.write(List.of("\ud800", "x\ud800\ud800"))).isEqualTo("[\"\\ud800\",\"x\\ud800\\ud800\"]");
        // An escaped lone surrogate read comes back as the same escape.
        assertThat(codec.write(codec.parse("[\"\\ud800\", \"\\uDFFF!\"]"))).isEqualTo("[\"\\ud800\",\"\\udfff!\"]");
        // In a key too, so the text stays valid Unicode; the reader refuses an escaped lone surrogate in a key.
        String written = codec.write(Map.of("k\ud800", 1));
        assertThat(written).isEqualTo("{\"k\\ud800\":1}");
        assertCode(() -> codec.parse(written), "json_malformed");
    }

    @Test
    void writesNumbersWithoutExpandingThem() {
        assertThat(codec.write(new BigDecimal("-1e2000000000"))).isEqualTo("-1E+2000000000");
        assertThat(codec.write(new BigDecimal("1e-999999"))).isEqualTo("1E-999999");
        assertThat(codec.write(List.of(new BigDecimal("0.80"), new BigDecimal("1E+3"), 7, 2.5))).isEqualTo("[0.80,1E+3,7,2.5]");
    }

    @Test
    void writesToAWriterWithoutClosingIt() {
        java.io.StringWriter out = new java.io.StringWriter() {
            @Override
            public void close() {
                throw new AssertionError("closed");
            }
        };
        codec.write(Map.of("a", "\ud800"), out);
        codec.write(List.of(1), out);

        assertThat(out.toString()).isEqualTo("{\"a\":\"\\ud800\"}[1]");
    }

    @Test
    void refusesValuesJsonCannotHold() {
        assertCode(() -> codec.write(Double.NaN), "json_unsupported_value");
        assertCode(() -> codec.write(List.of(Double.POSITIVE_INFINITY)), "json_unsupported_value");
        List<Object> cycle = new java.util.ArrayList<>();
        cycle.add(cycle);
        assertCode(() -> codec.write(cycle), "json_unsupported_value");
    }

    record Thresholds(String calendar, int minimum, BigDecimal band) {
    }

    @Test
    void bindsRecordsAndReportsThePointerOfABadValue() {
        assertThat(codec.read("{\"calendar\":\"A\",\"minimum\":7,\"band\":0.25}", Thresholds.class))
                .isEqualTo(new Thresholds("A", 7, new BigDecimal("0.25")));

        assertThatThrownBy(() -> codec.read("{\"calendar\":\"A\",\"minimum\":\"seven\",\"band\":0.25}", Thresholds.class))
                .isInstanceOfSatisfying(WireFormatException.class, e -> {
                    assertThat(e.code()).isEqualTo("json_binding_failed");
                    assertThat(e.getMessage()).contains("/minimum");
                });
        assertThatThrownBy(() -> codec.read("{\"calendar\":\"A\",\"minimum\":1,\"band\":1,\"extra\":1}", Thresholds.class))
                .isInstanceOfSatisfying(WireFormatException.class, e -> assertThat(e.getMessage()).contains("extra"));
    }

    @Test
    void writesRecordsInDeclarationOrder() {
        assertThat(codec.write(new Thresholds("B", 3, new BigDecimal("0.10"))))
                .isEqualTo("{\"calendar\":\"B\",\"minimum\":3,\"band\":0.10}");
    }

    @Test
    void prettyPrintsWithTwoSpacesAndColonSpace() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("role", "planner");
        value.put("subtasks", List.of("a"));
        value.put("empty", List.of());

        assertThat(codec.writePretty(value)).isEqualTo(
                "{\n  \"role\": \"planner\",\n  \"subtasks\": [\n    \"a\"\n  ],\n  \"empty\": []\n}");
    }
}
