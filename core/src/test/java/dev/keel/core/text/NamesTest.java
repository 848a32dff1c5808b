package dev.keel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NamesTest {

    @ParameterizedTest
    @CsvSource({
        "top_secret,           top_secret",
        "Top Secret,           top_secret",
        "TOP-SECRET,           top_secret",
        "' top \u2014 secret ', top_secret",
        "top__secret,          top_secret",
        "'\u00A0Secret\uFEFF', secret",
        "marp.provenance:v2,   marp.provenance:v2",
        "'',                   ''",
    })
    void putsANameInCanonicalForm(String raw, String canonical) {
        assertThat(Names.canonical(raw)).isEqualTo(canonical);
    }

    /** What the policy evaluator rests on: a name already canonical is left as it is, so it is never made again. */
    @Test
    void theCanonicalFormIsItsOwnCanonicalForm() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        String alphabet = "aAzZ09 _-\u2010\u2013\u00A0\u202F\t.:\u0130\u00DF\uFEFF";
        for (int i = 0; i < 2_000; i++) {
            StringBuilder raw = new StringBuilder();
            int length = random.nextInt(12);
            for (int j = 0; j < length; j++) {
                raw.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String canonical = Names.canonical(raw.toString());

            assertThat(Names.canonical(canonical)).as("seed %d, name '%s'", seed, raw).isEqualTo(canonical);
        }
    }
}
