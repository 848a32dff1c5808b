package dev.keel.llm.adapters;

import dev.keel.llm.adapters.internal.ProviderUrl;
import org.jspecify.annotations.Nullable;

/**
 * Shows a provider's base URL without its credentials: a URL may carry user information
 * ({@code http://user:password@host:11434}, as {@code OLLAMA_HOST} allows), which the backends send as a header and
 * never print. Pure and thread-safe (no state).
 */
public final class BaseUrls {

    private BaseUrls() {
    }

    /**
     * {@code text} with the user information of every URL in it replaced by {@code [REDACTED]}
     * ({@code http://[REDACTED]@host:11434}), for logs and reports; null stays null.
     */
    public static @Nullable String redact(@Nullable String text) {
        return ProviderUrl.redact(text);
    }
}
