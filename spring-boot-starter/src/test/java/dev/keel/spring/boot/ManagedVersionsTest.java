package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.store.jdbc.JdbcAuditSink;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.w3c.dom.Document;

/**
 * The class path each run of the starter's tests is meant to have, and a real application on it. The build runs the
 * tests twice (see the starter's POM): on Keel's Jackson with no Bean Validation, and on what a Spring Boot host has,
 * Spring Boot's Jackson and Spring Boot's Bean Validation (Hibernate Validator and jakarta.validation, auto-configured
 * as a validator bean), whose versions are checked against Spring Boot's BOM itself, so that the second run follows
 * a new Spring Boot or fails.
 */
class ManagedVersionsTest {

    private static final String BEAN_VALIDATION = System.getProperty("keel.test.bean-validation", "none");

    @TempDir
    Path directory;

    @Test
    void theJacksonOnTheClassPathIsTheOneThisRunIsFor() {
        String expected = System.getProperty("keel.test.jackson.version");
        assertThat(expected).as("set by the build").isNotBlank();

        assertThat(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString()).isEqualTo(expected);
        assertThat(com.fasterxml.jackson.core.json.PackageVersion.VERSION.toString()).isEqualTo(expected);
    }

    @Test
    void beanValidationIsSpringBootsOrNone() throws Exception {
        if (BEAN_VALIDATION.equals("none")) {
            assertThatThrownBy(() -> Class.forName("jakarta.validation.Validator"))
                    .as("Keel brings no Bean Validation").isInstanceOf(ClassNotFoundException.class);
            return;
        }
        Document bom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of(System.getProperty("keel.test.spring-boot-bom")).toFile());

        assertThat(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString())
                .as("Spring Boot's Jackson").isEqualTo(managed(bom, "jackson-bom.version"));
        assertThat(jarVersion("org.hibernate.validator.HibernateValidator"))
                .isEqualTo(managed(bom, "hibernate-validator.version"));
        assertThat(jarVersion("jakarta.validation.Validator")).isEqualTo(managed(bom, "jakarta-validation.version"));
    }

    @Test
    void anApplicationOnTheseVersionsStartsAndGovernsACall() throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(DeskApplication.class)
                .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF)
                .properties(DeskApplication.properties(directory))
                .run()) {
            if (!BEAN_VALIDATION.equals("none")) {
                assertThat(context.getBeanNamesForType(Class.forName("jakarta.validation.Validator")))
                        .as("Spring Boot's validator, beside Keel").isNotEmpty();
            }

            GovernedAnswer answer = context.getBean(Pipeline.class).call(GovernedRequest.of(
                    Principal.of("agent", "internal"), "How long does a refund take?"));

            assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
            assertThat(answer.text()).isEqualTo(DeskApplication.ANSWER);
            // The audit record went through Keel's JSON codec on this Jackson, both ways.
            assertThat(((JdbcAuditSink) context.getBean(AuditSink.class)).find(answer.requestId()).orElseThrow()
                    .payload()).containsEntry("decision", "ALLOW").containsEntry("principal",
                            Map.of("role", "agent", "clearance", "internal"));
        }
    }

    /** A property of Spring Boot's BOM: the version it manages. */
    private static String managed(Document bom, String property) {
        var found = bom.getElementsByTagName(property);
        assertThat(found.getLength()).as(property + " in Spring Boot's BOM").isEqualTo(1);
        return found.item(0).getTextContent().strip();
    }

    /** The version of the jar a class was loaded from, by the directory the Maven repository keeps it in. */
    private static String jarVersion(String className) throws ClassNotFoundException, URISyntaxException {
        Path jar = Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
        return jar.getParent().getFileName().toString();
    }
}
