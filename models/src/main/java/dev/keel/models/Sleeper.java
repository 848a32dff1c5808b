package dev.keel.models;

import java.time.Duration;

/**
 * Waits between retries. Injected so that tests do not sleep and hosts can use their own scheduler.
 * Not pure: it waits. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface Sleeper {

    /** Waits for {@code duration}; throws {@link InterruptedException} when the thread is interrupted. */
    void sleep(Duration duration) throws InterruptedException;

    /** {@link Thread#sleep(long)}. */
    static Sleeper system() {
        return duration -> Thread.sleep(duration.toMillis());
    }
}
