package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * Real applications started with one thing wrong each (a variable a property names, a placeholder nothing resolves,
 * a policy that cannot be read or is not valid, an unknown provider kind, a routing table's backend that is not
 * configured): the startup fails, and Spring Boot's report says what to set in one line, with no stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class ConfigurationFailureReportTest {

    @TempDir
    Path directory;

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }

    /** One backend on Ollama (nothing is called), its model variable set as a property; then what breaks it. */
    private Throwable start(String... broken) {
        List<String> properties = new ArrayList<>(List.of("keel.policy=classpath:keel/desk-policy.json",
                "keel.routing=classpath:keel/desk-routing.json", "keel.backends.desk.placement=internal",
                "keel.backends.desk.provider=ollama", "keel.backends.desk.base-url=http://127.0.0.1:9",
                "keel.backends.desk.model-env=KEEL_REPORT_TEST_MODEL", "KEEL_REPORT_TEST_MODEL=llama3.1",
                "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db")));
        properties.addAll(List.of(broken));
        Throwable[] failure = new Throwable[1];
        assertThatThrownBy(() -> new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF).properties(properties.toArray(String[]::new)).run())
                .satisfies(thrown -> failure[0] = thrown);
        return failure[0];
    }

    static Stream<Arguments> brokenConfigurations() {
        return Stream.of(
                Arguments.of("a model variable that is not set", new String[] {"KEEL_REPORT_TEST_MODEL="},
                        "environment variable KEEL_REPORT_TEST_MODEL is not set (the model name of"
                                + " keel.backends.desk)"),
                Arguments.of("an API key variable that is not set",
                        new String[] {"keel.backends.desk.provider=openai",
                                "keel.backends.desk.api-key-env=KEEL_REPORT_TEST_KEY"},
                        "environment variable KEEL_REPORT_TEST_KEY is not set (the API key of keel.backends.desk)"),
                Arguments.of("a secret's placeholder that nothing resolves",
                        new String[] {"keel.store.password=${KEEL_REPORT_TEST_DB_PASSWORD}"},
                        "keel.store.password holds the placeholder ${KEEL_REPORT_TEST_DB_PASSWORD}, which nothing"
                                + " resolves: set the environment variable KEEL_REPORT_TEST_DB_PASSWORD (or a property"
                                + " of that name)"),
                Arguments.of("a policy that cannot be read", new String[] {"keel.policy=classpath:keel/no-policy.json"},
                        "keel.policy: cannot read class path resource [keel/no-policy.json]"),
                Arguments.of("a policy that is not valid",
                        new String[] {"keel.policy=classpath:keel/broken/policy-without-roles.json"},
                        "keel.policy: class path resource [keel/broken/policy-without-roles.json]: invalid policy"
                                + " document: /roles/agent/allowed_clearances: must list at least one clearance (a"
                                + " role no clearance may use is better removed); /roles/agent/default_decision: must"
                                + " be ALLOW or PARTIAL (to refuse a role everything, leave it out of the policy)"),
                Arguments.of("an unknown provider kind", new String[] {"keel.backends.desk.provider=olama"},
                        "keel.backends.desk.provider: must be one of ollama, openai, anthropic, embedded, lab, found"
                                + " 'olama'"),
                Arguments.of("a routing table's backend that is not configured",
                        new String[] {"keel.routing=classpath:keel/broken/routing-to-nowhere.json"},
                        "the routing table names backend 'helpdesk', which is not configured; backends: [desk] (the"
                                + " routing table is keel.routing, the backends are keel.backends.<name>)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenConfigurations")
    void theAnalyzerDescribesEachFailureInOneLineNamingWhatToSet(String what, String[] broken, String description) {
        Throwable failure = start(broken);
        assertThat(failure).as("the context wraps it").isNotInstanceOf(ConfigurationException.class);
        assertThat(Stream.iterate(failure, Objects::nonNull, Throwable::getCause))
                .hasAtLeastOneElementOfType(ConfigurationException.class);

        FailureAnalysis analysis = new ConfigurationFailureAnalyzer().analyze(failure);

        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription()).isEqualTo(description).doesNotContain("\n");
        assertThat(analysis.getAction()).isEqualTo(ConfigurationFailureAnalyzer.ACTION);
    }

    /** Only the registered analyzer writes its action into the report. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenConfigurations")
    void theAnalyzerIsRegisteredSoTheReportHasTheLineAndNoStackTrace(String what, String[] broken,
                                                                     String description, CapturedOutput output) {
        start(broken);

        assertThat(output.getAll()).contains("APPLICATION FAILED TO START", "Description:\n\n" + description + "\n",
                ConfigurationFailureAnalyzer.ACTION).doesNotContain("\tat ", "Caused by:");
    }

    @Test
    void aFailureWithoutAConfigurationExceptionIsLeftToTheOtherAnalyzers() {
        assertThat(new ConfigurationFailureAnalyzer().analyze(new IllegalStateException("not Keel's"))).isNull();
    }
}
