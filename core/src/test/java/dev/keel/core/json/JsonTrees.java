package dev.keel.core.json;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Weighted;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * Generated plain-value JSON trees for the codec's properties: strings, numbers, booleans and null as leaves, arrays
 * as {@link ArrayList}, objects as {@link LinkedHashMap} (the writer keeps their order). Stateless.
 */
final class JsonTrees {

    private JsonTrees() {
    }

    /**
     * Trees up to {@code depth} levels, arrays and objects up to four wide; with {@code wideObjects}, also objects of
     * 8 to 20 leaf members, which a parsed object indexes by hash.
     */
    static Gen<Object> trees(int depth, Gen<String> strings, Gen<BigDecimal> numbers, Gen<String> keys,
                             boolean wideObjects) {
        Gen<Object> leaf = Gen.oneOf(strings, numbers, Gen.booleans(), Gen.just(null));
        if (depth == 0) {
            return leaf;
        }
        Gen<Object> child = trees(depth - 1, strings, numbers, keys, wideObjects);
        Weighted<Object> leaves = Weighted.of(6, leaf);
        Weighted<Object> arrays = Weighted.of(2, child.list().ofMaxSize(4));
        Weighted<Object> objects = Weighted.of(2, Gen.maps(keys, child, 0, 4));
        if (wideObjects) {
            return Gen.frequency(leaves, arrays, objects, Weighted.of(1, Gen.maps(keys, leaf, 8, 20)));
        }
        return Gen.frequency(leaves, arrays, objects);
    }
}
