package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the examples of docs/stage-runtime.md, so that tests keep them true. */
final class DocsExamples {

    private static final Path DOC = Path.of("..", "docs", "stage-runtime.md");

    private DocsExamples() {
    }

    static String document() {
        assertThat(DOC).as("the stage runtime documentation").exists();
        try {
            return Files.readString(DOC, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fenced block that follows {@code <!-- example: name -->}. */
    static String block(String name) {
        String doc = document();
        String marker = "<!-- example: " + name + " -->";
        int at = doc.indexOf(marker);
        assertThat(at).as("marker " + marker).isNotNegative();
        int open = doc.indexOf("```", at);
        int start = doc.indexOf('\n', open) + 1;
        int end = doc.indexOf("```", start);
        return doc.substring(start, end);
    }

    /** The host contract example. */
    static String contractExample() {
        return block("contract");
    }

    /** The lines of a JSON Lines example block. */
    static List<String> lines(String name) {
        return block(name).lines().filter(line -> !line.isBlank()).toList();
    }
}
