package dev.keel.llm.adapters;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.llm.adapters.internal.Redactor;
import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NumericChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The redactor removes registered secrets wherever they occur, and key-shaped text it was never told about. */
class RedactorProperties {

    @Property
    void aRegisteredSecretNeverSurvives(@ForAll @AlphaChars @NumericChars @StringLength(min = 4, max = 40) String secret,
                                        @ForAll @StringLength(max = 200) String before,
                                        @ForAll @StringLength(max = 200) String after) {
        Assume.that(!Redactor.MARK.contains(secret));
        Redactor redactor = Redactor.of(List.of(secret));

        String text = before + secret + after + secret;

        assertThat(redactor.redact(text)).doesNotContain(secret);
    }

    @Property
    void textWithoutSecretsOrKeyShapesIsUnchanged(@ForAll @AlphaChars @StringLength(max = 200) String text) {
        Assume.that(!text.toLowerCase().contains("bearer") && !text.toLowerCase().contains("secret"));

        assertThat(Redactor.of(List.of("0123456789")).redact(text)).isEqualTo(text);
    }

    @Test
    void keyShapedTextIsRemovedWithoutRegistration() {
        Redactor none = Redactor.none();

        assertThat(none.redact("Authorization: Bearer abc.def-ghi_jkl")).doesNotContain("abc.def-ghi_jkl");
        assertThat(none.redact("Incorrect API key provided: sk-proj-AbCdEf123456.")).isEqualTo("Incorrect API key provided: [REDACTED].");
        assertThat(none.redact("{\"api_key\": \"q1w2e3r4t5\"}")).isEqualTo("{\"api_key\": \"[REDACTED]\"}");
        assertThat(none.redact("x-api-key=zzzz9999")).isEqualTo("x-api-key=[REDACTED]");
        assertThat(none.redact("model llama3.1 not found")).isEqualTo("model llama3.1 not found");
    }

    @Test
    void shortValuesAreNotTreatedAsSecrets() {
        assertThat(Redactor.of(List.of("ab", "")).redact("abc")).isEqualTo("abc");
    }
}
