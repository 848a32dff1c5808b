package dev.keel.pipeline.observation;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations a pipeline makes, with their key names: one {@link #GOVERNED_CALL} per call, one {@link #STEP}
 * per step inside it, one {@link #MODEL_CALL} per model call inside the reasoning step. Through the host's
 * {@link io.micrometer.observation.ObservationRegistry} they become Micrometer timers (by the low-cardinality keys)
 * and trace spans (with every key); without a registry they cost nothing. No key carries a message, an answer or
 * anything withheld. See {@code docs/observability.md}.
 *
 * <p>Immutable and thread-safe.
 */
public enum KeelObservation implements ObservationDocumentation {

    /** One governed call, from the request to the audited answer; its context is a {@link GovernedCallContext}. */
    GOVERNED_CALL {
        @Override
        public String getName() {
            return "keel.call";
        }

        @Override
        public String getContextualName() {
            return "keel governed call";
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return new KeyName[] {CallKey.OUTCOME, CallKey.DECISION, CallKey.INTERNAL_ONLY, CallKey.BACKEND_TARGET};
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return new KeyName[] {CallKey.REQUEST_ID, CallKey.ROLE, CallKey.CLEARANCE, CallKey.REASON_CODES,
                    CallKey.WITHHELD};
        }
    },

    /** One step of a call: governance, a turn step, routing, evidence, reasoning, enforcement, the filter, audit. */
    STEP {
        @Override
        public String getName() {
            return "keel.step";
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return new KeyName[] {StepKey.STEP};
        }
    },

    /** One model call a step made, after the egress filter; its context is a {@link ModelCallContext}. */
    MODEL_CALL {
        @Override
        public String getName() {
            return "keel.model.call";
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return new KeyName[] {ModelCallKey.BACKEND, ModelCallKey.EXTERNAL, ModelCallKey.MODEL,
                    ModelCallKey.OUTCOME};
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return new KeyName[] {ModelCallKey.ANSWERED_BY, ModelCallKey.INPUT_TOKENS, ModelCallKey.OUTPUT_TOKENS};
        }
    };

    /** The keys of {@link #GOVERNED_CALL}. */
    public enum CallKey implements KeyName {
        /** How the call ended: {@code answered}, {@code denied}, {@code clarification}, ..., or {@code failed}. */
        OUTCOME("keel.outcome"),
        /** {@code allow}, {@code partial} or {@code deny}: the decision the answer was written under. */
        DECISION("keel.decision"),
        /** Whether the request had to stay in the house. */
        INTERNAL_ONLY("keel.internal_only"),
        /** The backend routing chose, or {@code none} when the call ended before routing. */
        BACKEND_TARGET("keel.backend.target"),
        /** The request id. */
        REQUEST_ID("keel.request_id"),
        /** The resolved principal's role, or {@code none}. */
        ROLE("keel.principal.role"),
        /** The resolved principal's clearance, or {@code none}. */
        CLEARANCE("keel.principal.clearance"),
        /** The reason codes, comma-separated, in the provenance's order. */
        REASON_CODES("keel.reason_codes"),
        /** What the outbound filter withheld, as {@code kind=count} pairs, comma-separated. */
        WITHHELD("keel.withheld");

        private final String key;

        CallKey(String key) {
            this.key = key;
        }

        @Override
        public String asString() {
            return key;
        }
    }

    /** The key of {@link #STEP}. */
    public enum StepKey implements KeyName {
        /** The step's name, as in the answer's trace: {@code governance}, {@code routing}, ... */
        STEP("keel.step");

        private final String key;

        StepKey(String key) {
            this.key = key;
        }

        @Override
        public String asString() {
            return key;
        }
    }

    /** The keys of {@link #MODEL_CALL}. */
    public enum ModelCallKey implements KeyName {
        /** The backend called, by the name the pipeline's backends give it. */
        BACKEND("keel.backend"),
        /** Whether that backend is outside the house. */
        EXTERNAL("keel.backend.external"),
        /** The model the backend reported, or {@code unknown}. */
        MODEL("keel.model"),
        /** {@code ok}, or the failure's code ({@code backend_retriable}, {@code backend_failed}, ...). */
        OUTCOME("keel.outcome"),
        /** The backend id the reply reports (a fallback chain's member, say). */
        ANSWERED_BY("keel.backend.answered_by"),
        /** Input tokens the backend reported. */
        INPUT_TOKENS("keel.tokens.input"),
        /** Output tokens the backend reported. */
        OUTPUT_TOKENS("keel.tokens.output");

        private final String key;

        ModelCallKey(String key) {
            this.key = key;
        }

        @Override
        public String asString() {
            return key;
        }
    }
}
