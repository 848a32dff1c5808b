package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The redactor removes registered secrets wherever they occur, and key-shaped text it was never told about. */
class RedactorProperties {

    @Test
    void aRegisteredSecretNeverSurvives() {
        Gen<String> secrets = Gen.strings().alpha().numeric().ofMinLength(4).ofMaxLength(40);
        Gen<String> anyText = Gen.strings().all().ofMaxLength(200);
        Property.forAll(secrets, anyText, anyText).tries(1000).check((secret, before, after) -> {
            Property.assume(!Redactor.MARK.contains(secret));
            Redactor redactor = Redactor.of(List.of(secret));

            String text = before + secret + after + secret;

            assertThat(redactor.redact(text)).doesNotContain(secret);
        });
    }

    @Test
    void textWithoutSecretsOrKeyShapesIsUnchanged() {
        Property.forAll(Gen.strings().alpha().ofMaxLength(200)).tries(1000).check(text -> {
            Property.assume(!text.toLowerCase().contains("bearer") && !text.toLowerCase().contains("secret"));

            assertThat(Redactor.of(List.of("0123456789")).redact(text)).isEqualTo(text);
        });
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
