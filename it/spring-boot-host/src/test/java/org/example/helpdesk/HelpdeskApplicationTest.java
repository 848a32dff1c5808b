package org.example.helpdesk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.test.core.ScriptedBackend;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application as Spring Boot starts it, with the governed call the starter builds from application.yml and a
 * scripted model as its one backend; run once for each order of keel-bom and spring-boot-dependencies.
 */
@SpringBootTest
class HelpdeskApplicationTest {

    private static final String ANSWER = "Open the self-service portal and choose Reset password.";

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry properties) {
        properties.add("keel.store.url", () -> "jdbc:sqlite:" + data.resolve("helpdesk.db"));
    }

    @TestConfiguration
    static class Model {
        @Bean
        ScriptedBackend helpdeskModel() {
            return ScriptedBackend.answering("helpdesk_model", request -> ANSWER);
        }
    }

    @Autowired
    Pipeline pipeline;

    @Autowired
    ScriptedBackend model;

    @Test
    void staffAreAnsweredByTheModelAndAVisitorIsDeniedWithoutACall() {
        GovernedAnswer allowed = pipeline.call(GovernedRequest.of(Principal.of("staff", "internal"),
                "How do I reset my password?"));

        assertEquals(Decision.ALLOW, allowed.decision(), allowed.toString());
        assertEquals(ANSWER, allowed.text());
        assertEquals("helpdesk", allowed.provenance().backendTarget());
        assertEquals(1, model.requests().size());

        GovernedAnswer denied = pipeline.call(GovernedRequest.of(Principal.of("visitor", "public"),
                "How do I reset my password?"));

        assertEquals(Decision.DENY, denied.decision(), denied.toString());
        assertEquals(TurnOutcome.DENIED, denied.outcome());
        assertEquals(1, model.requests().size(), "a denied request reaches no model");
    }

    /**
     * Keel leaves Jackson to the host's platform (Spring Boot's, whichever BOM comes first) and brings no Bean
     * Validation provider of its own: its documents are validated by their JSON Schema.
     */
    @Test
    void itRunsWithSpringBootsJacksonAndNoValidatorOfKeels() throws IOException {
        String order = "with " + System.getProperty("bom.order");

        assertEquals(System.getProperty("spring-boot.jackson.version"),
                version("com.fasterxml.jackson.core", "jackson-databind"), order);
        assertNull(HelpdeskApplicationTest.class.getClassLoader()
                .getResource("META-INF/maven/org.hibernate.validator/hibernate-validator/pom.properties"), order);
    }

    /** The version of the jar on the class path, from the Maven metadata it carries. */
    private static String version(String groupId, String artifactId) throws IOException {
        String name = "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = HelpdeskApplicationTest.class.getClassLoader().getResourceAsStream(name)) {
            assertNotNull(in, name);
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version");
            assertTrue(version != null && !version.isBlank(), name);
            return version;
        }
    }
}
