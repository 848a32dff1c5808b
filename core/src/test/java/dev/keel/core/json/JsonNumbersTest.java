package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JsonNumbersTest {

    private final JsonCodec codec = JsonCodec.strict();

    @Test
    void rendersNumbersShortAndAsWritten() {
        assertThat(JsonNumbers.asWritten(new BigDecimal("0.80"))).isEqualTo("0.80");
        assertThat(JsonNumbers.asWritten(new BigDecimal("-12"))).isEqualTo("-12");
        assertThat(JsonNumbers.asWritten(new BigDecimal("0.0000001"))).isEqualTo("0.0000001");
        assertThat(JsonNumbers.asWritten((Number) codec.parse("80e-2"))).isEqualTo("80e-2");
        assertThat(JsonNumbers.asWritten((Number) codec.parse("-1E+999"))).isEqualTo("-1E+999");
        assertThat(JsonNumbers.asWritten(new BigDecimal("-1e2000000000"))).isEqualTo("-1E+2000000000");
        assertThat(JsonNumbers.asWritten(new BigDecimal("1e-999999"))).isEqualTo("1E-999999");
        assertThat(JsonNumbers.asWritten(7)).isEqualTo("7");
        assertThat(JsonNumbers.asWritten(2.5)).isEqualTo("2.5");
    }

    @Test
    void cutsALongRenderingKeepingItsEnds() {
        String digits = "1234567890".repeat(10);

        assertThat(JsonNumbers.asWritten(new BigDecimal(digits + "e-50")))
                .isEqualTo("1234567890123456789012345...901234567890");
        assertThat(JsonNumbers.asWritten(new BigDecimal(digits))).isEqualTo("1234567890123456789012345...901234567890");
        JsonCodec longNumbers = JsonCodec.create(JsonLimits.DEFAULTS.withMaxNumberLength(200));
        assertThat(JsonNumbers.asWritten((Number) longNumbers.parse("-" + digits + "e-1000")))
                .isEqualTo("-123456789012345678901234...567890e-1000").hasSize(JsonNumbers.MAX_RENDERED_LENGTH);
    }

    @Test
    void givesTheExactDecimalOfAnyNumberItKnows() {
        assertThat(JsonNumbers.decimal(new BigDecimal("0.80"))).isEqualTo(new BigDecimal("0.80"));
        assertThat(JsonNumbers.decimal(7)).isEqualTo(BigDecimal.valueOf(7));
        assertThat(JsonNumbers.decimal(Long.MIN_VALUE)).isEqualTo(BigDecimal.valueOf(Long.MIN_VALUE));
        assertThat(JsonNumbers.decimal(BigInteger.TEN.pow(30))).isEqualTo(new BigDecimal("1" + "0".repeat(30)));
        assertThat(JsonNumbers.decimal(0.1)).isEqualTo(new BigDecimal("0.1"));
        assertThat(JsonNumbers.decimal(Double.NaN)).isNull();
        assertThat(JsonNumbers.decimal(Float.POSITIVE_INFINITY)).isNull();
        assertThat(JsonNumbers.decimal(new AtomicLong(3))).isNull();
    }

    @Test
    void tellsNumbersWrittenWithAnExponentOnlyWhenTheCodecReadThem() {
        assertThat(JsonNumbers.writtenWithExponent(codec.parse("1E5"))).isTrue();
        assertThat(JsonNumbers.writtenWithExponent(codec.parse("100000"))).isFalse();
        assertThat(JsonNumbers.writtenWithExponent(new BigDecimal("1E5"))).isFalse();
        assertThat(JsonNumbers.writtenWithExponent("1e5")).isFalse();
        assertThat(JsonNumbers.writtenWithExponent(null)).isFalse();
    }
}
