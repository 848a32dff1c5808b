package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ModelJsonTest {

    private final JsonCodec codec = JsonCodec.strict();

    @Test
    void oneStrictValueIsRead() {
        ModelJson.Reading reading = ModelJson.read(codec, " {\"a\": 1}\n");

        assertThat(reading.ok()).isTrue();
        assertThat(reading.value()).isEqualTo(Map.of("a", BigDecimal.ONE));
        assertThat(reading.problem()).isNull();
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "'```json\n{\"a\": 1}\n```'     | wrapped in a Markdown code fence",
        "'```\n{}\n```'                 | wrapped in a Markdown code fence",
        "'Here it is: {\"a\": 1}'       | text before the JSON object",
        "'{\"a\": 1} Hope this helps.'  | text after the JSON object",
        "'{\"a\": 1,}'                  | not strict JSON (json_malformed)",
        "'{\"a\": 1, \"a\": 2}'         | not strict JSON (json_duplicate_key)",
        "'   '                          | the output is empty",
    })
    void anythingAroundOrBesidesOneValueIsAProblemNotARepair(String reply, String problem) {
        ModelJson.Reading reading = ModelJson.read(codec, reply);

        assertThat(reading.ok()).isFalse();
        assertThat(reading.value()).isNull();
        assertThat(reading.problem()).contains(problem);
    }

    @Test
    void theCodecsCodeIsKept() {
        assertThat(ModelJson.read(codec, "{").code()).isEqualTo("json_malformed");
        assertThat(ModelJson.read(codec, "```\n{}\n```").code()).isNotNull();
        assertThat(ModelJson.read(codec, null).problem()).contains("empty");
    }

    @Test
    void neverThrowsAndAlwaysSaysOneThing() {
        Property.forAll(Gen.strings().all()).tries(300).check(reply -> {
            ModelJson.Reading reading = ModelJson.read(codec, reply);

            assertThat(reading.ok() == (reading.problem() == null)).isTrue();
            if (!reading.ok()) {
                assertThat(reading.value()).isNull();
                assertThat(reading.problem().length()).isLessThan(400);
            }
        });
    }
}
