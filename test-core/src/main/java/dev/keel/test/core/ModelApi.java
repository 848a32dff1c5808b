package dev.keel.test.core;

/** Which API a request to the {@link LoopbackModelServer} spoke, by its method and path. Immutable and thread-safe. */
public enum ModelApi {
    /** {@code POST .../chat/completions}: OpenAI and the OpenAI-compatible servers (vLLM, LM Studio, xAI, ...). */
    OPENAI_CHAT,
    /** {@code POST .../api/chat}: Ollama. */
    OLLAMA_CHAT,
    /** Any other method or path: answered 404. */
    UNKNOWN;

    /** The API of a request with {@code method} and {@code path} (a base path before the API's own is allowed). */
    public static ModelApi of(String method, String path) {
        if (!"POST".equalsIgnoreCase(method)) {
            return UNKNOWN;
        }
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        if (trimmed.endsWith("/chat/completions")) {
            return OPENAI_CHAT;
        }
        return trimmed.endsWith("/api/chat") ? OLLAMA_CHAT : UNKNOWN;
    }
}
