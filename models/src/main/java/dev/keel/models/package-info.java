/**
 * What every language-model backend shares, whatever library calls the model: bounded retries with backoff
 * ({@link dev.keel.models.RetryPolicy}), token pricing and a budget guard ({@link dev.keel.models.PriceTable},
 * {@link dev.keel.models.BudgetGuard}), the environment configuration is read from
 * ({@link dev.keel.models.Environment}), the Ollama address from {@code OLLAMA_HOST}
 * ({@link dev.keel.models.OllamaHost}) and base URLs shown without their credentials
 * ({@link dev.keel.models.BaseUrls}). A fallback chain that records which backend really answered is
 * {@link dev.keel.core.spi.FallbackChain}, in keel-core. No langchain4j: the backends over langchain4j and the
 * provider factories are in {@code keel-langchain4j}.
 *
 * <p>Subpackages: {@code config} (the JSON configuration file, its provider kinds and its resolution against the
 * environment), {@code loader} (reading that file), {@code reasoning} (the embedded backend that answers when no
 * model is configured), {@code structured} (JSON output with bounded re-asks), {@code embedding} (a cache for any
 * embedder). Implementations live in {@code internal}. See {@code docs/models.md}.
 */
package dev.keel.models;
