package dev.keel.llm.adapters.config;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.AnthropicBackends;
import dev.keel.llm.adapters.BudgetGuard;
import dev.keel.llm.adapters.ChatModelBackend;
import dev.keel.llm.adapters.Environment;
import dev.keel.core.spi.FallbackChain;
import dev.keel.llm.adapters.OllamaBackends;
import dev.keel.llm.adapters.OllamaHost;
import dev.keel.llm.adapters.OpenAiBackends;
import dev.keel.llm.adapters.PriceTable;
import dev.keel.llm.adapters.Sleeper;
import dev.keel.llm.adapters.internal.ProviderModule;
import dev.keel.llm.adapters.reasoning.EmbeddedBackend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link ConfiguredBackends}. A provider's model is built by its factory ({@link OllamaBackends},
 * {@link OpenAiBackends}, {@link AnthropicBackends}) only when a role asks for it, after checking that the
 * provider's langchain4j module is on the class path; otherwise the role fails with a
 * {@link ConfigurationException} naming the role, the provider and the missing artifact.
 *
 * <p>Not pure (builds network clients); thread-safe: resolved roles are kept in a concurrent map.
 */
final class EnvironmentBackends implements ConfiguredBackends {

    private final LlmConfig config;
    private final Environment environment;
    private final Sleeper sleeper;
    private final Map<String, Resolved> resolved = new ConcurrentHashMap<>();

    /** A role's backend with retries, and the model it is priced as (null for the embedded backend). */
    private static final class Resolved {
        final LlmBackend backend;
        final String model;

        Resolved(LlmBackend backend, String model) {
            this.backend = backend;
            this.model = model;
        }
    }

    EnvironmentBackends(LlmConfig config, Environment environment, Sleeper sleeper) {
        this.config = Objects.requireNonNull(config, "config");
        this.environment = Objects.requireNonNull(environment, "environment");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    @Override
    public LlmConfig config() {
        return config;
    }

    @Override
    public Set<String> roles() {
        return config.roles().keySet();
    }

    @Override
    public LlmBackend backend(String role) {
        return resolve(role).backend;
    }

    @Override
    public String modelName(String role) {
        Resolved r = resolve(role);
        return r.model == null ? EmbeddedBackend.ID : r.model;
    }

    @Override
    public boolean hasModel(String role) {
        return providerOf(roleConfig(role)).kind() != ProviderKind.EMBEDDED;
    }

    @Override
    public FallbackChain chain(String role) {
        List<LlmBackend> backends = new ArrayList<>();
        for (String member : members(role)) {
            backends.add(backend(member));
        }
        return FallbackChain.of(role, backends);
    }

    @Override
    public FallbackChain chain(String role, BudgetGuard guard) {
        List<LlmBackend> backends = new ArrayList<>();
        for (String member : members(role)) {
            Resolved r = resolve(member);
            backends.add(r.model == null ? r.backend : guard.guard(r.backend, r.model));
        }
        return FallbackChain.of(role, backends);
    }

    private List<String> members(String role) {
        List<String> members = new ArrayList<>();
        members.add(role);
        members.addAll(roleConfig(role).fallback());
        return members;
    }

    @Override
    public PriceTable prices() {
        return config.prices();
    }

    @Override
    public BigDecimal policyValue(String name, BigDecimal fallback) {
        PolicyValue value = config.policy().get(name);
        return value == null ? fallback : value.resolve(name, environment);
    }

    private Resolved resolve(String role) {
        RoleConfig roleConfig = roleConfig(role);
        // computeIfAbsent does not cache a failure: a variable set later is picked up on the next call
        return resolved.computeIfAbsent(role, r -> build(roleConfig));
    }

    private RoleConfig roleConfig(String role) {
        return config.role(role).orElseThrow(() -> new ConfigurationException("no role '" + role
                + "' in the LLM configuration (roles: " + String.join(", ", config.roles().keySet()) + ")"));
    }

    private ProviderConfig providerOf(RoleConfig role) {
        return config.providers().get(role.provider());
    }

    private Resolved build(RoleConfig role) {
        ProviderConfig provider = providerOf(role);
        if (!provider.enabled()) {
            throw new ConfigurationException("role '" + role.name() + "' uses provider '" + provider.name()
                    + "', which is disabled in the LLM configuration");
        }
        if (provider.kind() == ProviderKind.EMBEDDED) {
            return new Resolved(EmbeddedBackend.create(), null);
        }
        ProviderModule.of(provider.kind()).require("role '" + role.name() + "' uses provider '" + provider.name() + "'");
        String model = environment.require(role.modelEnv(), "the model name of role '" + role.name() + "'");
        ChatModelBackend backend;
        switch (provider.kind()) {
            case OLLAMA:
                backend = OllamaBackends.create(role.name(), model, ollamaBaseUrl(provider, role), provider.timeout());
                break;
            case OPENAI:
                backend = OpenAiBackends.create(role.name(), model,
                        baseUrl(provider, role, OpenAiBackends.OPENAI_BASE_URL), apiKey(provider, role, false), provider.timeout());
                break;
            case ANTHROPIC:
                backend = AnthropicBackends.create(role.name(), model,
                        baseUrl(provider, role, AnthropicBackends.ANTHROPIC_BASE_URL), apiKey(provider, role, true), provider.timeout());
                break;
            default:
                throw new IllegalStateException("unhandled provider kind " + provider.kind());
        }
        return new Resolved(config.retry().wrap(backend, sleeper), model);
    }

    private String ollamaBaseUrl(ProviderConfig provider, RoleConfig role) {
        if (provider.baseUrl() != null) {
            return OllamaHost.baseUrl(provider.baseUrl());
        }
        if (provider.baseUrlEnv() != null) {
            return OllamaHost.baseUrl(environment.require(provider.baseUrlEnv(),
                    "the base URL of provider '" + provider.name() + "' used by role '" + role.name() + "'"));
        }
        return OllamaHost.baseUrl(environment);
    }

    private String baseUrl(ProviderConfig provider, RoleConfig role, String fallback) {
        if (provider.baseUrl() != null) {
            return provider.baseUrl();
        }
        if (provider.baseUrlEnv() != null) {
            return environment.require(provider.baseUrlEnv(),
                    "the base URL of provider '" + provider.name() + "' used by role '" + role.name() + "'");
        }
        return fallback;
    }

    private String apiKey(ProviderConfig provider, RoleConfig role, boolean required) {
        if (provider.apiKeyEnv() == null) {
            if (required) {
                throw new ConfigurationException("provider '" + provider.name() + "' names no api_key_env");
            }
            return null;
        }
        return environment.require(provider.apiKeyEnv(),
                "the API key of provider '" + provider.name() + "' used by role '" + role.name() + "'");
    }

    @Override
    public String toString() {
        return "ConfiguredBackends{roles=" + roles() + ", resolved=" + new java.util.TreeSet<>(resolved.keySet()) + "}";
    }
}
