package dev.keel.core.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * Arbitrary plain-value JSON trees for the codec's properties: strings, numbers, booleans and null as leaves, arrays
 * as {@link ArrayList}, objects as {@link LinkedHashMap} (the writer keeps their order). Stateless.
 */
final class JsonTrees {

    private JsonTrees() {
    }

    /**
     * Trees up to {@code depth} levels, arrays and objects up to four wide; with {@code wideObjects}, also objects of
     * {@link 8} to 20 leaf members, which a parsed object indexes by hash.
     */
    static Arbitrary<Object> trees(int depth, Arbitrary<String> strings, Arbitrary<BigDecimal> numbers,
                                   Arbitrary<String> keys, boolean wideObjects) {
        Arbitrary<Object> leaf = Arbitraries.oneOf(
                strings.map(s -> (Object) s),
                numbers.map(n -> (Object) n),
                Arbitraries.of(true, false).map(b -> (Object) b),
                Arbitraries.just(null));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Object> child = trees(depth - 1, strings, numbers, keys, wideObjects);
        List<Tuple.Tuple2<Integer, Arbitrary<Object>>> kinds = new ArrayList<>(List.of(
                Tuple.of(6, leaf),
                Tuple.of(2, child.list().ofMaxSize(4).map(items -> (Object) new ArrayList<>(items))),
                Tuple.of(2, Arbitraries.maps(keys, child).ofMaxSize(4).map(m -> (Object) new LinkedHashMap<>(m)))));
        if (wideObjects) {
            kinds.add(Tuple.of(1, Arbitraries.maps(keys, leaf).ofMinSize(8).ofMaxSize(20)
                    .map(m -> (Object) new LinkedHashMap<>(m))));
        }
        return Arbitraries.frequencyOf(kinds.toArray(Tuple.Tuple2[]::new));
    }
}
