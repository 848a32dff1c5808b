/**
 * The {@code keel eval} harness: JSON Lines in, one JSON object out per line, in order, streaming.
 *
 * <p>Each module contributes its operations as {@link dev.keel.core.eval.EvalOp} implementations listed in
 * {@code META-INF/services/dev.keel.core.eval.EvalOp}; {@link dev.keel.core.eval.EvalOpRegistry#discover()}
 * finds them. {@link dev.keel.core.eval.EvalRunner} drives a stream; a line it cannot accept gives a per-line
 * {@code {"error": {"code", "message"}}} and the stream goes on.
 *
 * <p>The registry and the runner are immutable and thread-safe; a single {@code run} is single-threaded.
 */
package dev.keel.core.eval;
