package dev.keel.core.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An unmodifiable JSON object as parsed, keys in document order. Its own type so that the writer can tell that its
 * order is meaningful, and compact because parsed trees are many small objects: keys and values sit in one array,
 * searched in order up to {@link #LINEAR_MAX} keys (cheaper than hashing them) and through a hash table of
 * positions above. Immutable once built; thread-safe.
 */
final class ParsedObject extends AbstractMap<String, Object> {

    /** Objects with at most this many keys are searched in order. */
    static final int LINEAR_MAX = 8;

    /** key0, value0, key1, value1, ...; the keys are distinct. */
    private final Object[] entries;
    /** For larger objects: open addressing by key hash, each slot the key's position in entries plus one. */
    private final int[] table;

    /** Takes ownership of {@code entries}, whose keys the caller has checked are distinct strings. */
    ParsedObject(Object[] entries) {
        this.entries = entries;
        this.table = entries.length / 2 > LINEAR_MAX ? hashTable(entries) : null;
    }

    private static int[] hashTable(Object[] entries) {
        int[] table = new int[Integer.highestOneBit(entries.length) * 2];
        for (int i = 0; i < entries.length; i += 2) {
            int slot = entries[i].hashCode() & (table.length - 1);
            while (table[slot] != 0) {
                slot = (slot + 1) & (table.length - 1);
            }
            table[slot] = i + 1;
        }
        return table;
    }

    private int indexOf(Object key) {
        if (table == null) {
            for (int i = 0; i < entries.length; i += 2) {
                if (entries[i].equals(key)) {
                    return i;
                }
            }
            return -1;
        }
        if (key == null) {
            return -1;
        }
        for (int slot = key.hashCode() & (table.length - 1); table[slot] != 0; slot = (slot + 1) & (table.length - 1)) {
            if (entries[table[slot] - 1].equals(key)) {
                return table[slot] - 1;
            }
        }
        return -1;
    }

    @Override
    public Object get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : entries[i + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
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
