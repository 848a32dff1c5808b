/**
 * Embeddings without a network: {@link dev.keel.llm.adapters.embedding.Embedders#allMiniLmL6V2()} runs
 * langchain4j's in-process all-MiniLM-L6-v2 (the model ships in its jar), deterministic and cached; any
 * langchain4j {@code EmbeddingModel} adapts with {@link dev.keel.llm.adapters.embedding.Embedders#fromLangChain}.
 * {@link dev.keel.llm.adapters.embedding.SemanticRanker} ranks passages by meaning, beside a lexical ranking.
 * {@link dev.keel.llm.adapters.embedding.AllMiniLmEmbedderProvider} offers the default embedder to
 * {@link java.util.ServiceLoader} as core's {@link dev.keel.core.spi.EmbedderProvider}, so that modules that
 * see only core (the knowledge retrieval of policy) can find it.
 *
 * <p>Every type here is thread-safe.
 */
package dev.keel.llm.adapters.embedding;
