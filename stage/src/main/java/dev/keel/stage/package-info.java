/**
 * The stage runtime: multi-stage LLM workflows whose every step must return one strict JSON object (the protocol
 * is described in {@code docs/stage-runtime.md}).
 *
 * <ul>
 *   <li>{@link dev.keel.stage.StageContract}: a stage as data (input slots, output {@link
 *       dev.keel.stage.Shape}, {@link dev.keel.stage.StageRule}s, {@link
 *       dev.keel.stage.NextStepRule}, {@link dev.keel.stage.StateSlice}s), built in Java or read from
 *       the JSON form; {@link dev.keel.stage.StageContracts} holds one workflow's contracts.</li>
 *   <li>{@link dev.keel.stage.StageValidator}: pure validation of one output against its contract and
 *       {@code cached_state}: every {@link dev.keel.stage.StageViolation}, and the state patch of a valid
 *       output.</li>
 *   <li>{@link dev.keel.stage.StageRuntime}: assembles prompts, calls the
 *       {@link dev.keel.core.spi.LlmBackend}, re-asks with the violations, merges documented slices through the
 *       {@link dev.keel.core.spi.SessionStore} and follows {@code nextStep} to {@code session_end}, returning a
 *       {@link dev.keel.stage.StageRun} with a trace of every attempt.</li>
 * </ul>
 *
 * <p>Contracts, shapes, rules, validation results and runs are immutable and thread-safe; builders are not. The
 * validator is pure; the runtime is thread-safe and does I/O only through the SPIs it is given.
 */
package dev.keel.stage;
