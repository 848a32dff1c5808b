/**
 * Embeddings without a network: {@link dev.keel.embeddings.minilm.MiniLmEmbedders#allMiniLmL6V2()} runs
 * langchain4j's in-process all-MiniLM-L6-v2 (the model ships in its jar, with the ONNX runtime: about 186 MB),
 * deterministic and cached. {@link dev.keel.embeddings.minilm.MiniLmEmbedderProvider} offers it to
 * {@link java.util.ServiceLoader} as core's {@link dev.keel.core.spi.EmbedderProvider}, so that modules that see
 * only core (the knowledge retrieval of policy) can find it.
 *
 * <p>This module is separate from {@code keel-llm-adapters} so that hosts that do not rank by meaning do not
 * carry the model. Every type here is thread-safe.
 */
package dev.keel.embeddings.minilm;
