/**
 * Keel's language-model adapters: {@link dev.keel.core.spi.LlmBackend} over any langchain4j
 * {@link dev.langchain4j.model.chat.ChatModel} ({@link dev.keel.llm.adapters.ChatModelBackend}), factories for
 * Ollama, OpenAI-compatible endpoints and Anthropic ({@link dev.keel.llm.adapters.OllamaBackends},
 * {@link dev.keel.llm.adapters.OpenAiBackends}, {@link dev.keel.llm.adapters.AnthropicBackends}; each needs its
 * langchain4j provider module, an optional dependency the host adds, and names it in a
 * {@link dev.keel.core.ConfigurationException} when it is absent), the Ollama address from {@code OLLAMA_HOST}
 * ({@link dev.keel.llm.adapters.OllamaHost}), bounded retries with backoff
 * ({@link dev.keel.llm.adapters.RetryPolicy}), a fallback chain that records which backend really answered ({@link dev.keel.core.spi.FallbackChain}, in keel-core), and token pricing with a budget guard
 * ({@link dev.keel.llm.adapters.BudgetGuard}).
 *
 * <p>Failures always surface as {@link dev.keel.core.RetriableBackendException} (timeouts, refused connections,
 * HTTP 408, 429 and 5xx) or {@link dev.keel.core.NonRetriableBackendException}, and their messages never carry a
 * secret: provider messages are redacted before they are quoted.
 *
 * <p>Subpackages: {@code config} (the JSON configuration file and its resolution against the environment),
 * {@code loader} (reading that file), {@code reasoning} (the embedded backend that answers when no model is
 * configured), {@code structured} (JSON output with bounded re-asks), {@code embedding} (embedders over langchain4j
 * models and a cache; the in-process model is in {@code keel-embeddings-minilm}). Implementations live in
 * {@code internal}. langchain4j AI Services on the governed call are in {@code keel-aiservices}. See
 * {@code docs/llm-adapters.md}.
 */
package dev.keel.llm.adapters;
