package dev.keel.core.spi;

import java.util.ArrayList;
import java.util.List;

/**
 * The caller's side of a streamed call: {@link #cancel()} asks the backend to stop, from any thread (a client that
 * went away) or from the {@link StreamSink} itself (a scanner that has read enough). A backend that reads a stream
 * over HTTP registers {@link #onCancel} to close the connection; once cancelled, the sink receives nothing more and
 * {@code stream} returns.
 *
 * <p>One handle per call. Thread-safe; not pure (it holds whether it was cancelled and the actions to run then).
 */
public final class StreamHandle {

    private final List<Runnable> onCancel = new ArrayList<>();
    private boolean cancelled;

    private StreamHandle() {
    }

    /** A handle not cancelled yet. */
    public static StreamHandle create() {
        return new StreamHandle();
    }

    /** Asks the stream to stop; runs the actions registered so far, once. Calling it again does nothing. */
    public void cancel() {
        List<Runnable> actions;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            actions = List.copyOf(onCancel);
            onCancel.clear();
        }
        // Outside the lock: an action may close a connection, which takes its own locks.
        actions.forEach(Runnable::run);
    }

    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /** Runs {@code action} when the handle is cancelled: at once, on this thread, when it already is. */
    public void onCancel(Runnable action) {
        synchronized (this) {
            if (!cancelled) {
                onCancel.add(action);
                return;
            }
        }
        action.run();
    }

    @Override
    public synchronized String toString() {
        return "StreamHandle{" + (cancelled ? "cancelled" : "open") + "}";
    }
}
