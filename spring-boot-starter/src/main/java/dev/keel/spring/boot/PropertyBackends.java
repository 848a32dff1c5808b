package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import dev.keel.models.Sleeper;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.models.config.ProviderKinds;
import dev.keel.pipeline.Backends;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The pipeline's backends from {@code keel.backends}: each one a bean of the application, or a role of the LLM
 * configuration model that {@code llm.config.json} is read into ({@link LlmConfig}), bound from the properties (the
 * backend's name is its role and its provider) and built by keel-models' one factory ({@link ConfiguredBackends})
 * with its provider kind found in {@link ProviderKinds}. The properties of the backends that a provider serves are
 * written as the {@code llm.config.json} they stand for and read through its format, so the same mistake gets the
 * same message as in the file, naming the property ({@code keel.backends.desk.model-env: required: ...}) where the
 * file names the JSON pointer. Messages name properties and variables, never a value. Stateless and thread-safe.
 */
final class PropertyBackends {

    /** The provider that is no provider kind: an {@code LlmBackend} bean of the application. */
    public static final String BEAN = "bean";

    /** How messages about a backend's model and provider name it: {@code keel.backends.desk}. */
    private static final LlmConfig.Labels LABELS = new LlmConfig.Labels("keel.backends.%1$s", "keel.backends.%2$s");

    /** The members of {@code llm.config.json} whose property is not their name in kebab-case. */
    private static final Map<String, String> PROPERTIES = Map.of("kind", "provider", "model", "model-env",
            "timeout_ms", "timeout", "initial_backoff_ms", "initial-backoff", "max_backoff_ms", "max-backoff");

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
    public static Backends build(Map<String, KeelProperties.Backend> backends, @Nullable String fallback,
                                 KeelProperties.Retry retry, ProviderKinds kinds,
                                 Function<String, @Nullable LlmBackend> beans, Environment environment) {
        if (backends.isEmpty()) {
            throw new ConfigurationException("keel.backends lists no backend; the routing table's backends go there");
        }
        if (kinds.find(BEAN).isPresent()) {
            throw new ConfigurationException("a provider kind is named '" + BEAN + "', which keel.backends reserves"
                    + " for the application's LlmBackend beans");
        }
        // Sorted, so that the default fallback (the first internal backend) does not depend on map order.
        Map<String, KeelProperties.Backend> sorted = new TreeMap<>(backends);
        Map<String, Object> document = document(sorted, retry);
        ConfiguredBackends models = document == null ? null : ConfiguredBackends.create(
                LlmConfig.fromTree(document, kinds, LABELS, PropertyBackends::property), environment,
                Sleeper.system());
        Backends.Builder built = Backends.builder();
        sorted.forEach((name, backend) -> {
            String property = "keel.backends." + name;
            if (backend.placement() == null) {
                throw new ConfigurationException(property + ".placement is not set (internal or external)");
            }
            LlmBackend model = BEAN.equals(backend.provider()) ? bean(name, property, backend, beans)
                    : Objects.requireNonNull(models, "models").backend(name);
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

    /**
     * The {@code llm.config.json} that the backends a provider serves stand for: a provider and a role of each
     * backend's name, {@code keel.retry} as its retries; null when every backend is a bean.
     */
    private static @Nullable Map<String, Object> document(Map<String, KeelProperties.Backend> backends,
                                                          KeelProperties.Retry retry) {
        Map<String, Object> providers = new LinkedHashMap<>();
        Map<String, Object> roles = new LinkedHashMap<>();
        backends.forEach((name, backend) -> {
            if (BEAN.equals(backend.provider())) {
                return;
            }
            String property = "keel.backends." + name;
            Placeholders.requireResolved(property + ".base-url", backend.baseUrl());
            Placeholders.requireResolved(property + ".base-url-env", backend.baseUrlEnv());
            Placeholders.requireResolved(property + ".api-key-env", backend.apiKeyEnv());
            Placeholders.requireResolved(property + ".model-env", backend.modelEnv());
            Map<String, Object> provider = new LinkedHashMap<>();
            provider.put("kind", backend.provider());
            putSet(provider, "base_url", backend.baseUrl());
            putSet(provider, "base_url_env", backend.baseUrlEnv());
            putSet(provider, "api_key_env", backend.apiKeyEnv());
            provider.put("timeout_ms", millis(backend.timeout()));
            providers.put(name, provider);
            Map<String, Object> role = new LinkedHashMap<>();
            role.put("provider", name);
            putSet(role, "model", backend.modelEnv());
            roles.put(name, role);
        });
        if (providers.isEmpty()) {
            return null;
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("providers", providers);
        document.put("models", Map.of("roles", roles));
        document.put("retry", Map.of("max_attempts", BigDecimal.valueOf(retry.maxAttempts()),
                "initial_backoff_ms", millis(retry.initialBackoff()), "multiplier", BigDecimal.valueOf(retry.multiplier()),
                "max_backoff_ms", millis(retry.maxBackoff())));
        return document;
    }

    /** Puts a property's value, unless it is not set or blank (an empty value in a profile unsets it). */
    private static void putSet(Map<String, Object> member, String name, @Nullable String value) {
        if (value != null && !value.isBlank()) {
            member.put(name, value.strip());
        }
    }

    /** A duration in milliseconds, exactly: a fraction of a millisecond is named by the format, not rounded away. */
    private static BigDecimal millis(Duration duration) {
        BigDecimal millis = BigDecimal.valueOf(duration.getSeconds()).scaleByPowerOfTen(3)
                .add(BigDecimal.valueOf(duration.getNano(), 6)).stripTrailingZeros();
        return millis.scale() < 0 ? millis.setScale(0) : millis;
    }

    /** The property at {@code pointer} in the document {@link #document} writes: {@code keel.backends.desk.timeout}. */
    private static String property(String pointer) {
        List<String> tokens = JsonPointers.parse(pointer);
        if (tokens.size() >= 2 && tokens.get(0).equals("providers")) {
            return "keel.backends." + tokens.get(1) + member(tokens, 2);
        }
        if (tokens.size() >= 3 && tokens.get(0).equals("models")) {
            return "keel.backends." + tokens.get(2) + member(tokens, 3);
        }
        if (!tokens.isEmpty() && tokens.get(0).equals("retry")) {
            return "keel.retry" + member(tokens, 1);
        }
        return "keel.backends";
    }

    private static String member(List<String> tokens, int index) {
        if (tokens.size() <= index) {
            return "";
        }
        String member = tokens.get(index);
        return "." + PROPERTIES.getOrDefault(member, member.replace('_', '-'));
    }

    private static LlmBackend bean(String name, String property, KeelProperties.Backend backend,
                                   Function<String, @Nullable LlmBackend> beans) {
        String named = backend.bean();
        String bean = named != null && !named.isBlank() ? named.strip() : name;
        LlmBackend found = beans.apply(bean);
        if (found == null) {
            throw new ConfigurationException(property + " is served by the LlmBackend bean '" + bean
                    + "', and there is no such bean");
        }
        return found;
    }
}
