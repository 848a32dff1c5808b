package dev.keel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NamesTest {

    /** Names drawn from the characters canonical form folds, mixed with any character at all. */
    private static final Gen<String> NAMES = Gen.oneOf(
            Gen.of("a", "A", "z", "Z", "0", "9", " ", "_", "-", "\u2010", "\u2013", "\u00A0", "\u202F", "\t", ".",
                    ":", "\u0130", "\u00DF", "\uFEFF", "\u200B", "\u00AD", "\u0301", "\u1D2C", "\u212A", "\u03A3",
                    "\uFF3F", "\uFF0D", "\u3000", "\uFB01").list().ofMaxSize(12).map(parts -> String.join("", parts)),
            Gen.strings().withCharRange('\uff00', '\uffef').withChars("aA _-").ofMaxLength(12),
            Gen.strings().all().ofMaxLength(12));

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
        // Full width, an ideographic space, a full-width low line: what a reader sees is "top secret".
        "'\uFF34\uFF2F\uFF30\u3000\uFF33\uFF25\uFF23\uFF32\uFF25\uFF34', top_secret",
        "'\uFF54\uFF4F\uFF50\uFF3F\uFF53\uFF45\uFF43\uFF52\uFF45\uFF54', top_secret",
        // Invisible characters and combining marks do not change a name.
        "'acc\u200Bou\u00ADnt\u2060',                                   account",
        "'acco\u0301unt',                                              account",
        "'\u0130d',                                                    id",
        "'\uFB01les',                                                  files",
    })
    void putsANameInCanonicalForm(String raw, String canonical) {
        assertThat(Names.canonical(raw)).isEqualTo(canonical);
    }

    /** What the policy evaluator rests on: a name already canonical is left as it is, so it is never made again. */
    @Test
    void theCanonicalFormIsItsOwnCanonicalForm() {
        Property.forAll(NAMES).tries(3000).check(raw -> {
            String canonical = Names.canonical(raw);

            assertThat(Names.canonical(canonical)).as("name '%s'", raw).isEqualTo(canonical);
        });
    }

    /** The names a policy document writes are canonical as written, so documents keep their spelling. */
    @Test
    void aPolicysNameIsCanonicalAsWritten() {
        Gen<String> word = Gen.strings().withCharRange('a', 'z').withCharRange('0', '9').ofMinLength(1)
                .ofMaxLength(6);
        Gen<List<String>> joiners = Gen.of("_", ".", ":").list().ofMaxSize(3);
        Gen<String> names = choices -> {
            StringBuilder name = new StringBuilder(word.generate(choices));
            joiners.generate(choices).forEach(joiner -> name.append(joiner).append(word.generate(choices)));
            return name.toString();
        };
        Property.forAll(names).tries(500).check(name -> assertThat(Names.canonical(name)).isEqualTo(name));
    }
}
