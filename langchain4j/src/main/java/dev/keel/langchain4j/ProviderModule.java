package dev.keel.langchain4j;

import dev.keel.core.ConfigurationException;
import org.jspecify.annotations.Nullable;

/**
 * The langchain4j provider modules that {@code keel-langchain4j} can drive but does not bring: each is an
 * optional dependency a host adds when it uses that provider. {@link #require} checks that the module is on the
 * class path before any class that names its types is loaded, so that a missing jar is a
 * {@link ConfigurationException} naming the artifact instead of a {@link NoClassDefFoundError}.
 *
 * <p>Immutable and thread-safe; {@link #isPresent()} asks the class loader (no other I/O).
 */
enum ProviderModule {
    /** {@code langchain4j-ollama}. */
    OLLAMA("Ollama", "langchain4j-ollama", "dev.langchain4j.model.ollama.OllamaChatModel"),
    /** {@code langchain4j-open-ai}, for every OpenAI-compatible endpoint. */
    OPENAI("OpenAI-compatible", "langchain4j-open-ai", "dev.langchain4j.model.openai.OpenAiChatModel"),
    /** {@code langchain4j-anthropic}. */
    ANTHROPIC("Anthropic", "langchain4j-anthropic", "dev.langchain4j.model.anthropic.AnthropicChatModel");

    /** The group of every langchain4j artifact. */
    public static final String GROUP_ID = "dev.langchain4j";

    private final String displayName;
    private final String artifactId;
    private final String probeClass;

    ProviderModule(String displayName, String artifactId, String probeClass) {
        this.displayName = displayName;
        this.artifactId = artifactId;
        this.probeClass = probeClass;
    }

    /** The Maven artifact id, for example {@code langchain4j-ollama}. */
    public String artifactId() {
        return artifactId;
    }

    /** {@code groupId:artifactId}, as a host writes it in its build. */
    public String coordinates() {
        return GROUP_ID + ":" + artifactId;
    }

    /** True when the module's chat model class can be found by the class loader that loaded Keel. */
    public boolean isPresent() {
        try {
            Class.forName(probeClass, false, ProviderModule.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** As {@link #require(String)} with no context. */
    public void require() {
        require(null);
    }

    /**
     * Returns when the module is present.
     *
     * @param context what asked for the provider (for example a role of the configuration), or null
     * @throws ConfigurationException naming the missing artifact otherwise
     */
    public void require(@Nullable String context) {
        if (!isPresent()) {
            throw new ConfigurationException((context == null ? "" : context + ": ")
                    + "the " + displayName + " provider needs " + coordinates()
                    + " on the class path; add that dependency next to keel-langchain4j"
                    + " (its version comes from langchain4j-bom)");
        }
    }
}
