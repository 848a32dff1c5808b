/**
 * The LLM configuration file ({@code llm.config.json}, described in {@code docs/llm-adapters.md}) and its
 * resolution against the environment: providers, roles that map to a provider and a model, model names given as the NAMES of
 * environment variables and resolved at run time, prices, budget caps and the retry policy.
 *
 * <p>{@link dev.keel.llm.adapters.config.LlmConfig} is the parsed file (immutable, thread-safe, pure: it reads no
 * environment); {@link dev.keel.llm.adapters.config.ConfiguredBackends} resolves roles into backends with an
 * injected {@link dev.keel.llm.adapters.Environment} (thread-safe). The file format is defined by the JSON Schema
 * {@code dev/keel/llm/adapters/schema/llm-config.schema.json}, shipped in the jar, which is what validates it, and
 * documented in {@code docs/llm-adapters.md}.
 */
package dev.keel.llm.adapters.config;
