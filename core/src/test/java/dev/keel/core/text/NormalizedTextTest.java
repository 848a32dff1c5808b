package dev.keel.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NormalizedTextTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // invisible characters inside a word (written as Java escapes)
        "soft hyphen          | eigh\u00adty       | eighty",
        "zero-width space     | eigh\u200bty       | eighty",
        "zero-width joiner    | eigh\u200dty       | eighty",
        "word joiner          | eigh\u2060ty       | eighty",
        "variation selector   | eigh\ufe0fty       | eighty",
        "Hangul filler        | eigh\u3164ty       | eighty",
        "tag character        | eigh\udb40\udc41ty | eighty",
        // compatibility characters
        "full-width letters   | \uff45\uff49\uff47\uff48\uff54\uff59 | eighty",
        "full-width digits    | \uff18\uff14       | 84",
        "mathematical digit   | \ud835\udfd6       | 8",
        "vulgar fraction      | \u00bd             | 1\u20442",
        "ligature             | \ufb01rst          | first",
        "no-break space       | 12\u00a0boats     | 12 boats",
        // combining marks, precomposed or not
        "composable mark      | to\u0301p          | top",
        "mark without letter  | eigh\u0300ty       | eighty",
        "precomposed accent   | caf\u00e9          | cafe",
        "mark on a space      | a \u0301b          | a b",
        "enclosing mark       | x\u20dd            | x",
        "spacing mark stays   | \u0915\u093e       | \u0915\u093e",
        "Hangul stays whole   | \uac00             | \uac00",
    })
    void removesWhatIsNotSeenAndUnifiesHowItIsWritten(String name, String original, String expected) {
        assertThat(NormalizedText.of(original).text()).isEqualTo(expected);
    }

    @Test
    void normalisedRangesMapBackToTheCharactersTheyComeFrom() {
        String original = "a \uff18\u00ad\uff14 b\u00bd";
        NormalizedText normalized = NormalizedText.of(original);

        assertThat(normalized.text()).isEqualTo("a 84 b1\u20442");
        // "84" comes from the two full-width digits and the soft hyphen between them
        assertThat(original.substring(normalized.originalStart(2), normalized.originalEnd(4))).isEqualTo("\uff18\u00ad\uff14");
        // each character of "1⁄2" comes from the whole "½"
        assertThat(normalized.originalStart(8)).isEqualTo(original.indexOf('\u00bd'));
        assertThat(normalized.originalEnd(8)).isEqualTo(original.length());
        assertThat(normalized.originalStart(normalized.text().length())).isEqualTo(original.length());
        assertThat(normalized.originalEnd(0)).isZero();
    }

    @Test
    void aLetterComesFromItselfAndItsMarks() {
        String original = "xto\u0301p";
        NormalizedText normalized = NormalizedText.of(original);

        assertThat(normalized.text()).isEqualTo("xtop");
        assertThat(original.substring(normalized.originalStart(2), normalized.originalEnd(3))).isEqualTo("o\u0301");
    }

    @Test
    void textAlreadyInNormalFormIsKeptAsItIs() {
        String original = "Retire two boats in Q3–Q4 at 80% for €4M — “soon”.";
        NormalizedText normalized = NormalizedText.of(original);

        assertThat(normalized.text()).isSameAs(original);
        assertThat(normalized.originalStart(5)).isEqualTo(5);
        assertThat(normalized.originalEnd(5)).isEqualTo(5);
    }

    @Test
    void offsetsOutsideTheTextAreRejected() {
        NormalizedText normalized = NormalizedText.of("\uff18");

        assertThatThrownBy(() -> normalized.originalStart(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> normalized.originalEnd(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "&#56;&#x34; boats       | 84 boats",
        "&#56&#52 boats          | 84 boats",
        "&#X1D7D6;               | 8",
        "&half; of it            | 1\u20442 of it",
        "&frac12 of it           | 1\u20442 of it",
        "eigh&shy;ty             | eighty",
        "eigh&ZeroWidthSpace;ty  | eighty",
        "&eopf;&iopf;&gopf;&hopf;&topf;&yopf; | eighty",
        "&eacute;                | e",
        "R&amp;D                 | R&D",
        "&copy2025               | \u00a92025",
        "&#0; &#xD800; &#99999999999; | \ufffd \ufffd \ufffd",
        "AT&T, &unknown; &# &#x; &  | AT&T, &unknown; &# &#x; &",
    })
    void markupHasItsCharacterReferencesDecoded(String original, String expected) {
        assertThat(NormalizedText.ofMarkup(original).text()).isEqualTo(expected);
    }

    @Test
    void aCharacterReferenceMapsBackWhole() {
        String original = "x &#56;&#52; y";
        NormalizedText normalized = NormalizedText.ofMarkup(original);

        assertThat(normalized.text()).isEqualTo("x 84 y");
        assertThat(original.substring(normalized.originalStart(2), normalized.originalEnd(4))).isEqualTo("&#56;&#52;");
    }

    @Test
    void charactersKnowWhetherTheyComeFromANumber() {
        NormalizedText normalized = NormalizedText.ofMarkup("\u216b \u00bd x&#107;8 &#8555;");

        assertThat(normalized.text()).isEqualTo("XII 1\u20442 xk8 XII");
        String fromNumbers = "";
        for (int i = 0; i < normalized.text().length(); i++) {
            fromNumbers += normalized.fromNumber(i) ? "n" : ".";
        }
        assertThat(fromNumbers).isEqualTo("nnn.nnn...n.nnn");
        assertThat(NormalizedText.of("a1").fromNumber(1)).isTrue();
        assertThat(NormalizedText.of("a1").fromNumber(0)).isFalse();
    }

    @Test
    void plainTextLeavesCharacterReferencesAlone() {
        assertThat(NormalizedText.of("&#56;").text()).isEqualTo("&#56;");
    }

    @Test
    void defaultIgnorableCodePointsAreUnicodes() {
        for (int cp : new int[] {0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x180E, 0x200B, 0x200F, 0x202A, 0x2060,
            0x2064, 0x206F, 0x3164, 0xFE00, 0xFEFF, 0xFFA0, 0xFFF0, 0x1BCA0, 0x1D173, 0xE0001, 0xE0100, 0xE0FFF}) {
            assertThat(NormalizedText.isDefaultIgnorable(cp)).as("U+%04X", cp).isTrue();
        }
        for (int cp : new int[] {' ', 'a', 0xAC, 0xAE, 0x200A, 0x2010, 0x2070, 0xFE10, 0xFFF9, 0x1D17B, 0xE1000}) {
            assertThat(NormalizedText.isDefaultIgnorable(cp)).as("U+%04X", cp).isFalse();
        }
    }
}
