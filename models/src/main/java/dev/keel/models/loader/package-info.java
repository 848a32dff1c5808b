/**
 * Reads the LLM configuration file from disk ({@link dev.keel.models.loader.LlmConfigLoader}); parsing and
 * validation are in {@link dev.keel.models.config.LlmConfig}. Thread-safe (no state).
 */
package dev.keel.models.loader;
