package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * keel-langchain4j declares the langchain4j provider modules optional: a host that adds none must still load
 * every class it uses, and a provider it asks for must fail with a ConfigurationException naming the artifact,
 * not with a NoClassDefFoundError. Checked in a class loader built from this test's class path minus the three
 * provider jars.
 */
class NoProviderOnTheClassPathTest {

    private static final Set<String> PROVIDERS = Set.of("langchain4j-ollama", "langchain4j-open-ai", "langchain4j-anthropic");

    @Test
    void everyEntryPointWorksOrNamesTheMissingArtifact() throws Exception {
        List<URL> urls = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (String entry : testClassPath()) {
            String name = Path.of(entry).getFileName().toString();
            if (PROVIDERS.stream().anyMatch(p -> name.startsWith(p + "-"))) {
                left.add(name);
            } else {
                urls.add(url(entry));
            }
        }
        assertThat(left).as("provider jars left out of the class loader").hasSize(3);

        List<String> lines;
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            assertThat(present(loader, "dev.langchain4j.model.chat.ChatModel")).isTrue();
            assertThat(present(loader, "dev.langchain4j.model.ollama.OllamaChatModel")).isFalse();
            @SuppressWarnings("unchecked")
            Supplier<List<String>> probe = (Supplier<List<String>>) loader.loadClass(NoProviderProbe.class.getName())
                    .getDeclaredConstructor().newInstance();
            lines = probe.get();
        }

        assertThat(lines).containsExactly(
                "constants https://api.openai.com/v1 https://api.anthropic.com/v1/",
                "available false false false",
                "ollama ConfigurationException the Ollama provider needs dev.langchain4j:langchain4j-ollama on the class path;"
                        + " add that dependency next to keel-langchain4j (its version comes from langchain4j-bom)",
                "openai ConfigurationException the OpenAI-compatible provider needs dev.langchain4j:langchain4j-open-ai on the"
                        + " class path; add that dependency next to keel-langchain4j (its version comes from langchain4j-bom)",
                "anthropic ConfigurationException the Anthropic provider needs dev.langchain4j:langchain4j-anthropic on the"
                        + " class path; add that dependency next to keel-langchain4j (its version comes from langchain4j-bom)",
                "roles [llama, master, gpt, internal]",
                "role internal ok embedded_extractive",
                "role master ConfigurationException role 'master' uses provider 'anthropic': the Anthropic provider needs"
                        + " dev.langchain4j:langchain4j-anthropic on the class path; add that dependency next to keel-langchain4j"
                        + " (its version comes from langchain4j-bom)",
                "role gpt ConfigurationException role 'gpt' uses provider 'openai': the OpenAI-compatible provider needs"
                        + " dev.langchain4j:langchain4j-open-ai on the class path; add that dependency next to keel-langchain4j"
                        + " (its version comes from langchain4j-bom)",
                "role llama ConfigurationException role 'llama' uses provider 'ollama': the Ollama provider needs"
                        + " dev.langchain4j:langchain4j-ollama on the class path; add that dependency next to keel-langchain4j"
                        + " (its version comes from langchain4j-bom)",
                "chat model backend ok pong");
    }

    @Test
    void withTheProvidersPresentTheFactoriesSayTheyAreAvailable() {
        assertThat(OllamaBackends.isAvailable()).isTrue();
        assertThat(OpenAiBackends.isAvailable()).isTrue();
        assertThat(AnthropicBackends.isAvailable()).isTrue();
    }

    /** Surefire runs tests through a manifest-only jar and passes the real class path in this property. */
    private static List<String> testClassPath() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(entry);
            }
        }
        return entries;
    }

    private static URL url(String entry) {
        try {
            return Path.of(entry).toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean present(ClassLoader loader, String name) {
        try {
            Class.forName(name, false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
