/**
 * Embeddings over langchain4j: {@link dev.keel.langchain4j.embedding.LangChainEmbedders#fromLangChain} adapts any
 * langchain4j {@code EmbeddingModel} (deterministic when the model is) to core's {@link dev.keel.core.spi.Embedder};
 * {@code keel-models}' {@link dev.keel.models.embedding.Embedders#caching} bounds the work with a least-recently-used
 * cache. To rank governance knowledge by meaning, give an embedder to {@code KnowledgeRanker.semantic}.
 *
 * <p>The in-process all-MiniLM-L6-v2 embedder, which needs no network, is in {@code keel-embeddings-minilm}
 * ({@code dev.keel.embeddings.minilm}).
 *
 * <p>Every type here is thread-safe.
 */
package dev.keel.langchain4j.embedding;
