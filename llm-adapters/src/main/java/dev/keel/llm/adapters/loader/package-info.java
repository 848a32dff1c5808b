/**
 * Reads the LLM configuration file from disk ({@link dev.keel.llm.adapters.loader.LlmConfigLoader}); parsing and
 * validation are in {@link dev.keel.llm.adapters.config.LlmConfig}. Thread-safe (no state).
 */
package dev.keel.llm.adapters.loader;
