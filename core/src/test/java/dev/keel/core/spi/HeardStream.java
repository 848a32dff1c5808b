package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a stream gave its sink: the chunks in order, the thread of each call, and its one ending. It fails the test at
 * once when a chunk or a second ending comes after the ending, which no stream may do. A test may extend it (a sink
 * that cancels after a chunk). Not thread-safe: a stream calls its sink on the caller's thread.
 */
public class HeardStream implements StreamSink {
    public final List<String> chunks = new ArrayList<>();
    public final List<Thread> threads = new ArrayList<>();
    public @Nullable ChatReply reply;
    public @Nullable BackendException failure;
    public int endings;

    @Override
    public void chunk(String text) {
        assertThat(endings).as("a chunk after the ending").isZero();
        threads.add(Thread.currentThread());
        chunks.add(text);
    }

    @Override
    public void complete(ChatReply reply) {
        ended();
        this.reply = reply;
    }

    @Override
    public void fail(BackendException failure) {
        ended();
        this.failure = failure;
    }

    private void ended() {
        assertThat(endings).as("a second ending").isZero();
        threads.add(Thread.currentThread());
        endings++;
    }
}
