package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.spring.boot.internal.ConfigurationFailureAnalyzer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * A real application started without a variable it needs: the startup fails, and Spring Boot's report says which
 * variable in one line, with no stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class ConfigurationFailureReportTest {

    @TempDir
    Path directory;

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }

    private Throwable startWithoutTheModelVariable() {
        Throwable[] failure = new Throwable[1];
        assertThatThrownBy(() -> new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF).properties("keel.policy=classpath:keel/desk-policy.json",
                        "keel.routing=classpath:keel/desk-routing.json", "keel.backends.desk.placement=internal",
                        "keel.backends.desk.provider=ollama", "keel.backends.desk.base-url=http://127.0.0.1:9",
                        "keel.backends.desk.model-env=KEEL_REPORT_TEST_MODEL",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db")).run())
                .satisfies(thrown -> failure[0] = thrown);
        return failure[0];
    }

    @Test
    void theAnalyzerDescribesTheFailureByTheVariableItNames() {
        Throwable failure = startWithoutTheModelVariable();
        assertThat(failure).as("the context wraps it").isNotInstanceOf(ConfigurationException.class)
                .hasRootCauseInstanceOf(ConfigurationException.class);

        FailureAnalysis analysis = new ConfigurationFailureAnalyzer().analyze(failure);

        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription()).isEqualTo(
                "environment variable KEEL_REPORT_TEST_MODEL is not set (the model name of keel.backends.desk)");
        assertThat(analysis.getDescription()).doesNotContain("\n");
        assertThat(analysis.getAction()).isEqualTo(ConfigurationFailureAnalyzer.ACTION);
    }

    /** Only the registered analyzer writes its action into the report. */
    @Test
    void theAnalyzerIsRegisteredSoTheReportHasTheLineAndNoStackTrace(CapturedOutput output) {
        startWithoutTheModelVariable();

        assertThat(output.getAll()).contains("APPLICATION FAILED TO START",
                "environment variable KEEL_REPORT_TEST_MODEL is not set (the model name of keel.backends.desk)",
                ConfigurationFailureAnalyzer.ACTION).doesNotContain("\tat ", "Caused by:");
    }

    @Test
    void aFailureWithoutAConfigurationExceptionIsLeftToTheOtherAnalyzers() {
        assertThat(new ConfigurationFailureAnalyzer().analyze(new IllegalStateException("not Keel's"))).isNull();
    }
}
