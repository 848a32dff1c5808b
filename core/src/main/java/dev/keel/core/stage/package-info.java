/**
 * The stage runtime (seed 002): multi-stage LLM workflows whose every step must return one strict JSON object.
 *
 * <ul>
 *   <li>{@link dev.keel.core.stage.StageContract}: a stage as data (input slots, output {@link
 *       dev.keel.core.stage.Shape}, {@link dev.keel.core.stage.StageRule}s, {@link
 *       dev.keel.core.stage.NextStepRule}, {@link dev.keel.core.stage.StateSlice}s), built in Java or read from
 *       the JSON form; {@link dev.keel.core.stage.StageContracts#builtIn()} holds the seed's stages.</li>
 *   <li>{@link dev.keel.core.stage.StageValidator}: pure validation of one output against its contract and
 *       {@code cached_state}: every {@link dev.keel.core.stage.StageViolation}, and the state patch of a valid
 *       output.</li>
 *   <li>{@link dev.keel.core.stage.StageRuntime}: assembles prompts, calls the
 *       {@link dev.keel.core.spi.LlmBackend}, re-asks with the violations, merges documented slices through the
 *       {@link dev.keel.core.spi.SessionStore} and follows {@code nextStep} to {@code session_end}, returning a
 *       {@link dev.keel.core.stage.StageRun} with a trace of every attempt.</li>
 * </ul>
 *
 * <p>Contracts, shapes, rules, validation results and runs are immutable and thread-safe; builders are not. The
 * validator is pure; the runtime is thread-safe and does I/O only through the SPIs it is given.
 */
package dev.keel.core.stage;
