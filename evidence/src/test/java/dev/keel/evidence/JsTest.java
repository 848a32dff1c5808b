package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** The JavaScript conversions, checked against values Node.js computed (js-semantics.jsonl) and by hand. */
class JsTest {

    @Test
    void numberToStringAndStringToNumberMatchNode() throws IOException {
        int checked = 0;
        List<String> failures = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(getClass().getResourceAsStream("/conformance/js-semantics.jsonl"));
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                Map<String, Object> sample = JsonCodec.strict().parseObject(line);
                String expected = (String) sample.get("expected");
                if ("number_to_string".equals(sample.get("kind"))) {
                    double value = Double.longBitsToDouble(Long.parseUnsignedLong((String) sample.get("bits"), 16));
                    String actual = Js.numberToString(value);
                    if (!actual.equals(expected)) {
                        failures.add(sample.get("bits") + ": " + actual + " != " + expected);
                    }
                } else {
                    double actual = Js.stringToNumber((String) sample.get("input"));
                    String bits = Double.isNaN(actual) ? "NaN" : String.format("%016x", Double.doubleToRawLongBits(actual));
                    if (!bits.equals(expected)) {
                        failures.add("Number(" + sample.get("input") + "): " + bits + " != " + expected);
                    }
                }
                checked++;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(checked).isGreaterThan(1_000);
    }

    @Test
    void stringConversionFollowsJavaScript() {
        assertThat(Js.toJsString(new BigDecimal("1e21"))).isEqualTo("1e+21");
        assertThat(Js.toJsString(new BigDecimal("1.50"))).isEqualTo("1.5");
        assertThat(Js.toJsString(new BigDecimal("1e400"))).isEqualTo("Infinity");
        assertThat(Js.toJsString(new BigDecimal("-0"))).isEqualTo("0");
        assertThat(Js.toJsString(true)).isEqualTo("true");
        assertThat(Js.toJsString(Arrays.asList(new BigDecimal(1), null, List.of(new BigDecimal(2), "x")))).isEqualTo("1,,2,x");
        assertThat(Js.toJsString(Map.of())).isEqualTo("[object Object]");
        assertThat(Js.toJsString(Map.of("valueOf", 1))).isEqualTo("[object Object]");
        assertThatThrownBy(() -> Js.toJsString(Map.of("toString", 1))).isInstanceOf(Js.NotConvertibleException.class);
        assertThatThrownBy(() -> Js.toJsString(List.of(Map.of("toString", 1)))).isInstanceOf(Js.NotConvertibleException.class);
    }

    @Test
    void numberConversionFollowsJavaScript() {
        assertThat(Js.toJsNumber(null)).isZero();
        assertThat(Js.toJsNumber(Js.UNDEFINED)).isNaN();
        assertThat(Js.toJsNumber(true)).isEqualTo(1);
        assertThat(Js.toJsNumber("")).isZero();
        assertThat(Js.toJsNumber(List.of())).isZero();
        assertThat(Js.toJsNumber(List.of("8"))).isEqualTo(8);
        assertThat(Js.toJsNumber(List.of(new BigDecimal(1), new BigDecimal(2)))).isNaN();
        assertThat(Js.toJsNumber(Map.of())).isNaN();
        assertThat(Js.toJsNumber("abc")).isNaN();
        assertThatThrownBy(() -> Js.toJsNumber(Map.of("toString", 1))).isInstanceOf(Js.NotConvertibleException.class);
    }

    @Test
    void truthinessFollowsJavaScript() {
        for (Object falsy : Arrays.asList(null, Js.UNDEFINED, false, "", BigDecimal.ZERO, new BigDecimal("-0"))) {
            assertThat(Js.truthy(falsy)).as("%s", falsy).isFalse();
        }
        for (Object truthy : Arrays.asList(true, "false", "0", List.of(), Map.of(), new BigDecimal("1e400"))) {
            assertThat(Js.truthy(truthy)).as("%s", truthy).isTrue();
        }
    }

    @Test
    void sameValueZeroComparesPrimitivesByValueAndObjectsByIdentity() {
        assertThat(Js.sameValueZeroKey(new BigDecimal("5"))).isEqualTo(Js.sameValueZeroKey(new BigDecimal("5.0")));
        assertThat(Js.sameValueZeroKey(new BigDecimal("0"))).isEqualTo(Js.sameValueZeroKey(new BigDecimal("-0")));
        assertThat(Js.sameValueZeroKey(new BigDecimal("1e400"))).isEqualTo(Js.sameValueZeroKey(new BigDecimal("2e400")));
        assertThat(Js.sameValueZeroKey("5")).isNotEqualTo(Js.sameValueZeroKey(new BigDecimal("5")));
        assertThat(Js.sameValueZeroKey(null)).isEqualTo(Js.sameValueZeroKey(null)).isNotEqualTo(Js.sameValueZeroKey(Js.UNDEFINED));
        assertThat(Js.sameValueZeroKey(List.of())).isNotEqualTo(Js.sameValueZeroKey(List.of()));
    }

    @Test
    void jsonRoundTripPrintsNumbersAsJavaScriptAndOrdersIndexKeysFirst() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("b", new BigDecimal("1e400"));
        object.put("10", new BigDecimal("0.1000000000000000000001"));
        object.put("2", List.of(new BigDecimal("1.50")));
        object.put("01", "kept in place");
        @SuppressWarnings("unchecked")
        Map<String, Object> tripped = (Map<String, Object>) Js.jsonRoundTrip(object);
        assertThat(tripped.keySet()).containsExactly("2", "10", "b", "01");
        assertThat(tripped.get("b")).isNull();
        assertThat(tripped.get("10")).isEqualTo(new BigDecimal("0.1"));
        assertThat(tripped.get("2")).isEqualTo(List.of(new BigDecimal("1.5")));
    }
}
