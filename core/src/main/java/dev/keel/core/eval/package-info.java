/**
 * The {@code keel eval} harness: JSON Lines in, one JSON object out per line, in order, streaming.
 *
 * <p>Each module contributes its operations as {@link dev.keel.core.eval.EvalOp} implementations listed in
 * {@code META-INF/services/dev.keel.core.eval.EvalOp}; {@link dev.keel.core.eval.EvalOpRegistry#discover()}
 * finds them. {@link dev.keel.core.eval.EvalRunner} drives a stream of characters or of UTF-8 bytes; a line it
 * cannot accept gives a per-line {@code {"error": {"code", "message"}}} and the stream goes on. Each line's work is
 * bounded in length, time and answer size. An application supplies data its ops need but a line does not name
 * through per-op input defaults ({@link dev.keel.core.eval.EvalRunner.Builder#inputDefaults}).
 *
 * <p>The registry and the runner are immutable and thread-safe; a single {@code run} answers its lines one at a
 * time, each on a worker thread so that it can be timed.
 */
package dev.keel.core.eval;
