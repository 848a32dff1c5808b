package dev.keel.spring.boot.internal;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.AnthropicBackends;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.OllamaBackends;
import dev.keel.llm.adapters.OllamaHost;
import dev.keel.llm.adapters.OpenAiBackends;
import dev.keel.llm.adapters.reasoning.EmbeddedBackend;
import dev.keel.pipeline.Backends;
import dev.keel.spring.boot.KeelProperties;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The pipeline's backends from {@code keel.backends}: each one a bean of the application or a model of a provider
 * (through llm-adapters' factories), with its model name and API key read from the environment variables the
 * properties name. Messages name properties and variables, never a value. Stateless and thread-safe.
 */
public final class PropertyBackends {

    private PropertyBackends() {
    }

    /**
     * Builds the backends.
     *
     * @param backends    {@code keel.backends}
     * @param fallback    {@code keel.fallback}, or null
     * @param beans       the application's {@code LlmBackend} bean of a name, or null when there is none
     * @param environment where variables are read
     * @throws ConfigurationException naming the property or variable that is missing or wrong
     */
    public static Backends build(Map<String, KeelProperties.Backend> backends, String fallback,
                                 Function<String, LlmBackend> beans, Environment environment) {
        if (backends.isEmpty()) {
            throw new ConfigurationException("keel.backends lists no backend; the routing table's backends go there");
        }
        Backends.Builder built = Backends.builder();
        // Sorted, so that the default fallback (the first internal backend) does not depend on map order.
        new TreeMap<>(backends).forEach((name, backend) -> {
            String property = "keel.backends." + name;
            if (backend.placement() == null) {
                throw new ConfigurationException(property + ".placement is not set (internal or external)");
            }
            LlmBackend model = create(name, property, backend, beans, environment);
            if (backend.placement() == KeelProperties.Placement.INTERNAL) {
                built.internal(name, model);
            } else {
                built.external(name, model);
            }
        });
        if (fallback != null) {
            built.fallback(fallback);
        }
        return built.build();
    }

    private static LlmBackend create(String name, String property, KeelProperties.Backend backend,
                                     Function<String, LlmBackend> beans, Environment environment) {
        switch (backend.provider()) {
            case BEAN: {
                String bean = backend.bean() != null ? backend.bean() : name;
                LlmBackend found = beans.apply(bean);
                if (found == null) {
                    throw new ConfigurationException(property + " is served by the LlmBackend bean '" + bean
                            + "', and there is no such bean");
                }
                return found;
            }
            case OLLAMA:
                return OllamaBackends.create(name, model(property, backend, environment),
                        backend.baseUrl() != null ? OllamaHost.baseUrl(backend.baseUrl())
                                : OllamaHost.baseUrl(environment), backend.timeout());
            case OPENAI:
                return OpenAiBackends.create(name, model(property, backend, environment),
                        backend.baseUrl() != null ? backend.baseUrl() : OpenAiBackends.OPENAI_BASE_URL,
                        backend.apiKeyEnv() == null ? null : environment.require(backend.apiKeyEnv(),
                                "the API key of " + property), backend.timeout());
            case ANTHROPIC:
                if (backend.apiKeyEnv() == null) {
                    throw new ConfigurationException(property + ".api-key-env is not set (the NAME of the variable"
                            + " that holds the Anthropic API key)");
                }
                return AnthropicBackends.create(name, model(property, backend, environment),
                        backend.baseUrl() != null ? backend.baseUrl() : AnthropicBackends.ANTHROPIC_BASE_URL,
                        environment.require(backend.apiKeyEnv(), "the API key of " + property), backend.timeout());
            case EMBEDDED:
                return EmbeddedBackend.create();
            default:
                throw new ConfigurationException(property + ".provider " + backend.provider() + " is not supported");
        }
    }

    private static String model(String property, KeelProperties.Backend backend, Environment environment) {
        if (backend.modelEnv() == null) {
            throw new ConfigurationException(property + ".model-env is not set (the NAME of the variable that holds"
                    + " the model name)");
        }
        return environment.require(backend.modelEnv(), "the model name of " + property);
    }
}
