package dev.keel.core.reask;

import dev.keel.core.InvalidInputException;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ReplyValidator} made of one reply: the value it read, and the problems it found. The reply is accepted
 * when there are none; a rejected reply may still carry what was read of it (the stage runtime keeps its validation).
 * Immutable and thread-safe when the value is.
 *
 * @param value    what was read of the reply; never null when the reply is accepted, null when nothing could be read
 * @param problems what is wrong with the reply; empty when it is accepted
 */
public record Verdict<T>(@Nullable T value, List<Problem> problems) {

    public Verdict {
        problems = List.copyOf(problems);
        if (problems.isEmpty()) {
            Objects.requireNonNull(value, "an accepted reply needs a value");
        }
    }

    public static <T> Verdict<T> accept(T value) {
        return new Verdict<>(value, List.of());
    }

    /** Nothing could be read of the reply. */
    public static <T> Verdict<T> reject(List<Problem> problems) {
        if (problems.isEmpty()) {
            throw new InvalidInputException("a rejected reply needs at least one problem");
        }
        return new Verdict<>(null, problems);
    }

    public boolean accepted() {
        return problems.isEmpty();
    }
}
