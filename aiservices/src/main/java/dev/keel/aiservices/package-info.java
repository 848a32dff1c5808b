/**
 * langchain4j AI Services on Keel's governed call: {@link dev.keel.aiservices.GovernedChatModel} is a
 * {@code ChatModel} built from a {@code Pipeline}, whose every chat is one call of that pipeline over the host's own
 * models, the conversation given as labelled messages, so that governance, turn steps, routing, the egress filter,
 * the outbound filter, observations and the audit record apply to each AI Service call, and the only text langchain4j
 * (its chat memory, its logs, the caller) ever receives is the filtered answer, with its labels, or the tool calls the
 * policy's tool gate allowed, whose results are labelled by the gate when AI Services send them back.
 * {@link dev.keel.pipeline.KeelDeniedException} is what a denied call raises. Described in
 * {@code docs/langchain4j.md}.
 *
 * <p>The model is thread-safe once built; its builders are not.
 */
package dev.keel.aiservices;
