package dev.keel.pipeline;

import java.util.Objects;

/**
 * The name and type of a value the steps of one turn share (the typed evidence an evidence provider read, for the
 * composer to write from, say). Equal keys name the same value. Immutable and thread-safe.
 *
 * @param name what the value is, for messages
 * @param type its type
 * @param <T>  its type
 */
public record TurnKey<T>(String name, Class<T> type) {

    public TurnKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    public static <T> TurnKey<T> of(String name, Class<T> type) {
        return new TurnKey<>(name, type);
    }
}
