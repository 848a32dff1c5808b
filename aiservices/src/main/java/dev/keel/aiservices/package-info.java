/**
 * langchain4j AI Services on Keel's governed call: {@link dev.keel.aiservices.GovernedChatModel} is a
 * {@code ChatModel} whose every chat is one {@code Pipeline} call over the host's own models, so that governance,
 * routing, the egress filter, the outbound filter and the audit record apply to each AI Service call, and the only
 * text langchain4j (its chat memory, its logs, the caller) ever receives is the filtered answer.
 * {@link dev.keel.aiservices.KeelDeniedException} is what a denied call raises. Described in
 * {@code docs/llm-adapters.md}.
 *
 * <p>The model is thread-safe once built; its builder is not.
 */
package dev.keel.aiservices;
