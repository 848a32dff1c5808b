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
}
