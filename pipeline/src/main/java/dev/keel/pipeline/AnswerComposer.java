package dev.keel.pipeline;

import dev.keel.core.Provenance;

/**
 * Writes the answer the user will read from the reasoning step's draft: sections, evidence, citations, a
 * rendering of the provenance. The composed text then passes the enforcement steps and, once, the outbound filter.
 *
 * <p>Implementations must be pure and thread-safe.
 */
@FunctionalInterface
public interface AnswerComposer {

    /** The draft as it is. */
    static AnswerComposer draftOnly() {
        return DraftOnly.INSTANCE;
    }

    /**
     * The answer's text before the outbound filter.
     *
     * @param provenance the answer's provenance as assembled so far (everything but what the filter withholds)
     */
    String compose(Turn turn, String draft, Provenance provenance);
}
