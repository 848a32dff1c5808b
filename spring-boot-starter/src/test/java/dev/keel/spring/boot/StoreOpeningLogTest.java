package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.LlmBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What an application with a store prints when it starts: nothing of the pool or the schema at INFO. */
@ExtendWith(OutputCaptureExtension.class)
class StoreOpeningLogTest {

    @TempDir
    Path directory;

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        LlmBackend deskModel() {
            return request -> ChatReply.builder().text("It takes a week.").backendId("desk").build();
        }
    }

    private ConfigurableApplicationContext start(String... more) {
        List<String> properties = new ArrayList<>(List.of("keel.policy=classpath:keel/desk-policy.json",
                "keel.routing=classpath:keel/desk-routing.json", "keel.backends.desk.placement=internal",
                "keel.backends.desk.bean=deskModel", "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db")));
        properties.addAll(List.of(more));
        return new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF).properties(properties.toArray(String[]::new)).run();
    }

    @Test
    void aStoreOpensWithoutAPoolOrSchemaLineAtInfo(CapturedOutput output) {
        try (ConfigurableApplicationContext first = start()) {
            assertThat(first.isRunning()).isTrue();
        }
        int before = output.getAll().length();
        try (ConfigurableApplicationContext again = start()) {
            assertThat(again.isRunning()).isTrue();
        }

        String reopened = output.getAll().substring(before);
        assertThat(reopened).doesNotContain("HikariPool").doesNotContainIgnoringCase("flyway");
    }

    @Test
    void aLevelTheHostSetsForThePoolWins(CapturedOutput output) {
        try (ConfigurableApplicationContext context = start("logging.level.com.zaxxer.hikari=info")) {
            assertThat(context.isRunning()).isTrue();
        }

        assertThat(output.getAll()).contains("HikariPool").contains("Start completed");
    }
}
