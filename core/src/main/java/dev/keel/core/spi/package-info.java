/**
 * Service provider interfaces: the only doors through which Keel touches models, embeddings, storage, time and
 * identifiers.
 *
 * <p>Each SPI has one abstract method and grows only by default methods, so implementations written against an
 * older Keel keep compiling. Hosts wire implementations through builders. Defaults that make sense without
 * infrastructure ship here: {@link dev.keel.core.spi.InMemoryAuditSink}, {@link
 * dev.keel.core.spi.InMemorySessionStore}, {@link dev.keel.core.spi.AuditSink#noop()}, {@link
 * dev.keel.core.spi.IdSource#sequential(String)}, {@link dev.keel.core.spi.Pricing#free()}.
 *
 * <p>{@link dev.keel.core.spi.FallbackChain} is Keel's one fallback over backends, with the reply that says who
 * answered and why ({@link dev.keel.core.spi.ChainReply}); the governed call and the LLM configuration both use it.
 *
 * <p>Streaming grew the same way: {@link dev.keel.core.spi.LlmBackend#stream(dev.keel.core.spi.ChatRequest,
 * dev.keel.core.spi.StreamSink, dev.keel.core.spi.StreamHandle)} is a default method that gives a chat reply as one
 * chunk, so every backend streams; a {@link dev.keel.core.spi.StreamSink} hears the chunks and one ending, a
 * {@link dev.keel.core.spi.StreamHandle} cancels, and {@link dev.keel.core.spi.StreamAttempt} is how a backend that
 * wraps others (the chain, retries, a budget) tells a failure before the first chunk from one after. A model round is
 * a stream: a backend that wraps another extends {@link dev.keel.core.spi.ForwardingBackend} and writes its work once,
 * on the stream, and its {@code chat} is that stream over the wrapped backend's {@code chat}, collected.
 *
 * <p>Value types here are immutable and thread-safe; each SPI states what it requires of implementations.
 */
package dev.keel.core.spi;
