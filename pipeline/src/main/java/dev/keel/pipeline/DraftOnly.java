package dev.keel.pipeline;

import dev.keel.core.Provenance;

/**
 * {@link AnswerComposer#draftOnly()}: the draft as it is. One instance, so that the pipeline knows that the answer is
 * the draft and may stream a streamed draft to the caller. Pure and thread-safe.
 */
enum DraftOnly implements AnswerComposer {
    INSTANCE;

    @Override
    public String compose(Turn turn, String draft, Provenance provenance) {
        return draft;
    }
}
