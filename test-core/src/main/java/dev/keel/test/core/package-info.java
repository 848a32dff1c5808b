/**
 * The test kit's part that needs only keel-core: stand-ins for model providers and assertions on what they were
 * sent, on audit records and on provenance.
 *
 * <ul>
 *   <li>{@link dev.keel.test.core.ScriptedBackend}: an in-process {@code LlmBackend} answering by the request's
 *       purpose (a stage id), by a {@link dev.keel.test.core.RequestMatcher}, or in order, with texts, failures or
 *       functions of the request ({@link dev.keel.test.core.Reply}), recording every request;</li>
 *   <li>{@link dev.keel.test.core.LoopbackModelServer}: the same script behind a real HTTP server on 127.0.0.1
 *       speaking the OpenAI-compatible and Ollama chat APIs, with status codes and delays for fault tests;</li>
 *   <li>{@link dev.keel.test.core.CoreAssertions}: AssertJ entry points for what those were sent, for an
 *       {@code InMemoryAuditSink}'s records and for a {@code Provenance}.</li>
 * </ul>
 *
 * <p>How a host tests its governed calls with the kit is described in {@code docs/testing.md}. The stand-ins are
 * thread-safe; assertion objects are not, and are meant for one test thread.
 */
package dev.keel.test.core;
