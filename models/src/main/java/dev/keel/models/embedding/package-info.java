/**
 * Embeddings whatever model computes them: {@link dev.keel.models.embedding.Embedders#caching} bounds the work of any
 * {@link dev.keel.core.spi.Embedder} with a least-recently-used cache. To rank governance knowledge by meaning, give
 * an embedder to {@code KnowledgeRanker.semantic}.
 *
 * <p>Embedders over langchain4j models are in {@code keel-langchain4j} ({@code dev.keel.langchain4j.embedding}); the
 * in-process all-MiniLM-L6-v2 embedder, which needs no network, is in {@code keel-embeddings-minilm}
 * ({@code dev.keel.embeddings.minilm}).
 *
 * <p>Every type here is thread-safe when the embedder it wraps is.
 */
package dev.keel.models.embedding;
