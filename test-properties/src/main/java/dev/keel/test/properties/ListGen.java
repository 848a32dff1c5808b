package dev.keel.test.properties;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Lists of an element generator's values, with bounds on their size. Shorter lists are simpler, and shrinking can
 * drop any element, not only the last. Immutable and thread-safe.
 *
 * @param <T> the elements
 */
public final class ListGen<T> implements Gen<List<T>> {

    static final int DEFAULT_MAX_SIZE = 255;

    private final Gen<T> elements;
    private final int minSize;
    private final int maxSize;
    private final boolean unique;

    ListGen(Gen<T> elements, int minSize, int maxSize, boolean unique) {
        this.elements = Objects.requireNonNull(elements, "elements");
        if (minSize < 0 || minSize > maxSize) {
            throw new IllegalArgumentException("sizes from " + minSize + " to " + maxSize);
        }
        this.minSize = minSize;
        this.maxSize = maxSize;
        this.unique = unique;
    }

    /** At least {@code size} elements (the maximum raised to it if lower). */
    public ListGen<T> ofMinSize(int size) {
        return new ListGen<>(elements, size, Math.max(size, maxSize), unique);
    }

    /** At most {@code size} elements (the minimum lowered to it if higher). */
    public ListGen<T> ofMaxSize(int size) {
        return new ListGen<>(elements, Math.min(size, minSize), size, unique);
    }

    /** Exactly {@code size} elements. */
    public ListGen<T> ofSize(int size) {
        return new ListGen<>(elements, size, size, unique);
    }

    /** No two elements equal; a case whose elements cannot reach the minimum size distinct is discarded. */
    public ListGen<T> uniqueElements() {
        return new ListGen<>(elements, minSize, maxSize, true);
    }

    @Override
    public List<T> generate(Choices choices) {
        List<T> list = new ArrayList<>();
        Set<T> seen = unique ? new HashSet<>() : null;
        double more = Draws.continuation(choices, maxSize - minSize);
        while (list.size() < maxSize && (list.size() < minSize || choices.nextBoolean(more))) {
            T element = elements.generate(choices);
            for (int attempt = 0; seen != null && seen.contains(element) && attempt < 20; attempt++) {
                element = elements.generate(choices);
            }
            if (seen != null && !seen.add(element)) {
                break;
            }
            list.add(element);
        }
        if (list.size() < minSize) {
            throw Draws.discard();
        }
        return list;
    }
}
