package dev.keel.models.config;

import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.BudgetGuard;
import dev.keel.models.Environment;
import dev.keel.models.PriceTable;
import dev.keel.models.Sleeper;
import java.math.BigDecimal;
import java.util.Set;

/**
 * The backends of an {@link LlmConfig}, resolved against an {@link Environment} when first asked for (model
 * names are read from the environment variables the roles name, at run time; see {@code docs/models.md}).
 *
 * <p>This is the one factory of configured backends: the configuration may come from {@code llm.config.json}
 * ({@link LlmConfig#parse}) or be bound from elsewhere ({@link LlmConfig#builder()}, as the Spring Boot starter binds
 * {@code keel.backends}). A role's backend is built by its provider's {@link ProviderKind} from
 * {@link ProviderSettings} (the model name, base URL and API key read from the variables the configuration names)
 * and wrapped in the configured {@link dev.keel.models.RetryPolicy}; its id is the role's name (what
 * provenance reports as {@code backend_used}), except for a kind that runs no model, such as the embedded provider,
 * whose backend reports its own id ({@value dev.keel.models.reasoning.EmbeddedBackend#ID}) and is not retried.
 * A missing variable, a disabled provider or an unknown role is a {@link dev.keel.core.ConfigurationException} that
 * names the variable, provider or role as {@link LlmConfig#labels()} say (never a secret's value). Resolved backends
 * are kept and reused.
 *
 * <p>The built-in kinds that call a model ({@code ollama}, {@code openai}, {@code anthropic}) need their client,
 * {@code keel-langchain4j}, and its langchain4j provider module on the class path ({@code langchain4j-ollama},
 * {@code langchain4j-open-ai}, {@code langchain4j-anthropic}; {@code keel-models} brings none of them). A
 * configuration may name providers whose modules are absent: only a role that is resolved and uses one fails, with a
 * {@link dev.keel.core.ConfigurationException} naming the role, the provider and the missing artifact.
 *
 * <p>Not pure: backends call providers over the network. Thread-safe.
 */
public interface ConfiguredBackends {

    /** Backends of {@code config} in {@code environment}, retrying with {@link Sleeper#system()}. */
    static ConfiguredBackends create(LlmConfig config, Environment environment) {
        return create(config, environment, Sleeper.system());
    }

    /** Backends of {@code config} in {@code environment}, waiting between retries with {@code sleeper}. */
    static ConfiguredBackends create(LlmConfig config, Environment environment, Sleeper sleeper) {
        return new EnvironmentBackends(config, environment, sleeper);
    }

    LlmConfig config();

    /** The configured roles, in file order. */
    Set<String> roles();

    /**
     * The backend of {@code role}, with retries.
     *
     * @throws dev.keel.core.ConfigurationException for an unknown role, a disabled provider, a missing variable,
     *         or a provider whose client or langchain4j module is not on the class path
     */
    LlmBackend backend(String role);

    /**
     * The model {@code role} asks for (read from its variable), or its backend's id for a kind that runs no model
     * ({@value dev.keel.models.reasoning.EmbeddedBackend#ID} for the embedded provider).
     *
     * @throws dev.keel.core.ConfigurationException as {@link #backend(String)}
     */
    String modelName(String role);

    /** True when {@code role}'s provider runs a model (its kind {@linkplain ProviderKind#takesModel() takes one}). */
    boolean hasModel(String role);

    /**
     * {@code role}'s backend followed by its fallback roles' backends; the chain's target is {@code role}.
     *
     * @throws dev.keel.core.ConfigurationException as {@link #backend(String)}, for any role of the chain
     */
    FallbackChain chain(String role);

    /**
     * As {@link #chain(String)}, with every model of the chain under {@code guard} (the embedded backend costs
     * nothing and is not guarded), so that a call the cap refuses falls back like a failed one.
     *
     * @throws dev.keel.core.ConfigurationException as {@link #chain(String)}, or when a model has no price
     */
    FallbackChain chain(String role, BudgetGuard guard);

    PriceTable prices();

    /**
     * The {@code policy} number {@code name} ({@code normalMaxUsd}, {@code deepMaxUsd}, ...), read
     * from its variable when the file says so; {@code fallback} when the file does not name it.
     *
     * @throws dev.keel.core.ConfigurationException when its variable is unset without default, or not a number
     */
    BigDecimal policyValue(String name, BigDecimal fallback);

    /** A guard capped at the policy number {@code capName} (for example {@code normalMaxUsd}), or {@code fallback}. */
    default BudgetGuard budget(String capName, BigDecimal fallback) {
        return BudgetGuard.create(policyValue(capName, fallback), prices());
    }
}
