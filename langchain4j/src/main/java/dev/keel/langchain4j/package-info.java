/**
 * Keel's bridge to langchain4j: {@link dev.keel.core.spi.LlmBackend} over any langchain4j
 * {@link dev.langchain4j.model.chat.ChatModel} ({@link dev.keel.langchain4j.ChatModelBackend}), and factories for
 * Ollama, OpenAI-compatible endpoints and Anthropic ({@link dev.keel.langchain4j.OllamaBackends},
 * {@link dev.keel.langchain4j.OpenAiBackends}, {@link dev.keel.langchain4j.AnthropicBackends}; each needs its
 * langchain4j provider module, an optional dependency the host adds, and names it in a
 * {@link dev.keel.core.ConfigurationException} when it is absent). The same factories build the backends of
 * keel-models' built-in provider kinds {@code ollama}, {@code openai} and {@code anthropic}, so that a role of
 * {@code llm.config.json} on one of them resolves once this module is on the class path.
 *
 * <p>Failures always surface as {@link dev.keel.core.RetriableBackendException} (timeouts, refused connections,
 * HTTP 408, 429 and 5xx) or {@link dev.keel.core.NonRetriableBackendException}, and their messages never carry a
 * secret: provider messages are redacted before they are quoted. Retries, budgets, prices and the configuration are
 * keel-models' ({@code dev.keel.models}), and work over these backends as over any other.
 *
 * <p>Subpackages: {@code embedding} (embedders over langchain4j embedding models; the in-process model is in
 * {@code keel-embeddings-minilm}). Implementations live in {@code internal}. langchain4j AI Services on the governed
 * call are in {@code keel-aiservices}. See {@code docs/langchain4j.md}.
 */
package dev.keel.langchain4j;
