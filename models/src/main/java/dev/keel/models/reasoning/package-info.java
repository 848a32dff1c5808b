/**
 * Answering without a language model: {@link dev.keel.models.reasoning.EmbeddedBackend}, the deterministic
 * backend that restates a request and says that no model is configured. Pure and thread-safe.
 */
package dev.keel.models.reasoning;
