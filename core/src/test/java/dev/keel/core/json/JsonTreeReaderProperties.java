package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tree reader on arbitrary trees: it never throws, and every problem it records points into the tree. */
class JsonTreeReaderProperties {

    private static final List<String> KEYS = List.of("a", "b/c", "~");

    private static final Gen<Object> TREES = JsonTrees.trees(4, Gen.strings().all().ofMaxLength(3),
            Gen.bigDecimals(new BigDecimal("-100"), new BigDecimal("100"), 1), Gen.of("a", "b/c", "~", "$schema", "x"),
            false);

    @Test
    void readingAnyTreeRecordsProblemsThatPointIntoItAndNeverThrows() {
        Property.forAll(TREES).tries(500).check(tree -> {
            JsonTreeReader reader = JsonTreeReader.of(tree);

            readEverything(reader.root(), 0);

            for (JsonProblem problem : reader.problems()) {
                List<String> tokens = JsonPointers.parse(problem.pointer());
                // A missing member is reported at its own pointer: its parent is in the tree.
                assertThat(resolves(tree, problem.message().equals("required") ? tokens.subList(0, tokens.size() - 1)
                        : tokens)).as(problem.toString()).isTrue();
                assertThat(problem.message()).hasSizeLessThan(200);
            }
            assertThat(reader.problems()).hasSizeLessThanOrEqualTo(JsonTreeReader.MAX_PROBLEMS + 1);
        });
    }

    /** Every conversion on every value, and into every member and item. */
    private static void readEverything(Value value, int depth) {
        value.string();
        value.nonBlankString();
        value.bool();
        value.bool(false);
        value.decimal();
        value.decimal(BigDecimal.ZERO, BigDecimal.ONE);
        value.integer();
        value.integer(0, 9);
        value.scalar();
        value.strings();
        value.map(Value::string);
        value.mustEqual("a");
        value.build(() -> {
            throw new IllegalArgumentException("an invariant");
        });
        if (depth > 2) {
            return;
        }
        ObjectValue object = value.object(KEYS.subList(0, depth % 3 + 1));
        for (String key : KEYS) {
            readEverything(object.required(key), depth + 1);
            readEverything(object.optional(key), depth + 1);
        }
        value.members().values().forEach(member -> readEverything(member, depth + 1));
        value.items().forEach(item -> readEverything(item, depth + 1));
    }

    private static boolean resolves(Object tree, List<String> tokens) {
        Object at = tree;
        for (String token : tokens) {
            if (at instanceof Map && ((Map<?, ?>) at).containsKey(token)) {
                at = ((Map<?, ?>) at).get(token);
            } else if (at instanceof List && token.matches("\\d+") && Integer.parseInt(token) < ((List<?>) at).size()) {
                at = ((List<?>) at).get(Integer.parseInt(token));
            } else {
                return false;
            }
        }
        return true;
    }
}
