package dev.keel.models;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A {@link Sleeper} that records the waits instead of waiting; keel-langchain4j's tests wait with it too. */
public final class RecordingSleeper implements Sleeper {

    private final List<Duration> waits = new ArrayList<>();

    @Override
    public synchronized void sleep(Duration duration) {
        waits.add(duration);
    }

    public synchronized List<Duration> waits() {
        return List.copyOf(waits);
    }
}
