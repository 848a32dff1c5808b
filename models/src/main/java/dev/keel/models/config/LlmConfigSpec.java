package dev.keel.models.config;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The LLM configuration ({@code llm.config.json}) as its wire format binds it: one component per member of the JSON
 * Schema ({@code dev/keel/models/schema/llm-config.schema.json}), which is what validates it
 * ({@link LlmConfigFormat}). Component names are the camelCase of the wire names ({@code baseUrlEnv} is
 * {@code base_url_env}); optional members are null when absent. Immutable once bound (the binding makes its own lists
 * and maps) and thread-safe.
 *
 * @param policy the policy numbers by name: each a {@link BigDecimal} or a map with {@code env} and an optional
 *               {@code default}; {@code weights} a map of numbers by role
 */
record LlmConfigSpec(
        @Nullable String description,
        Map<String, ProviderSpec> providers,
        ModelsSpec models,
        @Nullable Map<String, PriceSpec> pricing,
        @Nullable Map<String, Object> policy,
        @Nullable RetrySpec retry) {

    /** The policy member that is a table of numbers by role, read by the committee, not one number. */
    public static final String WEIGHTS = "weights";

    /** One entry of {@code providers}. */
    public record ProviderSpec(@Nullable String kind, @Nullable Boolean enabled, @Nullable String baseUrl,
            @Nullable String baseUrlEnv, @Nullable String apiKeyEnv, @Nullable Integer timeoutMs,
            @Nullable String description) {
    }

    /** {@code models}. */
    public record ModelsSpec(Map<String, RoleSpec> roles) {
    }

    /** One entry of {@code models.roles}. */
    public record RoleSpec(String provider, @Nullable String model, @Nullable List<String> fallback,
            @Nullable String description) {
    }

    /** One entry of {@code pricing}. */
    public record PriceSpec(BigDecimal inputUsdPerMillion, BigDecimal outputUsdPerMillion) {
    }

    /** {@code retry}. */
    public record RetrySpec(@Nullable Integer maxAttempts, @Nullable Integer initialBackoffMs,
            @Nullable BigDecimal multiplier, @Nullable Integer maxBackoffMs) {
    }
}
