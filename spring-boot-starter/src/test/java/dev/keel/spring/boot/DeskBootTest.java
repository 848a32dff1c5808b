package dev.keel.spring.boot;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A Spring Boot test of the support desk ({@link DeskApplication}, or a test's own application built on it), its store
 * in a fresh directory of the test class's.
 */
@SpringBootTest(classes = DeskApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
abstract class DeskBootTest {

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void desk(DynamicPropertyRegistry registry) {
        // Called as the context starts, after the directory is made.
        DeskApplication.properties(data).forEach((name, value) -> registry.add(name, () -> value));
    }
}
