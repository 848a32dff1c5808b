package dev.keel.pipeline;

import java.util.Objects;

/**
 * One item of a streamed governed call as a {@link java.util.concurrent.Flow.Publisher} gives it
 * ({@link Pipeline#publisher}): chunks of the filtered answer, then the answer itself. Immutable and thread-safe.
 */
public sealed interface AnswerEvent {

    /** The next piece of the filtered answer, as {@link AnswerSink#chunk} receives it. */
    record Chunk(String text) implements AnswerEvent {
        public Chunk {
            Objects.requireNonNull(text, "text");
        }
    }

    /** The last item: the whole answer, as {@link AnswerSink#complete} receives it. */
    record Completed(GovernedAnswer answer) implements AnswerEvent {
        public Completed {
            Objects.requireNonNull(answer, "answer");
        }
    }
}
