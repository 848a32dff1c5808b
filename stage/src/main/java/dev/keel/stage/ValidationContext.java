package dev.keel.stage;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a stage output is validated against besides its contract. Immutable and thread-safe.
 *
 * @param cachedState       the session's {@code cached_state} as the stage saw it (a plain-value tree)
 * @param usedResponseIds   {@code response_id}s of earlier responses that a new one must not repeat
 * @param correction        whether this output answers a re-ask, and so must explain its fix in
 *                          {@code telemetry.notes}
 */
public record ValidationContext(Map<String, Object> cachedState, Set<String> usedResponseIds, boolean correction) {

    public ValidationContext {
        Objects.requireNonNull(cachedState, "cachedState");
        usedResponseIds = Set.copyOf(usedResponseIds);
    }

    /** A first answer in this state, with no earlier response ids. */
    public static ValidationContext of(Map<String, Object> cachedState) {
        return new ValidationContext(cachedState, Set.of(), false);
    }

    /** An empty {@code cached_state}. */
    public static ValidationContext empty() {
        return of(Map.of());
    }
}
