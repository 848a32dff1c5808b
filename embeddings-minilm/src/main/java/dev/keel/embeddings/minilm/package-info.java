/**
 * Embeddings without a network: {@link dev.keel.embeddings.minilm.MiniLmEmbedders#allMiniLmL6V2()} runs
 * langchain4j's in-process all-MiniLM-L6-v2 (the model ships in its jar, with the ONNX runtime: about 186 MB),
 * deterministic and cached: an {@link dev.keel.core.spi.Embedder} for any module that takes one (the knowledge
 * retrieval of policy, rule retrieval, classifiers).
 *
 * <p>This module is separate from {@code keel-langchain4j} so that hosts that do not rank by meaning do not
 * carry the model. Every type here is thread-safe.
 */
package dev.keel.embeddings.minilm;
