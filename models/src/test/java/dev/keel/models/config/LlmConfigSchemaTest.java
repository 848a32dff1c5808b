package dev.keel.models.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The published schema accepts the examples (the test resource and every configuration in the docs). */
class LlmConfigSchemaTest {

    private static final Path DOCS = Path.of("..", "docs", "models.md");

    private static Schema schema() throws IOException {
        try (InputStream in = LlmConfigSchemaTest.class.getResourceAsStream("/dev/keel/models/schema/llm-config.schema.json")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text, InputFormat.JSON);
        }
    }

    @Test
    void theExampleIsValidForTheSchemaAndTheLoader() throws IOException {
        List<Error> errors = schema().validate(LlmConfigTest.example(), InputFormat.JSON);

        assertThat(errors).isEmpty();
        LlmConfig.parse(LlmConfigTest.example());
    }

    @Test
    void theSchemaRefusesWhatTheLoaderRefuses() throws IOException {
        Schema schema = schema();

        assertThat(schema.validate("{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"llama\": {\"provider\": \"ollama\","
                + " \"model\": \"llama3.1\"}}}}", InputFormat.JSON)).isNotEmpty();
        assertThat(schema.validate("{\"providers\": {\"ollama\": {\"timeout\": 5}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"ollama\"}}}}",
                InputFormat.JSON)).isNotEmpty();
        assertThat(schema.validate("{\"providers\": {}, \"models\": {\"roles\": {\"r\": {\"provider\": \"x\"}}}}", InputFormat.JSON)).isNotEmpty();
    }

    @Test
    void everyConfigurationInTheDocsIsValid() throws IOException {
        Schema schema = schema();
        List<String> configurations = new ArrayList<>();
        Matcher blocks = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(DOCS));
        while (blocks.find()) {
            if (blocks.group(1).contains("\"providers\"")) {
                configurations.add(blocks.group(1));
            }
        }

        assertThat(configurations).isNotEmpty();
        for (String configuration : configurations) {
            assertThat(schema.validate(configuration, InputFormat.JSON)).as(configuration).isEmpty();
            LlmConfig.parse(configuration, DOCUMENTED_KINDS);
        }
    }

    /** The built-in kinds and the one "Adding a provider" registers, as it describes it. */
    private static final ProviderKinds DOCUMENTED_KINDS = ProviderKinds.defaults().with(new ProviderKind() {
        @Override
        public String name() {
            return "mistral";
        }

        @Override
        public boolean requiresApiKey() {
            return true;
        }

        @Override
        public dev.keel.core.spi.LlmBackend create(ProviderSettings settings) {
            throw new UnsupportedOperationException("the documentation's kind is only read, never built");
        }
    });
}
