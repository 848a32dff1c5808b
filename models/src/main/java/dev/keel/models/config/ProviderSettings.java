package dev.keel.models.config;

import dev.keel.models.BaseUrls;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ProviderKind} builds a backend from, resolved from the configuration and the environment. Holds the
 * API key's value: never print it. Immutable, pure and thread-safe.
 *
 * @param id      the backend's id, reported as {@code backend_used} (the role's name)
 * @param model   the model name read from the role's variable; null when the kind takes no model
 * @param baseUrl the base URL ({@link ProviderKind#baseUrl}); null when the kind takes no endpoint and has none
 * @param apiKey  the API key read from the provider's variable, or null
 * @param timeout how long one call may take
 */
public record ProviderSettings(String id, @Nullable String model, @Nullable String baseUrl, @Nullable String apiKey,
                               Duration timeout) {

    public ProviderSettings {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(timeout, "timeout");
    }

    /** Without the API key's value. */
    @Override
    public String toString() {
        return "ProviderSettings[id=" + id + ", model=" + model + ", baseUrl="
                + BaseUrls.redact(baseUrl) + ", apiKey="
                + (apiKey == null ? null : "******") + ", timeout=" + timeout + "]";
    }
}
