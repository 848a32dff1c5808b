package dev.keel.pipeline.internal;

import dev.keel.core.Provenance;
import dev.keel.pipeline.AnswerComposer;
import dev.keel.pipeline.Turn;

/**
 * {@link AnswerComposer#draftOnly()}: the draft as it is. One instance, so that the pipeline knows that the answer is
 * the draft and may stream a streamed draft to the caller. Pure and thread-safe.
 */
public enum DraftOnly implements AnswerComposer {
    INSTANCE;

    @Override
    public String compose(Turn turn, String draft, Provenance provenance) {
        return draft;
    }
}
