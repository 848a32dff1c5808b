package dev.keel.pipeline;

/**
 * How an answer's draft is written: one model call, a multi-stage workflow, an agent with rules, a committee of
 * models. The pipeline calls it once per attempt (twice when an enforcement step asks for a regeneration, with
 * {@link Turn#regenerationInstruction()} set); it reaches models only through {@link Turn#backends()}, so every
 * prompt that leaves the house is egress-filtered and every call is recorded.
 *
 * <p>Implementations must be thread-safe: one step serves every call of a pipeline.
 */
@FunctionalInterface
public interface ReasoningStep {

    /** The draft of the answer, or a turn that ends here (a clarifying question, a question to the user). */
    Reasoning reason(Turn turn);

    /**
     * The draft as {@link #reason} writes it, handing the model's text to {@code draft} as it arrives when the draft
     * is one model call's reply as it came ({@link BackendCalls#stream}): the pipeline then streams it through the
     * outbound filter to the caller ({@link Pipeline#stream}). A step that hands no chunk, or whose draft needs more
     * than one reply (a re-ask, a committee, a workflow), is given to the caller whole, once it is written and
     * checked. The chunks handed, joined, must be the draft returned, and a step that hands chunks may not end the
     * turn. The default does not stream: it is {@link #reason}.
     */
    default Reasoning stream(Turn turn, DraftSink draft) {
        return reason(turn);
    }
}
