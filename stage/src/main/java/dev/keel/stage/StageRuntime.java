package dev.keel.stage;

import dev.keel.core.reask.Reasker;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Runs a multi-stage workflow of {@link StageContract}s for one turn ({@code docs/stage-runtime.md}).
 *
 * <p>From the entry stage (by default {@code base_system}, whose directive is the base persona block) the runtime
 * follows {@code nextStep} until an end stage. For each model stage it
 * <ol>
 *   <li>checks the stage's {@code cached_state} preconditions (a failure ends the run: re-asking cannot fix state);</li>
 *   <li>sends the persona block (built once when the runtime is built, the same message for every call), the
 *       stage directive, and a user block {@code {"input": {<slot>: <value>, ...}}} with the stage's input slots,
 *       asking the {@link LlmBackend} for JSON; the request's purpose is the stage id;</li>
 *   <li>validates the reply with the {@link StageValidator}; on violations it re-asks, sending back the rejected
 *       output and the violations as the telemetry note, at most {@link Builder#maxReasks} times (the one re-ask
 *       mechanism, {@link Reasker}, carrying only the last rejected output);</li>
 *   <li>merges the valid output's documented slices into {@code cached_state} through the {@link SessionStore},
 *       and goes on with the stage the output names.</li>
 * </ol>
 * At the start of a run, the slices the contracts own are cleared from the session's state (other keys stay), and
 * {@code cached_state.session_id} is set, so that stages see only this turn's outputs.
 *
 * <p>Outcomes are values: a {@link StageRun} that completed, or one that carries a {@link StageFailure}.
 * Exceptions mean the host's wiring is wrong or an outside system failed: a
 * {@link dev.keel.core.BackendException} from the backend or store propagates as thrown (a backend that throws
 * anything else is reported as a {@link dev.keel.core.NonRetriableBackendException}), and a required input slot
 * that neither the request nor its {@link SlotResolver} supplies is an {@link dev.keel.core.InvalidInputException}.
 * Slices merged by earlier stages of the run stay merged when a later stage fails or throws.
 *
 * <p>Implementations are thread-safe; run one turn per session at a time (concurrent runs of one session would
 * interleave their slices).
 */
public interface StageRuntime {

    /** Runs one turn from the entry stage to an end stage, or to the first failure. */
    StageRun run(StageRequest request);

    static Builder builder() {
        return new Builder();
    }

    /** Configures a runtime; not thread-safe. */
    final class Builder {
        /** Re-asks per stage unless configured. */
        public static final int DEFAULT_MAX_REASKS = Reasker.DEFAULT_MAX_REASKS;
        /** Model stages per run unless configured. */
        public static final int DEFAULT_MAX_STAGES = 16;

        private @Nullable LlmBackend backend;
        private @Nullable SessionStore sessionStore;
        private @Nullable IdSource idSource;
        private @Nullable StageContracts contracts;
        private @Nullable String entryStage;
        private int maxReasks = DEFAULT_MAX_REASKS;
        private int maxStages = DEFAULT_MAX_STAGES;

        private Builder() {
        }

        /** The model backend (required). */
        public Builder backend(LlmBackend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** Where {@code cached_state} lives; a fresh {@link InMemorySessionStore} unless set. */
        public Builder sessionStore(SessionStore sessionStore) {
            this.sessionStore = Objects.requireNonNull(sessionStore, "sessionStore");
            return this;
        }

        /** Where run and session ids come from; {@link IdSource#randomUuid()} unless set. */
        public Builder idSource(IdSource idSource) {
            this.idSource = Objects.requireNonNull(idSource, "idSource");
            return this;
        }

        /** The workflow's contracts (required). */
        public Builder contracts(StageContracts contracts) {
            this.contracts = Objects.requireNonNull(contracts, "contracts");
            return this;
        }

        /**
         * The stage a run starts at: a system stage (the persona) or a model stage; the first of the contracts
         * unless set.
         */
        public Builder entryStage(String stageId) {
            this.entryStage = Objects.requireNonNull(stageId, "stageId");
            return this;
        }

        /** Re-asks per stage after an invalid output, 0 to 10; 2 unless set. */
        public Builder maxReasks(int maxReasks) {
            Reasker.builder().maxReasks(maxReasks); // the re-asker's own bounds, so the two agree
            this.maxReasks = maxReasks;
            return this;
        }

        /** Model stages one run may call, at least 1; 16 unless set. Guards against cycles in next steps. */
        public Builder maxStages(int maxStages) {
            if (maxStages < 1) {
                throw new dev.keel.core.ConfigurationException("maxStages must be at least 1, found " + maxStages);
            }
            this.maxStages = maxStages;
            return this;
        }

        /**
         * @throws dev.keel.core.ConfigurationException when no backend or no contracts are set
         * @throws dev.keel.core.InvalidContractException when the contracts do not form a workflow from the entry
         *         stage: a next step without a contract, a system stage after the entry, no reachable end stage
         */
        public StageRuntime build() {
            if (backend == null) {
                throw new dev.keel.core.ConfigurationException("a stage runtime needs an LlmBackend");
            }
            if (contracts == null || contracts.ids().isEmpty()) {
                throw new dev.keel.core.ConfigurationException("a stage runtime needs the workflow's stage contracts");
            }
            return new DefaultStageRuntime(backend, sessionStore == null ? new InMemorySessionStore() : sessionStore,
                    idSource == null ? IdSource.randomUuid() : idSource,
                    contracts, entryStage == null ? contracts.ids().get(0) : entryStage, maxReasks, maxStages,
                    StageValidator.create());
        }
    }
}
