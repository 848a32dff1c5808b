package dev.keel.core;

/**
 * Cooperative cancellation of long work: the loops of operations whose work grows with their input (scanning a long
 * text, evaluating an expression over many values) call {@link #checkpoint()}, so that work whose caller stopped
 * waiting for it (a {@code keel eval} line past its time budget) ends instead of running on unseen. The signal is
 * the thread's interrupt, the one every Java executor sends on {@code cancel(true)}; the flag is left set.
 *
 * <p>Stateless and thread-safe; it reads the current thread's interrupt flag and nothing else (no clock).
 */
public final class Cancellation {

    private Cancellation() {
    }

    /**
     * Returns when the current thread may go on.
     *
     * @throws CancelledException ({@code cancelled}) when the current thread has been interrupted
     */
    public static void checkpoint() {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancelledException("the work was cancelled before it ended");
        }
    }
}
