/**
 * Re-asking a model until its reply passes a check: the one re-ask mechanism of Keel, used by the stage runtime, the
 * structured output of keel-models and the committee. A {@link dev.keel.core.reask.Reasker} sends a request over the
 * {@link dev.keel.core.spi.LlmBackend} SPI, checks each reply with a {@link dev.keel.core.reask.ReplyValidator}
 * (problems are {@link dev.keel.core.reask.Problem} values, never exceptions), sends a rejected reply back with a
 * {@link dev.keel.core.reask.Correction} a bounded number of times, lets a {@link dev.keel.core.reask.CallMeter} admit
 * and account for each call, and returns a {@link dev.keel.core.reask.ReaskResult} with every
 * {@link dev.keel.core.reask.Attempt}. See {@code docs/stage-runtime.md}.
 *
 * <p>Values here are immutable and thread-safe; the re-asker calls its backend and nothing else.
 */
package dev.keel.core.reask;
