package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where {@code cached_state} lists entities (agencies, services) that a reply may refer to, for
 * {@link StageRule.SourcesCoverMentions}. The pointer may use wildcards and may find strings (each one an id), or
 * objects (the id in property {@code idProperty}, names in {@code nameProperties}), or arrays of either.
 *
 * <p>Immutable and thread-safe.
 *
 * @param state          a pointer into {@code cached_state}
 * @param idProperty     the property holding an object's id; null when the pointer finds ids as strings
 * @param nameProperties properties holding other names the text may use for the entity
 */
public record KnownEntities(Pointer state, @Nullable String idProperty, List<String> nameProperties) {

    public KnownEntities {
        Objects.requireNonNull(state, "state");
        nameProperties = List.copyOf(nameProperties);
        if (idProperty == null && !nameProperties.isEmpty()) {
            throw new InvalidContractException("known entities at '" + state + "' have names but no id property");
        }
        if (idProperty != null && idProperty.isEmpty()) {
            throw new InvalidContractException("known entities at '" + state + "': the id property needs a name");
        }
    }

    /** Ids given as strings (or arrays of strings) at {@code state}. */
    public static KnownEntities ids(String state) {
        return new KnownEntities(Pointer.of(state), null, List.of());
    }

    /** Objects (or arrays of objects) at {@code state} with an id property and name properties. */
    public static KnownEntities objects(String state, String idProperty, String... nameProperties) {
        return new KnownEntities(Pointer.of(state), idProperty, List.of(nameProperties));
    }
}
