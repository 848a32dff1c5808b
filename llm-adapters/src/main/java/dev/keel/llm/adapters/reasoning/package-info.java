/**
 * Answering without a language model: {@link dev.keel.llm.adapters.reasoning.EmbeddedBackend}, the deterministic
 * backend that restates a request and says that no model is configured. Pure and thread-safe.
 */
package dev.keel.llm.adapters.reasoning;
