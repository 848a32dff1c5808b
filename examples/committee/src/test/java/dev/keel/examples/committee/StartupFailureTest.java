package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.spring.boot.ConfigurationFailureAnalyzer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The real application started without a variable it needs (the token, an API key, a model name): the start fails,
 * Spring Boot's report names the variable in one line with no stack trace, and the line {@code main} prints on
 * standard error is that line. The variables have names of this test's own, so that the machine's environment
 * cannot fill them in.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureTest {

    @TempDir
    Path data;

    private Throwable start(String... arguments) {
        List<String> all = new ArrayList<>(List.of("--server.port=0",
                "--keel.store.url=jdbc:sqlite:" + data.resolve("startup.db")));
        all.addAll(List.of(arguments));
        Throwable[] failure = new Throwable[1];
        assertThatThrownBy(() -> new SpringApplicationBuilder(CommitteeApplication.class).bannerMode(Banner.Mode.OFF)
                .run(all.toArray(String[]::new))).satisfies(thrown -> failure[0] = thrown);
        return failure[0];
    }

    /** The failure as the operator sees it: the report's description, main's line, and no frame in the log. */
    private static void reportedAs(Throwable failure, CapturedOutput output, String line) {
        assertThat(failure).isNotInstanceOf(ConfigurationException.class)
                .hasRootCauseInstanceOf(ConfigurationException.class);
        FailureAnalysis analysis = new ConfigurationFailureAnalyzer().analyze(failure);
        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription()).isEqualTo(line);
        assertThat(CommitteeApplication.startupLine(failure)).contains(line);
        assertThat(output.getAll()).contains("APPLICATION FAILED TO START", "Description:", line)
                .doesNotContain("\tat ", "Caused by:");
    }

    /** The sample configuration with its variables renamed {@code KEEL_STARTUP_TEST_*}. */
    private String renamedConfig() throws IOException {
        String config = RecordedReplies.sampleConfigJson().replace("\"KEEL_", "\"KEEL_STARTUP_TEST_")
                .replace("\"ANTHROPIC_API_KEY\"", "\"KEEL_STARTUP_TEST_KEY\"");
        Path file = data.resolve("llm.config.json");
        Files.writeString(file, config);
        return "--keel.committee.config=file:" + file;
    }

    private static List<String> models(String... except) {
        List<String> models = new ArrayList<>();
        for (String role : List.of("MASTER", "SOLVER", "CRITIC", "VERIFIER", "EDITOR", "IMPLEMENTER", "VISUAL")) {
            if (!List.of(except).contains(role)) {
                models.add("--KEEL_STARTUP_TEST_" + role + "_MODEL=claude-haiku-4-5");
            }
        }
        return models;
    }

    @Test
    void withoutTheTokenVariableTheServiceDoesNotStartAndSaysWhichVariable(CapturedOutput output) {
        Throwable failure = start("--keel.committee.replay=shipped",
                "--keel.committee.token-env=KEEL_STARTUP_TEST_TOKEN");

        reportedAs(failure, output,
                "environment variable KEEL_STARTUP_TEST_TOKEN is not set (the bearer token that POST /api/chat requires)");
    }

    @Test
    void withoutTheApiKeyTheServiceDoesNotStartAndSaysWhichVariable(CapturedOutput output) throws IOException {
        List<String> arguments = new ArrayList<>(List.of(renamedConfig(), "--KEEL_COMMITTEE_TOKEN=t"));
        arguments.addAll(models());

        Throwable failure = start(arguments.toArray(String[]::new));

        assertThat(new ConfigurationFailureAnalyzer().analyze(failure).getDescription())
                .startsWith("environment variable KEEL_STARTUP_TEST_KEY is not set");
        reportedAs(failure, output, new ConfigurationFailureAnalyzer().analyze(failure).getDescription());
    }

    @Test
    void withoutAModelVariableTheServiceDoesNotStartAndSaysWhichVariable(CapturedOutput output) throws IOException {
        List<String> arguments = new ArrayList<>(List.of(renamedConfig(), "--KEEL_COMMITTEE_TOKEN=t",
                "--KEEL_STARTUP_TEST_KEY=k"));
        arguments.addAll(models("SOLVER"));

        Throwable failure = start(arguments.toArray(String[]::new));

        assertThat(new ConfigurationFailureAnalyzer().analyze(failure).getDescription())
                .startsWith("environment variable KEEL_STARTUP_TEST_SOLVER_MODEL is not set");
        reportedAs(failure, output, new ConfigurationFailureAnalyzer().analyze(failure).getDescription());
    }

    @Test
    void aBodyLimitOverTheJsonDocumentLimitIsRefusedAtStartup(CapturedOutput output) {
        Throwable failure = start("--keel.committee.replay=shipped", "--KEEL_COMMITTEE_TOKEN=t",
                "--keel.committee.max-body-size=9MB");

        reportedAs(failure, output, "keel.committee.max-body-size must be between 1 byte and the JSON document limit"
                + " of 8388608 bytes");
    }

    @Test
    void aFailureThatIsNotKeelsHasNoStartupLine() {
        assertThat(CommitteeApplication.startupLine(new IllegalStateException("port in use",
                new RuntimeException(Map.of().toString())))).isEmpty();
    }
}
