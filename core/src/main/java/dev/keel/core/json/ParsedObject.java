package dev.keel.core.json;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * An unmodifiable JSON object as parsed, keys in document order. Its own type so that the writer can tell that
 * its order is meaningful. Immutable once built; thread-safe.
 */
final class ParsedObject extends AbstractMap<String, Object> {

    private final Map<String, Object> entries;

    ParsedObject(LinkedHashMap<String, Object> entries) {
        this.entries = entries;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return Collections.unmodifiableMap(entries).entrySet();
    }

    @Override
    public Object get(Object key) {
        return entries.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return entries.containsKey(key);
    }

    @Override
    public int size() {
        return entries.size();
    }
}
