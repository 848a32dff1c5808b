package dev.keel.llm.adapters;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A {@link Sleeper} that records the waits instead of waiting. */
final class RecordingSleeper implements Sleeper {

    private final List<Duration> waits = new ArrayList<>();

    @Override
    public synchronized void sleep(Duration duration) {
        waits.add(duration);
    }

    synchronized List<Duration> waits() {
        return List.copyOf(waits);
    }
}
