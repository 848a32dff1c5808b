package dev.keel.test;

import static dev.keel.test.KeelAssertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The sample of docs/testing.md is {@link WardBedsTest}, word for word, so the sample a host copies compiles and passes. */
class TestingDocTest {

    @Test
    void theDocumentedSampleIsTheTestThatRuns() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "testing.md"), StandardCharsets.UTF_8);
        int marker = doc.indexOf("<!-- sample: ward-beds-test -->");
        int start = doc.indexOf('\n', doc.indexOf("```java", marker)) + 1;
        String documented = doc.substring(start, doc.indexOf("```", start));
        String test = Files.readString(Path.of("src", "test", "java", "dev", "keel", "test", "WardBedsTest.java"),
                StandardCharsets.UTF_8);

        assertThat(marker).isNotNegative();
        assertThat(documented.strip()).isEqualTo(test.substring(test.indexOf("import static")).strip());
    }
}
