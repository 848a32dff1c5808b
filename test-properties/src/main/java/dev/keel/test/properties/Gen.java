package dev.keel.test.properties;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Generates values of {@code T} from {@link Choices}. A generator is a function: the same choices give the same
 * value, which is what makes a failure reproducible from its seed and shrinkable by replaying fewer or smaller
 * choices. Generators compose by drawing from the same choices, so a generator of a record is a lambda:
 * {@code Gen<Point> points = c -> new Point(xs.generate(c), ys.generate(c));}.
 *
 * <p>Implementations must be stateless and so thread-safe; those here are.
 *
 * @param <T> what it generates
 */
@FunctionalInterface
public interface Gen<T> {

    /** The value these choices give. */
    T generate(Choices choices);

    /** This generator's values through {@code mapper}. */
    default <R> Gen<R> map(Function<? super T, ? extends R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return choices -> mapper.apply(generate(choices));
    }

    /** A generator chosen by this generator's value, drawing from the same choices. */
    default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return choices -> mapper.apply(generate(choices)).generate(choices);
    }

    /**
     * Only values that {@code keep} accepts: a value it refuses is drawn again, up to 100 times, after which the
     * case is discarded as with {@link Property#assume(boolean)}.
     */
    default Gen<T> filter(Predicate<? super T> keep) {
        Objects.requireNonNull(keep, "keep");
        return choices -> {
            for (int attempt = 0; attempt < 100; attempt++) {
                T value = generate(choices);
                if (keep.test(value)) {
                    return value;
                }
            }
            throw Draws.discard();
        };
    }

    /** {@code null} with {@code probability}, otherwise this generator's value. */
    @SuppressWarnings("NullAway") // T is nullable here; NullAway checks type arguments only in JSpecify mode
    default Gen<@Nullable T> injectNull(double probability) {
        return choices -> choices.nextBoolean(probability) ? null : generate(choices);
    }

    /** Lists of this generator's values, 0 to 255 long unless narrowed. */
    default ListGen<T> list() {
        return new ListGen<>(this, 0, ListGen.DEFAULT_MAX_SIZE, false);
    }

    /** Always {@code value}. */
    static <T> Gen<T> just(T value) {
        return choices -> value;
    }

    /** One of {@code values}, the first the simplest. */
    @SafeVarargs
    static <T> Gen<T> of(T... values) {
        return of(Arrays.asList(values));
    }

    /** One of {@code values}, the first the simplest. */
    static <T> Gen<T> of(Collection<? extends T> values) {
        List<T> copy = Collections.unmodifiableList(new ArrayList<>(values));
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("no values to choose from");
        }
        return choices -> copy.get((int) choices.next(copy.size() - 1L));
    }

    /** A value of one of {@code gens}, each as likely, the first the simplest. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Gen<? extends T>> copy = List.of(gens);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("no generators to choose from");
        }
        return choices -> copy.get((int) choices.next(copy.size() - 1L)).generate(choices);
    }

    /** A value of one of {@code gens}, as often as its weight says, the first the simplest. */
    @SafeVarargs
    static <T> Gen<T> frequency(Weighted<? extends T>... gens) {
        List<Weighted<? extends T>> copy = List.of(gens);
        long total = copy.stream().mapToLong(Weighted::weight).sum();
        if (total == 0) {
            throw new IllegalArgumentException("no generators to choose from");
        }
        return choices -> {
            long pick = choices.next(total - 1);
            for (Weighted<? extends T> weighted : copy) {
                if (pick < weighted.weight()) {
                    return weighted.gen().generate(choices);
                }
                pick -= weighted.weight();
            }
            throw new AssertionError("a pick below the total weight always lands");
        };
    }

    /** The generator {@code supplier} gives, asked for on each use: for generators that refer to themselves. */
    static <T> Gen<T> lazy(Supplier<? extends Gen<? extends T>> supplier) {
        return choices -> supplier.get().generate(choices);
    }

    /** {@code true} or {@code false}; {@code false} is the simpler. */
    static Gen<Boolean> booleans() {
        return choices -> choices.nextBoolean(0.5);
    }

    /** Integers from {@code min} to {@code max} inclusive, shrinking towards zero (or the bound nearest it). */
    static Gen<Integer> integers(int min, int max) {
        Draws.checkRange(min, max);
        return choices -> (int) Draws.towardsZero(choices, min, max);
    }

    /** Longs from {@code min} to {@code max} inclusive, shrinking towards zero (or the bound nearest it). */
    static Gen<Long> longs(long min, long max) {
        Draws.checkRange(min, max);
        return choices -> Draws.towardsZero(choices, min, max);
    }

    /** Big integers from {@code min} to {@code max} inclusive, shrinking towards zero (or the bound nearest it). */
    static Gen<BigInteger> bigIntegers(BigInteger min, BigInteger max) {
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("min " + min + " is above max " + max);
        }
        return choices -> Draws.towardsZero(choices, min, max);
    }

    /**
     * Decimals from {@code min} to {@code max} inclusive with exactly {@code scale} decimals (the bounds rounded
     * inwards to that scale), shrinking towards zero.
     */
    static Gen<BigDecimal> bigDecimals(BigDecimal min, BigDecimal max, int scale) {
        BigInteger low = min.setScale(scale, RoundingMode.CEILING).unscaledValue();
        BigInteger high = max.setScale(scale, RoundingMode.FLOOR).unscaledValue();
        return bigIntegers(low, high).map(unscaled -> new BigDecimal(unscaled, scale));
    }

    /** Doubles from {@code min} to {@code max} inclusive, both bounds among them, shrinking towards {@code min}. */
    static Gen<Double> doubles(double min, double max) {
        if (!(min <= max) || Double.isInfinite(max - min)) {
            throw new IllegalArgumentException("not a finite range: " + min + " to " + max);
        }
        long steps = 1L << 53;
        return choices -> {
            long step = choices.next(steps);
            return step == steps ? max : Math.min(max, min + (max - min) * step / steps);
        };
    }

    /** Characters from {@code from} to {@code to} inclusive, {@code from} the simplest. */
    static Gen<Character> chars(char from, char to) {
        Draws.checkRange(from, to);
        return choices -> (char) (from + choices.next(to - from));
    }

    /** Strings of any UTF-16 code units, 0 to 255 long, until narrowed by {@link StringGen}'s methods. */
    static StringGen strings() {
        return StringGen.ANY;
    }

    /** Byte arrays from {@code minLength} to {@code maxLength} long, of any bytes. */
    static Gen<byte[]> byteArrays(int minLength, int maxLength) {
        return integers(Byte.MIN_VALUE, Byte.MAX_VALUE).list().ofMinSize(minLength).ofMaxSize(maxLength).map(list -> {
            byte[] bytes = new byte[list.size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = list.get(i).byteValue();
            }
            return bytes;
        });
    }

    /** Maps from {@code minSize} to {@code maxSize} entries, keys from {@code keys} (distinct), in drawing order. */
    static <K, V> Gen<Map<K, V>> maps(Gen<K> keys, Gen<V> values, int minSize, int maxSize) {
        Gen<List<K>> keyLists = keys.list().ofMinSize(minSize).ofMaxSize(maxSize).uniqueElements();
        return choices -> {
            Map<K, V> map = new LinkedHashMap<>();
            for (K key : keyLists.generate(choices)) {
                map.put(key, values.generate(choices));
            }
            return map;
        };
    }
}
