package dev.keel.evidence.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CsvTableReaderTest {

    private static final List<CsvColumn> COLUMNS = List.of(CsvColumn.text("ward"), CsvColumn.wholeNumber("week", 1),
            CsvColumn.decimal("occupancy", BigDecimal.ZERO, BigDecimal.ONE), CsvColumn.wholeNumber("delta", -10, 10));

    private static CsvTable read(String csv) {
        return CsvTableReader.read("beds.csv", csv, COLUMNS);
    }

    @Test
    void readsTypedValuesWithTheirLocators() {
        CsvTable table = read("ward,week,occupancy,delta\r\nA,1,0.80,-2\r\n\"B, east\",12,1,0\r\n");

        assertThat(table.rows()).hasSize(2);
        CsvRow second = table.rows().get(1);
        assertThat(second.text("ward")).isEqualTo("B, east");
        assertThat(second.wholeNumber("week")).isEqualTo(12);
        assertThat(table.rows().get(0).decimal("occupancy")).isEqualByComparingTo("0.80").hasScaleOf(2);
        assertThat(table.rows().get(0).wholeNumber("delta")).isEqualTo(-2);
        assertThat(second.locator("occupancy")).hasToString("beds.csv#line=3&column=occupancy");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+1", "1e3", "1,000", "١", "１", " 1", "1.0", "", "9999999999999999999"})
    void aWholeNumberIsReadAsWrittenInAsciiDigitsOnly(String week) {
        assertThatThrownBy(() -> read("ward,week,occupancy,delta\nA,\"" + week + "\",0.5,0\n"))
                .isInstanceOf(MalformedEvidenceException.class)
                .hasMessageStartingWith("beds.csv line 2, column week: must be a whole number of at least 1, was \"");
    }

    @ParameterizedTest
    @ValueSource(strings = {".5", "5.", "-0.1", "1.01", "0,5", "٠.٥", "1E-1"})
    void aDecimalIsPlainAndWithinItsBounds(String occupancy) {
        assertThatThrownBy(() -> read("ward,week,occupancy,delta\nA,1,\"" + occupancy + "\",0\n"))
                .isInstanceOf(MalformedEvidenceException.class)
                .hasMessageContaining("column occupancy: must be a decimal number from 0 to 1");
    }

    @Test
    void aByteOrderMarkIsAccepted() {
        byte[] bytes = ("\uFEFFward,week,occupancy,delta\nA,1,0.5,0\n").getBytes(StandardCharsets.UTF_8);

        assertThat(CsvTableReader.read("beds.csv", bytes, COLUMNS).rows()).hasSize(1);
    }

    @Test
    void aHeaderThatDiffersByAnInvisibleCharacterIsShownSo() {
        assertThatThrownBy(() -> read("ward,we\u200Bek,occupancy,delta\nA,1,0.5,0\n"))
                .isInstanceOf(MalformedEvidenceException.class)
                .hasMessage("beds.csv line 1: header must be ward,week,occupancy,delta, was ward,we\\u200Bek,occupancy,delta");
    }

    @Test
    void invalidUtf8NamesTheLineAndOffset() {
        byte[] bytes = "ward,week,occupancy,delta\nA,1,0.5,0\nB,2,0.".getBytes(StandardCharsets.UTF_8);
        byte[] broken = java.util.Arrays.copyOf(bytes, bytes.length + 2);
        broken[bytes.length] = (byte) 0xC3;
        broken[bytes.length + 1] = '\n';

        assertThatThrownBy(() -> CsvTableReader.read("beds.csv", broken, COLUMNS))
                .isInstanceOf(WireFormatException.class).hasMessage("beds.csv line 3: not valid UTF-8 (byte offset "
                        + bytes.length + ")")
                .extracting(e -> ((WireFormatException) e).code()).isEqualTo("invalid_utf8");
    }

    @Test
    void aRecordOfTheWrongLengthOrABlankTextIsRefused() {
        assertThatThrownBy(() -> read("ward,week,occupancy,delta\nA,1,0.5\n"))
                .hasMessage("beds.csv line 2: expected 4 values, found 3");
        assertThatThrownBy(() -> read("ward,week,occupancy,delta\n \t,1,0.5,0\n"))
                .hasMessage("beds.csv line 2, column ward: must not be empty, was \" \\u0009\"");
    }
}
