package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The deployment files as Docker would read them: the compose file runs the master service only, with {@code ./data}
 * mounted where the service keeps its SQLite database and a health check on {@code /health}; the image runs the jar
 * this module builds; {@code .env.example} names every variable the service and its sample configuration read, with
 * no secret filled in.
 */
class DeploymentFilesTest {

    private static final Path MODULE = Path.of("").toAbsolutePath();

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    private static Map<String, Object> master() throws IOException {
        Map<String, Object> compose = new Yaml().load(Files.readString(MODULE.resolve("docker-compose.master.yml")));
        Map<String, Object> services = object(compose.get("services"));
        assertThat(services).as("the master service only").containsOnlyKeys("master");
        return object(services.get("master"));
    }

    @Test
    void theComposeFileRunsTheMasterWithItsDataVolumeAndAHealthCheckOnHealth() throws IOException {
        Map<String, Object> master = master();

        assertThat(master.get("volumes")).isEqualTo(List.of("./data:/app/data"));
        assertThat(object(master.get("build"))).containsEntry("context", ".").containsEntry("dockerfile", "Dockerfile");
        assertThat(master.get("env_file")).isEqualTo(".env");
        Map<String, Object> healthcheck = object(master.get("healthcheck"));
        assertThat(String.join(" ", (List<String>) healthcheck.get("test")))
                .isEqualTo("CMD curl -fsS http://localhost:8080/health");
        assertThat(healthcheck).containsKeys("interval", "timeout", "retries");
        assertThat(master.get("ports")).isEqualTo(List.of("127.0.0.1:8080:8080"));
    }

    @Test
    void theImageRunsThisModulesJarWhereTheDatabaseIsOnTheVolume() throws IOException {
        String dockerfile = Files.readString(MODULE.resolve("Dockerfile"));
        String pom = Files.readString(MODULE.resolve("pom.xml"));

        assertThat(pom).contains("<artifactId>keel-examples-committee</artifactId>", "<classifier>exec</classifier>");
        assertThat(dockerfile).contains("COPY target/keel-examples-committee-exec.jar /app/service.jar",
                "WORKDIR /app", "VOLUME /app/data", "ENTRYPOINT [\"java\", \"-jar\", \"/app/service.jar\"]",
                "install -y --no-install-recommends curl", "USER keel", "ENV SERVER_ADDRESS=0.0.0.0");
        try (InputStream in = DeploymentFilesTest.class.getResourceAsStream("/application.yml")) {
            Map<String, Object> application = new Yaml().load(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            assertThat(object(object(application.get("keel")).get("store")).get("url"))
                    .as("relative to the image's working directory: on the volume").isEqualTo("jdbc:sqlite:./data/keel.db");
            assertThat(object(application.get("server")).get("address"))
                    .as("loopback outside the image, which says otherwise inside its container").isEqualTo("127.0.0.1");
        }
    }

    @Test
    void theEnvironmentExampleNamesEveryVariableAndFillsInNoSecret() throws IOException {
        List<String> lines = Files.readAllLines(MODULE.resolve(".env.example"));
        Set<String> named = new LinkedHashSet<>();
        for (String line : lines) {
            Matcher variable = Pattern.compile("^#?\\s*([A-Z][A-Z0-9_]*)=(.*)$").matcher(line);
            if (variable.matches()) {
                named.add(variable.group(1));
                if (variable.group(1).endsWith("_KEY") || variable.group(1).endsWith("_TOKEN")
                        || variable.group(1).endsWith("_PASSWORD")) {
                    assertThat(variable.group(2)).as(variable.group(1) + " is left empty").isEmpty();
                }
            }
        }

        assertThat(named).containsAll(variablesOfTheSampleConfiguration())
                .contains("KEEL_COMMITTEE_TOKEN", "KEEL_COMMITTEE_REPLAY", "KEEL_STORE_URL", "KEEL_STORE_USERNAME",
                        "KEEL_STORE_PASSWORD");
        assertThat(Files.exists(MODULE.resolve(".env"))).as("no .env in the repository").isFalse();
        assertThat(Files.readString(MODULE.resolve(".gitignore"))).contains(".env");
    }

    /** The variables {@code llm.config.json} names: API keys, model names, policy values. */
    private static List<String> variablesOfTheSampleConfiguration() throws IOException {
        try (InputStream in = DeploymentFilesTest.class.getResourceAsStream("/committee/llm.config.json")) {
            Map<String, Object> config = JsonCodec.strict().parseObject(new String(in.readAllBytes(),
                    StandardCharsets.UTF_8));
            List<String> variables = new ArrayList<>();
            object(config.get("providers")).values().forEach(provider ->
                    variables.add((String) object(provider).get("api_key_env")));
            object(object(config.get("models")).get("roles")).values().forEach(role ->
                    variables.add((String) object(role).get("model")));
            object(config.get("policy")).values().stream()
                    .filter(value -> value instanceof Map<?, ?> number && number.containsKey("env")).forEach(value -> variables.add((String) object(value).get("env")));
            assertThat(variables).hasSizeGreaterThan(10);
            return variables;
        }
    }
}
