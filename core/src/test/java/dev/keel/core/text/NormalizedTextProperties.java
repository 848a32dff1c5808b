package dev.keel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.text.Normalizer;
import org.junit.jupiter.api.Test;

class NormalizedTextProperties {

    private static final Gen<String> TEXTS = texts();

    private static Gen<String> texts() {
        Gen<String> pieces = Gen.oneOf(
                Gen.strings().all().ofMaxLength(4),
                Gen.strings().withCharRange('\u0300', '\u036f').ofMaxLength(3),
                Gen.strings().withCharRange('\u1100', '\u11ff').ofMaxLength(3),
                Gen.strings().withCharRange('\u3130', '\u318f').ofMaxLength(3),
                Gen.strings().withCharRange('\uff00', '\uffef').ofMaxLength(3),
                Gen.of("a", "e", "o", "\u00ad", "\u200b", "\u200d", "\u034f", "\ufe0f", "\u3164", "\uffa0",
                        "\udb40\udc41", "\u09c7", "\u09be", "\u0b47", "\u0b3e", "\u30ab", "\u3099", "\uff76", "\uff9e",
                        "\u1100", "\u1161", "\u11a8", "\uac00", "\u0344", "\u0f73", "\u00bd", "\u2474", "\u2167",
                        "\ud835\udfd6", "\ud800", "\udc00", "&#56;", "&#x34", "&half;", "&frac12", "&eopf;", "&amp;",
                        "&", "#", ";"));
        return pieces.list().ofMaxSize(12).map(parts -> String.join("", parts));
    }

    @Test
    void theTextIsNfkcOfTheOriginalWithoutDefaultIgnorablesAndMarks() {
        Property.forAll(TEXTS).tries(2000).check(original -> {
            String nfkc = Normalizer.normalize(withoutIgnorables(original), Normalizer.Form.NFKC);
            String withoutMarks = Normalizer.normalize(Normalizer.normalize(nfkc, Normalizer.Form.NFD)
                    .replaceAll("[\\p{Mn}\\p{Me}]", ""), Normalizer.Form.NFC);

            assertThat(NormalizedText.of(original).text()).isEqualTo(withoutIgnorables(withoutMarks));
        });
    }

    @Test
    void everyCharacterMapsToAnOrderedRangeOfTheOriginal() {
        Property.forAll(TEXTS).tries(2000).check(original -> {
            for (NormalizedText normalized : new NormalizedText[] {NormalizedText.of(original),
                    NormalizedText.ofMarkup(original)}) {
                String text = normalized.text();
                int previousStart = 0;
                int previousEnd = 0;
                for (int i = 0; i < text.length(); i++) {
                    int start = normalized.originalStart(i);
                    int end = normalized.originalEnd(i + 1);
                    assertThat(start).isBetween(previousStart, original.length() - 1);
                    assertThat(end).isBetween(Math.max(start + 1, previousEnd), original.length());
                    previousStart = start;
                    previousEnd = end;
                }
                assertThat(normalized.originalStart(text.length())).isEqualTo(original.length());
                assertThat(normalized.originalEnd(0)).isZero();
            }
        });
    }

    @Test
    void anAsciiCharacterComesThroughAsItIs() {
        Property.forAll(TEXTS).tries(1000).check(original -> {
            NormalizedText normalized = NormalizedText.of(original);
            String text = normalized.text();
            for (int i = 0; i < text.length(); i++) {
                int start = normalized.originalStart(i);
                if (normalized.originalEnd(i + 1) - start == 1 && original.charAt(start) < 0x80) {
                    assertThat(text.charAt(i)).isEqualTo(original.charAt(start));
                }
            }
        });
    }

    @Test
    void normalisingTwiceChangesNothing() {
        Property.forAll(TEXTS).tries(1000).check(original -> {
            String once = NormalizedText.ofMarkup(original).text();

            assertThat(NormalizedText.of(once).text()).isEqualTo(once);
        });
    }

    @Test
    void markupWithoutAmpersandIsPlainText() {
        Property.forAll(TEXTS).tries(500).check(original -> {
            String plain = original.replace('&', '+');

            assertThat(NormalizedText.ofMarkup(plain).text()).isEqualTo(NormalizedText.of(plain).text());
        });
    }

    private static String withoutIgnorables(String text) {
        StringBuilder kept = new StringBuilder();
        text.codePoints().filter(cp -> !NormalizedText.isDefaultIgnorable(cp)).forEach(kept::appendCodePoint);
        return kept.toString();
    }
}
