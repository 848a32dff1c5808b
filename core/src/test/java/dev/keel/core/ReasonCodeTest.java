package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReasonCodeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "plan_allowed|plan_allowed",
        "  Plan Allowed  |plan_allowed",
        "__x__|x",
        "a  --  b|a_--_b",
        "Model proposed: ПРИМИТИВ №5|model_proposed:_примитив_5",
        "v1.2:ok-go|v1.2:ok-go",
        "\u00A0nbsp trimmed\uFEFF|nbsp_trimmed",
        "日本語 コード|日本語_コード",
        "a/b\\c|a_b_c",
    })
    void normalisesAsTheReference(String raw, String expected) {
        assertThat(ReasonCode.normalizeText(raw)).isEqualTo(expected);
    }

    @Test
    void nothingLeftIsNoCode() {
        assertThat(ReasonCode.normalize("  ___ !!! ")).isEmpty();
        assertThat(ReasonCode.normalize("")).isEmpty();
        assertThat(ReasonCode.normalize(null)).isEmpty();
        assertThatThrownBy(() -> ReasonCode.of("!!!")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void cutsAt120CodeUnitsAfterLowerCasing() {
        String code = ReasonCode.normalizeText("A".repeat(200));
        assertThat(code).hasSize(120).isEqualTo("a".repeat(120));
    }

    @Test
    void trimIsJavaScriptsNotJavas() {
        // U+001F is whitespace to Java's strip() but not to JavaScript's trim(): the reference keeps it (as "_").
        assertThat(ReasonCode.normalizeText("\u001Fx")).isEqualTo("x");
        assertThat(dev.keel.core.text.JsText.trim("\u001Fx\u2007")).isEqualTo("\u001Fx");
    }

    @Test
    void codesKeepFirstAddedOrderWithoutDuplicates() {
        ReasonCodes codes = ReasonCodes.builder().add("b").add("A").add(" a ").add("").add("b").build();

        assertThat(codes.values()).containsExactly("b", "a");
        assertThat(codes.contains("B")).isTrue();
        assertThat(codes.concat(ReasonCodes.of("c", "a")).values()).containsExactly("b", "a", "c");
    }

    @Test
    void normalisingNeverThrowsAndIsBounded() {
        Property.forAll(Gen.strings().all()).tries(2000).check(raw -> {
            String code = ReasonCode.normalizeText(raw);
            if (code != null) {
                assertThat(code).isNotEmpty().hasSizeLessThanOrEqualTo(ReasonCode.MAX_LENGTH);
                assertThat(code).doesNotStartWith("_");
            }
        });
    }

    @Test
    void normalisingIsDeterministic() {
        Property.forAll(Gen.strings().all()).tries(1000)
                .check(raw -> assertThat(ReasonCode.normalizeText(raw)).isEqualTo(ReasonCode.normalizeText(raw)));
    }
}
