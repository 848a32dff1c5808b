package dev.keel.core.spi;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where new identifiers (request ids, response ids) come from, so that pure code never calls a random
 * source itself. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface IdSource {

    /** A new identifier, distinct from every earlier one of this source. */
    String nextId();

    /** Random type-4 UUIDs: for production hosts. */
    static IdSource randomUuid() {
        return () -> UUID.randomUUID().toString();
    }

    /** {@code prefix-1}, {@code prefix-2}, ...: deterministic, for tests and replays. */
    static IdSource sequential(String prefix) {
        AtomicLong counter = new AtomicLong();
        return () -> prefix + "-" + counter.incrementAndGet();
    }
}
