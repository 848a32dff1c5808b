package dev.keel.core.json;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * A JSON object as the codec parsed it: unmodifiable, keys in document order. Its own type only so that the writer
 * can tell that its order is meaningful. Immutable once built; thread-safe.
 */
final class OrderedObject extends AbstractMap<String, Object> {

    private final Map<String, Object> members;

    /** Takes ownership of {@code members}, which nobody else may change. */
    OrderedObject(LinkedHashMap<String, Object> members) {
        this.members = Collections.unmodifiableMap(members);
    }

    @Override
    public @Nullable Object get(Object key) {
        return members.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return members.containsKey(key);
    }

    @Override
    public int size() {
        return members.size();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return members.entrySet();
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Object> action) {
        members.forEach(action);
    }
}
