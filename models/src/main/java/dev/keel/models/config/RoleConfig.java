package dev.keel.models.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One entry of {@code models.roles}: which provider serves the role, which environment variable names its
 * model, and which roles to fall back to, in order. Immutable, pure and thread-safe.
 *
 * @param name     the role (also the backend id reported as {@code backend_used} when one of its models answers)
 * @param provider the key of its provider entry
 * @param modelEnv the NAME of the environment variable holding the model name; null for an embedded provider
 * @param fallback roles tried, in order, when this role's backend fails
 */
public record RoleConfig(String name, String provider, @Nullable String modelEnv, List<String> fallback) {

    public RoleConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(provider, "provider");
        fallback = List.copyOf(fallback);
    }

    public Optional<String> modelEnvOption() {
        return Optional.ofNullable(modelEnv);
    }
}
