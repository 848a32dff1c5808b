package dev.keel.models.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.models.loader.LlmConfigLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LlmConfigLoaderTest {

    @TempDir
    Path dir;

    @Test
    void loadsAFile() throws IOException {
        Path file = Files.writeString(dir.resolve(LlmConfigLoader.FILE_NAME), LlmConfigTest.example());

        assertThat(LlmConfigLoader.load(file).roles()).containsKey("llama");
    }

    @Test
    void namesTheFileInEveryError() throws IOException {
        Path missing = dir.resolve("absent.json");
        assertThatThrownBy(() -> LlmConfigLoader.load(missing))
                .isInstanceOf(ConfigurationException.class).hasMessage(missing + ": cannot be read (NoSuchFileException)");

        Path invalid = Files.writeString(dir.resolve("invalid.json"), "{\"providers\": {}, \"models\": {\"roles\": {}}}");
        assertThatThrownBy(() -> LlmConfigLoader.load(invalid))
                .isInstanceOf(ConfigurationException.class).hasMessage(invalid + " /models/roles: must name at least one role; /providers: must name at least one provider");

        Path latin1 = Files.write(dir.resolve("latin1.json"), "{\"description\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> LlmConfigLoader.load(latin1)).hasMessage(latin1 + ": not UTF-8 text");
    }
}
