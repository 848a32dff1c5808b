package dev.keel.models.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code llm.config.json} is defined once: its JSON Schema validates it and {@link LlmConfigSpec} binds it, so the two
 * must declare the same members, and what is read is written back unchanged.
 */
class LlmConfigFormatTest {

    @Test
    void everySchemaMemberIsARecordComponentAndEveryComponentASchemaMember() {
        assertThat(LlmConfigFormat.mismatches()).isEmpty();
    }

    @Test
    void aConfigurationIsWrittenBackAsItWasRead() throws IOException {
        Map<String, Object> example;
        try (InputStream in = LlmConfigFormatTest.class.getResourceAsStream("/llm.config.json")) {
            example = new LinkedHashMap<>(JsonCodec.strict().parseObject(
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }

        LlmConfigSpec spec = LlmConfigFormat.read(example, "", problems -> new ConfigurationException(
                problems.toString()));
        Map<String, Object> written = LlmConfigFormat.write(spec);

        example.remove("$schema");
        assertThat(JsonCodec.strict().parseObject(JsonCodec.strict().write(written))).isEqualTo(example);
        assertThat(LlmConfigFormat.problems(spec)).isEmpty();
    }
}
