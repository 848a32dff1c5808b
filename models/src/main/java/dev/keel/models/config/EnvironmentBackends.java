package dev.keel.models.config;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.BudgetGuard;
import dev.keel.models.Environment;
import dev.keel.models.PriceTable;
import dev.keel.models.Sleeper;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * {@link ConfiguredBackends}: the one place where a configuration's roles become backends. A role's backend is built
 * by its provider's {@link ProviderKind} only when the role is asked for, after the kind has checked that it can be
 * used here (a built-in kind: its client and langchain4j module on the class path; otherwise the role fails with a
 * {@link ConfigurationException} naming the role, the provider and the missing artifact) and the variables the
 * configuration names have been read.
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
        final @Nullable String model;

        Resolved(LlmBackend backend, @Nullable String model) {
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
        return r.model == null ? r.backend.id() : r.model;
    }

    @Override
    public boolean hasModel(String role) {
        return providerOf(roleConfig(role)).kind().takesModel();
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
        // A configuration is checked when it is read or built: every role's provider is one of its providers.
        return Objects.requireNonNull(config.providers().get(role.provider()), "provider");
    }

    private Resolved build(RoleConfig role) {
        ProviderConfig provider = providerOf(role);
        String roleName = config.describeRole(role.name());
        if (!provider.enabled()) {
            throw new ConfigurationException(roleName + " uses provider '" + provider.name()
                    + "', which is disabled in the LLM configuration");
        }
        ProviderKind kind = provider.kind();
        kind.requireAvailable(roleName + " uses provider '" + provider.name() + "'");
        // A configuration is checked when it is read or built: a role whose kind takes a model names its variable.
        String model = kind.takesModel() ? environment.require(Objects.requireNonNull(role.modelEnv(), "modelEnv"),
                "the model name of " + roleName) : null;
        String providerName = config.describeProvider(provider.name(), role.name());
        String baseUrl = null;
        String apiKey = null;
        if (kind.takesEndpoint()) {
            String configured = provider.baseUrl() != null ? provider.baseUrl() : provider.baseUrlEnv() == null ? null
                    : environment.require(provider.baseUrlEnv(), "the base URL of " + providerName);
            baseUrl = kind.baseUrl(configured, environment);
            apiKey = provider.apiKeyEnv() == null ? null
                    : environment.require(provider.apiKeyEnv(), "the API key of " + providerName);
        }
        LlmBackend backend = kind.create(new ProviderSettings(role.name(), model, baseUrl, apiKey, provider.timeout()));
        // A backend that runs no model has nothing to retry and no price.
        return model == null ? new Resolved(backend, null) : new Resolved(config.retry().wrap(backend, sleeper), model);
    }

    @Override
    public String toString() {
        return "ConfiguredBackends{roles=" + roles() + ", resolved=" + new java.util.TreeSet<>(resolved.keySet()) + "}";
    }
}
