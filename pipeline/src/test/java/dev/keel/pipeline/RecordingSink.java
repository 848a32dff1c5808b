package dev.keel.pipeline;

import dev.keel.core.KeelException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/** An answer sink that keeps what it heard, and may act on each chunk (to cancel after some). Thread-safe. */
final class RecordingSink implements AnswerSink {

    private final List<String> chunks = new ArrayList<>();
    private final Consumer<RecordingSink> onChunk;
    private @Nullable GovernedAnswer answer;
    private @Nullable KeelException failure;
    private int endings;

    RecordingSink() {
        this(sink -> {
        });
    }

    RecordingSink(Consumer<RecordingSink> onChunk) {
        this.onChunk = onChunk;
    }

    @Override
    public void chunk(String text) {
        synchronized (this) {
            if (text.isEmpty()) {
                throw new AssertionError("an empty chunk");
            }
            if (endings > 0) {
                throw new AssertionError("a chunk after the ending");
            }
            chunks.add(text);
        }
        onChunk.accept(this);
    }

    @Override
    public synchronized void complete(GovernedAnswer answer) {
        this.answer = answer;
        endings++;
    }

    @Override
    public synchronized void fail(KeelException failure) {
        this.failure = failure;
        endings++;
    }

    synchronized List<String> chunks() {
        return List.copyOf(chunks);
    }

    synchronized String joined() {
        return String.join("", chunks);
    }

    synchronized @Nullable GovernedAnswer answer() {
        return answer;
    }

    synchronized @Nullable KeelException failure() {
        return failure;
    }

    /** How many endings the sink heard: one, or none for a cancelled call. */
    synchronized int endings() {
        return endings;
    }

    /** Every call the sink heard. */
    synchronized int calls() {
        return chunks.size() + endings;
    }
}
