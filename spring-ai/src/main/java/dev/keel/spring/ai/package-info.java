/**
 * Spring AI on Keel's governed call: {@link dev.keel.spring.ai.KeelAdvisor} is a {@code CallAdvisor} and
 * {@code StreamAdvisor} that answers a {@code ChatClient} call through a {@code Pipeline} over the host's own Spring AI
 * chat models, marked internal or external ({@link dev.keel.spring.ai.SpringAiBackends}). The whole prompt (system
 * text, the chat memory's history, the user message, the documents a retrieval advisor added) is governed as labelled
 * parts; routing chooses the model; every prompt to an external model is egress-filtered; the reply, called or
 * streamed, is filtered before a chat memory or the caller sees it; the provenance travels in the response's metadata.
 * {@link dev.keel.pipeline.KeelDeniedException} is what a denied call raises unless a refusal is configured.
 * Described in {@code docs/spring-ai.md}.
 *
 * <p>The advisor is thread-safe once built; its builders are not.
 */
package dev.keel.spring.ai;
