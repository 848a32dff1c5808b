package dev.keel.models.config;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.BaseUrls;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.models.config.ProviderClient;
import dev.keel.models.config.ProviderKind;
import dev.keel.models.config.ProviderSettings;
import dev.keel.models.reasoning.EmbeddedBackend;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * The built-in {@link ProviderKind}s. The embedded kind builds its backend here; the kinds that call a model over the
 * network ({@code ollama}, {@code openai}, {@code anthropic}) say what a configuration gives them and where they call
 * by default, and leave building the backend to the {@link ProviderClient} a client module registers for them
 * ({@code keel-langchain4j}), found when a backend is first asked for. So they load, and a configuration naming them
 * is read, without any client library. Their one instance each is a constant of {@link ProviderKind} (created there,
 * so that no order of class initialisation can see a constant unset). Immutable and thread-safe; a client is looked
 * up with {@link ServiceLoader} on each use (the class loader's I/O).
 */
final class BuiltInKinds {

    /** The module that registers the clients of the built-in kinds, as a host writes it in its build. */
    private static final String CLIENT_MODULE = "dev.keel:keel-langchain4j";

    private BuiltInKinds() {
    }

    /** A built-in kind whose backends the {@link ProviderClient} of its name builds. */
    abstract static class WithClient implements ProviderKind {
        private final String name;
        private final String displayName;

        WithClient(String name, String displayName) {
            this.name = name;
            this.displayName = displayName;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void requireAvailable(String context) {
            client(context).requireAvailable(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return client(null).create(settings);
        }

        private ProviderClient client(@Nullable String context) {
            for (ProviderClient client : ServiceLoader.load(ProviderClient.class, ProviderClient.class.getClassLoader())) {
                if (name.equals(client.kind())) {
                    return client;
                }
            }
            throw new ConfigurationException((context == null ? "" : context + ": ") + "the " + displayName
                    + " provider needs " + CLIENT_MODULE + " on the class path, which builds its backends; add that"
                    + " dependency next to keel-models");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Ollama: the base URL is read as the Ollama CLI reads {@code OLLAMA_HOST}, which is the default. */
    public static final class Ollama extends WithClient {
        public Ollama() {
            super("ollama", "Ollama");
        }

        @Override
        public String baseUrl(@Nullable String configured, Environment environment) {
            return configured != null ? OllamaHost.baseUrl(configured) : OllamaHost.baseUrl(environment);
        }
    }

    /** Any OpenAI-compatible endpoint; the key is optional (local servers take none). */
    public static final class OpenAi extends WithClient {
        public OpenAi() {
            super("openai", "OpenAI-compatible");
        }

        @Override
        public String baseUrl(@Nullable String configured, Environment environment) {
            return configured != null ? configured : BaseUrls.OPENAI;
        }
    }

    /** The Anthropic Messages API; the key is required. */
    public static final class Anthropic extends WithClient {
        public Anthropic() {
            super("anthropic", "Anthropic");
        }

        @Override
        public boolean requiresApiKey() {
            return true;
        }

        @Override
        public String baseUrl(@Nullable String configured, Environment environment) {
            return configured != null ? configured : BaseUrls.ANTHROPIC;
        }
    }

    /** No model and no endpoint: the embedded backend, which reports itself as what it is. */
    public static final class Embedded implements ProviderKind {
        @Override
        public String name() {
            return "embedded";
        }

        @Override
        public boolean takesModel() {
            return false;
        }

        @Override
        public boolean takesEndpoint() {
            return false;
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return EmbeddedBackend.create();
        }

        @Override
        public String toString() {
            return name();
        }
    }
}
