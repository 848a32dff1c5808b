package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One slice of {@code cached_state} that a valid output of a stage merges: the top-level key {@code into} gets
 * either the output value at {@code from} or an object built from {@code fields} (property name to output
 * pointer). A merge replaces the whole slice; nothing outside the declared slices is ever written.
 *
 * <p>Immutable and thread-safe.
 *
 * @param into   the top-level key of {@code cached_state}
 * @param from   the output value to store, or null when {@code fields} builds the value
 * @param fields property name to output pointer, in order; empty when {@code from} is set
 */
public record StateSlice(String into, @Nullable Pointer from, Map<String, Pointer> fields) {

    /** The key the runtime owns: the session's id. No stage may write it. */
    public static final String SESSION_ID = "session_id";

    public StateSlice {
        if (into == null || into.isEmpty()) {
            throw new InvalidContractException("a state slice needs the key it is merged into");
        }
        if (SESSION_ID.equals(into)) {
            throw new InvalidContractException("no stage may merge into cached_state.session_id");
        }
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        if ((from == null) == fields.isEmpty()) {
            throw new InvalidContractException("state slice '" + into + "' needs either 'from' or 'fields', not both");
        }
        for (Map.Entry<String, Pointer> field : fields.entrySet()) {
            if (field.getValue() == null || field.getValue().hasWildcard()) {
                throw new InvalidContractException("state slice '" + into + "' field '" + field.getKey()
                        + "' needs a pointer to one value");
            }
        }
        if (from != null && from.hasWildcard()) {
            throw new InvalidContractException("state slice '" + into + "': 'from' must name one value");
        }
    }

    /** Stores the output value at {@code from} ({@code ""} for the whole output) under {@code into}. */
    public static StateSlice copy(String into, String from) {
        return new StateSlice(into, Pointer.of(from), Map.of());
    }

    /** Stores an object of the given properties, each read from an output pointer, under {@code into}. */
    public static StateSlice pick(String into, Map<String, String> fields) {
        Map<String, Pointer> pointers = new LinkedHashMap<>();
        fields.forEach((name, pointer) -> pointers.put(name, Pointer.of(pointer)));
        return new StateSlice(into, null, pointers);
    }
}
