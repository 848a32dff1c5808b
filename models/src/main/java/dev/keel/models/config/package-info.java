/**
 * The LLM configuration file ({@code llm.config.json}, described in {@code docs/models.md}) and its
 * resolution against the environment: providers, roles that map to a provider and a model, model names given as the NAMES of
 * environment variables and resolved at run time, prices, budget caps and the retry policy.
 *
 * <p>{@link dev.keel.models.config.LlmConfig} is the parsed file (immutable, thread-safe, pure: it reads no
 * environment); {@link dev.keel.models.config.ConfiguredBackends} resolves roles into backends with an
 * injected {@link dev.keel.models.Environment} (thread-safe). Providers are of a
 * {@link dev.keel.models.config.ProviderKind}: the built-in ones, whose backends a registered
 * {@link dev.keel.models.config.ProviderClient} builds (keel-langchain4j's), or one a host adds. The file format is defined by the JSON Schema
 * {@code dev/keel/models/schema/llm-config.schema.json}, shipped in the jar, which is what validates it, and
 * documented in {@code docs/models.md}.
 */
package dev.keel.models.config;
