package dev.keel.core.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An unmodifiable JSON object as parsed, keys in document order. Its own type so that the writer can tell that its
 * order is meaningful, and compact because parsed trees are many small objects: keys and values sit in one array,
 * searched in order up to {@link #LINEAR_MAX} keys (cheaper than hashing them), through a {@link HashMap} above
 * (whose tree bins keep crafted colliding keys from making lookups linear). Immutable once built; thread-safe.
 */
final class ParsedObject extends AbstractMap<String, Object> {

    /** Objects with at most this many keys are searched in order. */
    static final int LINEAR_MAX = 8;

    /** key0, value0, key1, value1, ...; the keys are distinct. */
    private final Object[] entries;
    /** For larger objects, the same entries by key; null for small ones. */
    private final Map<String, Object> index;

    /** Takes ownership of {@code entries}, whose keys the caller has checked are distinct strings. */
    ParsedObject(Object[] entries) {
        this.entries = entries;
        if (entries.length / 2 > LINEAR_MAX) {
            index = new HashMap<>(entries.length);
            for (int i = 0; i < entries.length; i += 2) {
                index.put((String) entries[i], entries[i + 1]);
            }
        } else {
            index = null;
        }
    }

    private int indexOf(Object key) {
        for (int i = 0; i < entries.length; i += 2) {
            if (entries[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Object get(Object key) {
        if (index != null) {
            return index.get(key);
        }
        int i = indexOf(key);
        return i < 0 ? null : entries[i + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return index != null ? index.containsKey(key) : indexOf(key) >= 0;
    }

    @Override
    public int size() {
        return entries.length / 2;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Object> action) {
        for (int i = 0; i < entries.length; i += 2) {
            action.accept((String) entries[i], entries[i + 1]);
        }
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < entries.length;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (next >= entries.length) {
                            throw new NoSuchElementException();
                        }
                        next += 2;
                        return new SimpleImmutableEntry<>((String) entries[next - 2], entries[next - 1]);
                    }
                };
            }

            @Override
            public int size() {
                return entries.length / 2;
            }
        };
    }
}
