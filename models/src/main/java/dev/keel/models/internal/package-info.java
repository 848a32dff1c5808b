/**
 * Implementations behind the public interfaces of {@code dev.keel.models} and its subpackages, and the format of
 * {@code llm.config.json} ({@code LlmConfigFormat}, {@code LlmConfigSpec}). Not API:
 * types here may change without notice. Each class states whether it is thread-safe.
 */
package dev.keel.models.internal;
