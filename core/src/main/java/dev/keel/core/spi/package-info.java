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
 * <p>Value types here are immutable and thread-safe; each SPI states what it requires of implementations.
 */
package dev.keel.core.spi;
