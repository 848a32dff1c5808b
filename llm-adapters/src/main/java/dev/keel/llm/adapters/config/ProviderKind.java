package dev.keel.llm.adapters.config;

import java.util.Locale;
import java.util.Optional;

/** The kinds of provider a configuration can name, with their wire names. Immutable, pure and thread-safe. */
public enum ProviderKind {
    /** An Ollama server ({@code /api/chat}); its address defaults to {@code OLLAMA_HOST}. */
    OLLAMA,
    /** An OpenAI-compatible endpoint ({@code /chat/completions}): OpenAI, xAI, vLLM, LM Studio, ... */
    OPENAI,
    /** The Anthropic Messages API. */
    ANTHROPIC,
    /** No model: the embedded extractive backend, which restates the evidence it is given. */
    EMBEDDED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind with this wire name, if any. */
    public static Optional<ProviderKind> parse(String wireName) {
        for (ProviderKind kind : values()) {
            if (kind.wireName().equals(wireName)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
