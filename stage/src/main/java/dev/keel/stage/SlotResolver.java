package dev.keel.stage;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Supplies input slots whose value depends on how far the workflow got, such as the
 * catalogue section that an earlier stage selected.
 * The runtime asks for each slot a stage declares that the {@link StageRequest} does not give directly.
 *
 * <p>Implementations must be thread-safe if the runtime is shared between threads.
 */
@FunctionalInterface
public interface SlotResolver {

    /**
     * The slot's value as a plain JSON value (map, list, string, number, boolean), or null when there is none.
     *
     * @param slot        the slot name, for example {@code service_index}
     * @param stageId     the stage about to be called
     * @param cachedState the session's {@code cached_state} as that stage will see it
     */
    @Nullable Object resolve(String slot, String stageId, Map<String, Object> cachedState);

    /** Supplies nothing. */
    static SlotResolver none() {
        return (slot, stageId, cachedState) -> null;
    }
}
