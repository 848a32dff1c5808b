package dev.keel.spring.boot;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.LlmBackend;
import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The support desk as an application on the starter, for the tests that start one: the desk's policy and routing
 * (agents see refunds, customers product help only) and its one internal model, the {@code deskModel} bean, which
 * answers every prompt with {@link #ANSWER}. Stateless and thread-safe.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
class DeskApplication {

    static final String ANSWER = "It takes a week.";

    /** The starter's properties for the desk, its store a SQLite file in {@code directory}. */
    static Map<String, Object> properties(Path directory) {
        return Map.of("keel.policy", "classpath:keel/desk-policy.json",
                "keel.routing", "classpath:keel/desk-routing.json",
                "keel.backends.desk.placement", "internal",
                "keel.backends.desk.bean", "deskModel",
                "keel.store.url", "jdbc:sqlite:" + directory.resolve("keel.db"));
    }

    /** The desk's model: {@link #ANSWER} to every prompt. */
    static LlmBackend model() {
        return request -> ChatReply.builder().text(ANSWER).backendId("desk").build();
    }

    @Bean
    LlmBackend deskModel() {
        return model();
    }
}
