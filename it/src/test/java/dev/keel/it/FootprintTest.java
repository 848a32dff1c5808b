package dev.keel.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a host pulls with keel-core, keel-policy, keel-reading, keel-routing, keel-evidence, keel-stage, keel-pipeline,
 * keel-models, keel-langchain4j and keel-aiservices and nothing else: under 15 MB of jars, and no langchain4j
 * provider module, no in-process embedding model or ONNX runtime, and none of the modules a host adds only when it
 * uses them (the rules and their expression engine, the committee). The jars are the runtime dependencies of this module, copied
 * by the build.
 */
class FootprintTest {

    /** The budget of the library modules without providers. */
    private static final long MAX_BYTES = 15L * 1024 * 1024;

    @Test
    void theLibraryModulesWithoutProvidersStayUnder15Megabytes() throws IOException {
        Path directory = Path.of(System.getProperty("keel.footprint.directory", "target/footprint"));
        List<Path> jars = jars(directory);
        long total = 0;
        StringBuilder report = new StringBuilder();
        for (Path jar : jars) {
            long size = Files.size(jar);
            total += size;
            report.append(String.format(Locale.ROOT, "%,12d  %s%n", size, jar.getFileName()));
        }
        report.append(String.format(Locale.ROOT, "%,12d  total, %d jars%n", total, jars.size()));
        Files.writeString(directory.resolveSibling("footprint.txt"), report.toString());

        List<String> names = jars.stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
        assertThat(names).as("the library modules themselves")
                .anyMatch(n -> n.startsWith("keel-core-")).anyMatch(n -> n.startsWith("keel-models-"))
                .anyMatch(n -> n.startsWith("keel-langchain4j-"))
                .anyMatch(n -> n.startsWith("langchain4j-core-"));
        assertThat(names).as("jars a host must add itself, if at all")
                .noneMatch(n -> n.startsWith("langchain4j-ollama") || n.startsWith("langchain4j-open-ai")
                        || n.startsWith("langchain4j-anthropic") || n.startsWith("langchain4j-embeddings")
                        || n.startsWith("onnxruntime") || n.startsWith("keel-embeddings-minilm")
                        || n.startsWith("keel-rules-") || n.startsWith("keel-committee-")
                        || n.startsWith("keel-pipeline-rules-") || n.startsWith("keel-pipeline-committee-")
                        || n.startsWith("keel-mcp-") || n.startsWith("mcp-core-")
                        || n.startsWith("guava-") || n.startsWith("protobuf-java"));
        assertThat(total).as("bytes of jars a host pulls; the jars:%n%s", report).isLessThan(MAX_BYTES);
    }

    private static List<Path> jars(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
    }

    /** The keel eval harness and its ops are the CLI's: no jar of the host's set carries them, or registers one. */
    @Test
    void noLibraryJarCarriesTheEvalHarness() throws IOException {
        List<Path> jars = jars(Path.of(System.getProperty("keel.footprint.directory", "target/footprint")));
        List<String> found = new ArrayList<>();
        for (Path jar : jars) {
            assertThat(jar.getFileName().toString()).doesNotStartWith("keel-eval");
            try (JarFile file = new JarFile(jar.toFile())) {
                file.stream().map(JarEntry::getName)
                        .filter(name -> name.startsWith("dev/keel/core/eval/") || name.startsWith("dev/keel/eval/")
                                || name.startsWith("META-INF/services/dev.keel.core.eval.")
                                || name.startsWith("META-INF/services/dev.keel.eval."))
                        .forEach(name -> found.add(jar.getFileName() + "!" + name));
            }
        }
        assertThat(jars).as("the host's jars").anyMatch(p -> p.getFileName().toString().startsWith("keel-core-"));
        assertThat(found).as("eval classes and registrations in the library jars").isEmpty();
    }
}
