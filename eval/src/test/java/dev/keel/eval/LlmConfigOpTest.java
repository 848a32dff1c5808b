package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code llm_config} op of {@code keel eval}, through the runner and the standard registry. */
class LlmConfigOpTest {

    private static List<Map<String, Object>> eval(String... lines) {
        StringWriter out = new StringWriter();
        EvalRunner.create(EvalOpRegistry.standard()).run(new StringReader(String.join("\n", lines) + "\n"), out);
        return out.toString().lines().map(JsonCodec.strict()::parseObject).toList();
    }

    @Test
    void resolvesRolesAgainstTheGivenVariablesWithoutWritingSecrets() {
        String config = JsonCodec.strict().write(JsonCodec.strict().parseObject(example()));
        String line = "{\"op\": \"llm_config\", \"input\": {\"config\": " + config + ", \"env\": {\"KEEL_LLAMA_MODEL\": \"llama3.1\","
                + " \"OLLAMA_HOST\": \"gpu-box\", \"ANTHROPIC_API_KEY\": \"sk-ant-secret-value-123\", \"KEEL_MASTER_MODEL\": \"claude-x\"}}}";

        Map<String, Object> result = eval(line).get(0);

        assertThat(result).containsEntry("ready", false)
                .containsEntry("missing_env", List.of("KEEL_DEEPSEEK_MODEL", "KEEL_SOLVER_MODEL"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> roles = (Map<String, Map<String, Object>>) result.get("roles");
        assertThat(roles.get("llama")).containsEntry("model", "llama3.1").containsEntry("base_url", "http://gpu-box:11434")
                .containsEntry("priced", true).containsEntry("kind", "ollama");
        assertThat(roles.get("master")).containsEntry("model", "claude-x").containsEntry("priced", false)
                .containsEntry("base_url", "https://api.anthropic.com/v1/");
        assertThat(roles.get("internal_chatgpt")).containsEntry("kind", "embedded").containsEntry("model", null);
        assertThat(roles.get("critic")).containsEntry("enabled", false);
        assertThat(JsonCodec.strict().write(result)).doesNotContain("sk-ant-secret-value-123");
    }

    /** keel-models' example configuration. */
    private static String example() {
        try (InputStream in = LlmConfigOpTest.class.getResourceAsStream("/llm.config.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void printsTheBaseUrlRedacted() {
        String password = "s3cret-Pass";
        String config = "{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"llama\": {\"provider\": \"ollama\","
                + " \"model\": \"KEEL_LLAMA_MODEL\"}}}}";

        Map<String, Object> result = eval("{\"op\": \"llm_config\", \"input\": {\"config\": " + config
                + ", \"env\": {\"OLLAMA_HOST\": \"http://ward:" + password + "@gpu-box\"}}}").get(0);

        assertThat(JsonCodec.strict().write(result)).contains("\"base_url\":\"http://[REDACTED]@gpu-box:80\"")
                .doesNotContain(password);
    }

    @Test
    void anInvalidConfigurationIsALineErrorWithItsPointer() {
        List<Map<String, Object>> results = eval(
                "{\"op\": \"llm_config\", \"input\": {\"config\": {\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"llama\":"
                        + " {\"provider\": \"ollama\", \"model\": \"llama3.1\"}}}}}}",
                "{\"op\": \"llm_config\", \"input\": {}}",
                "{\"op\": \"llm_config\", \"input\": {\"config\": {}, \"env\": {\"A\": 1}}}");

        assertThat(results).allSatisfy(r -> assertThat(r).containsKey("error"));
        assertThat(message(results.get(0))).startsWith("/config/models/roles/llama/model: must be the NAME of an environment variable");
        assertThat(code(results.get(0))).isEqualTo("invalid_llm_config");
        assertThat(message(results.get(1))).isEqualTo("/config: is required");
        assertThat(message(results.get(2))).isEqualTo("/config/models: is required; /config/providers: is required");
    }

    @SuppressWarnings("unchecked")
    private static String message(Map<String, Object> result) {
        return (String) ((Map<String, Object>) result.get("error")).get("message");
    }

    @SuppressWarnings("unchecked")
    private static String code(Map<String, Object> result) {
        return (String) ((Map<String, Object>) result.get("error")).get("code");
    }
}
