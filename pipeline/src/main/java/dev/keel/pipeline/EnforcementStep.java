package dev.keel.pipeline;

/**
 * A check of the answer before it is filtered and released: rules the answer must obey, checked by code or by a
 * judge model. A violation makes the pipeline write the answer once more with the violated rules stated
 * ({@link Turn#regenerationInstruction()}); a second violation refuses the answer.
 *
 * <p>Implementations must be thread-safe: one step serves every call of a pipeline.
 */
@FunctionalInterface
public interface EnforcementStep {

    /** The step's name, for the trace; the class's simple name unless overridden. */
    default String name() {
        return getClass().getSimpleName();
    }

    /** Checks {@code answer}, the composed text before the outbound filter. */
    Enforcement check(Turn turn, String answer);
}
