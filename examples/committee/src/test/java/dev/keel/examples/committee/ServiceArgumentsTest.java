package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The service's short options as the Spring Boot properties they stand for. */
class ServiceArgumentsTest {

    @Test
    void eachShortOptionBecomesItsPropertyInEitherForm() {
        assertThat(ServiceArguments.toSpring("--port", "9090", "--config=llm.config.json", "--db", "./data/chat.db",
                "--replay", "shipped", "--address", "0.0.0.0", "--server.tomcat.max-swallow-size=1KB"))
                .containsExactly("--server.port=9090", "--keel.committee.config=file:llm.config.json",
                        "--keel.store.url=jdbc:sqlite:./data/chat.db", "--keel.committee.replay=shipped",
                        "--server.address=0.0.0.0", "--server.tomcat.max-swallow-size=1KB");
    }

    @Test
    void resourceLocationsAndJdbcUrlsArePassedAsTheyAre() {
        assertThat(ServiceArguments.toSpring("--config", "classpath:committee/llm.config.json",
                "--db=jdbc:postgresql://db.internal/keel"))
                .containsExactly("--keel.committee.config=classpath:committee/llm.config.json",
                        "--keel.store.url=jdbc:postgresql://db.internal/keel");
    }

    @Test
    void aShortOptionWithoutAValueIsRefused() {
        assertThatThrownBy(() -> ServiceArguments.toSpring("--port", "8080", "--replay"))
                .isInstanceOf(InvalidInputException.class).hasMessage("--replay needs a value");
    }
}
