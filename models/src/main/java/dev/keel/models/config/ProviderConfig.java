package dev.keel.models.config;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One entry of {@code providers}: how to reach a provider. Holds names of environment variables, never their
 * values. Immutable, pure and thread-safe.
 *
 * @param name       the entry's key
 * @param kind       what it speaks
 * @param enabled    false for placeholders (a provider configured but not in use); roles on a disabled
 *                   provider cannot be resolved
 * @param baseUrl    a literal base URL, or null
 * @param baseUrlEnv the name of the environment variable holding the base URL, or null
 * @param apiKeyEnv  the name of the environment variable holding the API key, or null
 * @param timeout    how long one call may take
 */
public record ProviderConfig(String name, ProviderKind kind, boolean enabled, @Nullable String baseUrl,
                             @Nullable String baseUrlEnv, @Nullable String apiKeyEnv, Duration timeout) {

    public ProviderConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(timeout, "timeout");
    }

    public Optional<String> baseUrlOption() {
        return Optional.ofNullable(baseUrl);
    }

    public Optional<String> baseUrlEnvOption() {
        return Optional.ofNullable(baseUrlEnv);
    }

    public Optional<String> apiKeyEnvOption() {
        return Optional.ofNullable(apiKeyEnv);
    }
}
