/**
 * The {@code keel eval} harness: JSON Lines in, one JSON object out per line, in order, streaming. It is a tool of
 * the CLI and of conformance checks, not part of the library: no library module depends on it, so it is on no
 * host's class path.
 *
 * <p>{@link dev.keel.eval.EvalOpRegistry#standard()} holds the operations of Keel's modules (each calls only the
 * public API of the module it evaluates). {@link dev.keel.eval.EvalRunner} drives a stream of characters or of
 * UTF-8 bytes; a line it cannot accept gives a per-line {@code {"error": {"code", "message"}}} and the stream goes
 * on. Each line's work is bounded in length, time and answer size. An application supplies data its ops need but a
 * line does not name through per-op input defaults ({@link dev.keel.eval.EvalRunner.Builder#inputDefaults}).
 *
 * <p>The registry and the runner are immutable and thread-safe; a single {@code run} answers its lines one at a
 * time, each on a worker thread so that it can be timed.
 */
package dev.keel.eval;
