package dev.keel.spring.boot.internal;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.RetryPolicy;
import dev.keel.llm.adapters.Sleeper;
import dev.keel.llm.adapters.config.ConfiguredBackends;
import dev.keel.llm.adapters.config.LlmConfig;
import dev.keel.llm.adapters.config.ProviderConfig;
import dev.keel.llm.adapters.config.ProviderKind;
import dev.keel.llm.adapters.config.ProviderKinds;
import dev.keel.llm.adapters.config.RoleConfig;
import dev.keel.pipeline.Backends;
import dev.keel.spring.boot.KeelProperties;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The pipeline's backends from {@code keel.backends}: each one a bean of the application, or a role of the LLM
 * configuration model that {@code llm.config.json} is read into ({@link LlmConfig}), bound from the properties (the
 * backend's name is its role and its provider) and built by llm-adapters' one factory ({@link ConfiguredBackends})
 * with its provider kind found in {@link ProviderKinds}. Messages name properties and variables, never a value.
 * Stateless and thread-safe.
 */
public final class PropertyBackends {

    /** The provider that is no provider kind: an {@code LlmBackend} bean of the application. */
    public static final String BEAN = "bean";

    /** How messages about a backend's model and provider name it: {@code keel.backends.desk}. */
    private static final LlmConfig.Labels LABELS = new LlmConfig.Labels("keel.backends.%1$s", "keel.backends.%2$s");

    private PropertyBackends() {
    }

    /**
     * Builds the backends.
     *
     * @param backends    {@code keel.backends}
     * @param fallback    {@code keel.fallback}, or null
     * @param retry       {@code keel.retry}
     * @param kinds       the provider kinds {@code keel.backends.<name>.provider} may name
     * @param beans       the application's {@code LlmBackend} bean of a name, or null when there is none
     * @param environment where variables are read
     * @throws ConfigurationException naming the property or variable that is missing or wrong
     */
    public static Backends build(Map<String, KeelProperties.Backend> backends, String fallback,
                                 KeelProperties.Retry retry, ProviderKinds kinds, Function<String, LlmBackend> beans,
                                 Environment environment) {
        if (backends.isEmpty()) {
            throw new ConfigurationException("keel.backends lists no backend; the routing table's backends go there");
        }
        if (kinds.find(BEAN).isPresent()) {
            throw new ConfigurationException("a provider kind is named '" + BEAN + "', which keel.backends reserves"
                    + " for the application's LlmBackend beans");
        }
        // Sorted, so that the default fallback (the first internal backend) does not depend on map order.
        Map<String, KeelProperties.Backend> sorted = new TreeMap<>(backends);
        ConfiguredBackends models = ConfiguredBackends.create(config(sorted, retry, kinds), environment,
                Sleeper.system());
        Backends.Builder built = Backends.builder();
        sorted.forEach((name, backend) -> {
            String property = "keel.backends." + name;
            if (backend.placement() == null) {
                throw new ConfigurationException(property + ".placement is not set (internal or external)");
            }
            LlmBackend model = BEAN.equals(backend.provider()) ? bean(name, property, backend, beans)
                    : models.backend(name);
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

    /** The configuration model of every backend that a provider serves: a provider and a role of its name each. */
    private static LlmConfig config(Map<String, KeelProperties.Backend> backends, KeelProperties.Retry retry,
                                    ProviderKinds kinds) {
        LlmConfig.Builder config = LlmConfig.builder().labels(LABELS).retry(retryPolicy(retry));
        backends.forEach((name, backend) -> {
            if (BEAN.equals(backend.provider())) {
                return;
            }
            String property = "keel.backends." + name;
            ProviderKind kind = kinds.find(backend.provider()).orElseThrow(() -> new ConfigurationException(property
                    + ".provider '" + backend.provider() + "' is no provider (known: " + BEAN + ", "
                    + String.join(", ", kinds.names()) + ")"));
            String modelEnv = set(backend.modelEnv());
            String baseUrl = set(backend.baseUrl());
            String baseUrlEnv = set(backend.baseUrlEnv());
            String apiKeyEnv = set(backend.apiKeyEnv());
            if (!kind.takesEndpoint() && (baseUrl != null || baseUrlEnv != null || apiKeyEnv != null)) {
                throw new ConfigurationException(property + ": provider '" + kind.name() + "' takes no base-url,"
                        + " base-url-env or api-key-env");
            }
            if (kind.takesModel() && modelEnv == null) {
                throw new ConfigurationException(property + ".model-env is not set (the NAME of the variable that"
                        + " holds the model name)");
            }
            if (kind.requiresApiKey() && apiKeyEnv == null) {
                throw new ConfigurationException(property + ".api-key-env is not set (the NAME of the variable that"
                        + " holds the API key)");
            }
            config.provider(new ProviderConfig(name, kind, true, baseUrl, baseUrlEnv, apiKeyEnv, backend.timeout()));
            config.role(new RoleConfig(name, name, kind.takesModel() ? modelEnv : null, List.of()));
        });
        return config.build();
    }

    /** A property's value, null when it is not set or blank (an empty value in a profile unsets it). */
    private static String set(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static RetryPolicy retryPolicy(KeelProperties.Retry retry) {
        try {
            return new RetryPolicy(retry.maxAttempts(), retry.initialBackoff(), retry.multiplier(),
                    retry.maxBackoff());
        } catch (ConfigurationException e) {
            throw new ConfigurationException("keel.retry: " + e.getMessage(), e);
        }
    }

    private static LlmBackend bean(String name, String property, KeelProperties.Backend backend,
                                   Function<String, LlmBackend> beans) {
        String bean = set(backend.bean()) != null ? set(backend.bean()) : name;
        LlmBackend found = beans.apply(bean);
        if (found == null) {
            throw new ConfigurationException(property + " is served by the LlmBackend bean '" + bean
                    + "', and there is no such bean");
        }
        return found;
    }
}
