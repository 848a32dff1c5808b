package dev.keel.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.keel.test.properties.Choices;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Weighted;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Generated JSON values around the {@link JsonBudget}, for the tests of every path that reads model, tool or host
 * JSON (core, the outbound filter, the tool gate, the governed call, MCP results, a model's tool-call arguments):
 * values nested as objects, as arrays or both, at, just under and just over the budget's depth and far past it (to
 * 200, past the codec's own limit); and shallow values at, just under and just over its size. Each case knows its
 * depth, its size, the reason code the budget gives it, and its JSON text (written by plain Jackson, whose limits are
 * far looser than the codec's, so that even a case past the codec's depth has a text).
 */
public final class JsonBudgetCases {

    /** How the levels of a nested case are made. */
    public enum Shape { OBJECTS, ARRAYS, MIXED }

    /**
     * One generated value.
     *
     * @param description what it is, for a failure message
     * @param value       the value, a plain tree
     * @param depth       its nesting depth, the outermost object or array 1
     * @param size        its size as the budget counts it (its compact JSON text has no escape)
     * @param json        its compact JSON text
     */
    public record Case(String description, @Nullable Object value, int depth, long size, String json) {

        /** The reason code the budget withholds the value for; empty when it is within the budget. */
        public Optional<String> overBudget() {
            if (depth > JsonBudget.MAX_DEPTH) {
                return Optional.of(JsonBudget.TOO_DEEP);
            }
            return size > JsonBudget.MAX_SIZE ? Optional.of(JsonBudget.TOO_LARGE) : Optional.empty();
        }

        /** What a part holds of the value: the value, or the budget's placeholder. */
        public @Nullable Object held() {
            return overBudget().<Object>map(JsonBudget::withheld).orElse(value);
        }

        @Override
        public String toString() {
            return description + " (depth " + depth + ", size " + size + ", " + overBudget().orElse("within") + ")";
        }
    }

    private static final ObjectMapper JACKSON = JsonMapper.builder(JsonFactory.builder()
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(10_000).build()).build()).build();
    /** The longest string a size case holds: within what the codec reads, so a case's text reads back. */
    private static final int CHUNK = 100_000;

    private JsonBudgetCases() {
    }

    /** Depths at, just under and just over the budget most often, 100 (the issue's), and any from 0 to 200. */
    public static Gen<Integer> depths() {
        int budget = JsonBudget.MAX_DEPTH;
        return Gen.frequency(Weighted.of(6, Gen.of(budget, budget - 1, budget + 1)), Weighted.of(1, Gen.just(100)),
                Weighted.of(3, Gen.integers(0, 200)));
    }

    /** Sizes at, just under and just over the budget most often, and any from 20 characters to twice the budget. */
    public static Gen<Long> sizes() {
        long budget = JsonBudget.MAX_SIZE;
        return Gen.frequency(Weighted.of(3, Gen.of(budget, budget - 1, budget + 1)),
                Weighted.of(1, Gen.longs(20, 2 * budget)));
    }

    /** A nested case or a size case, alike. */
    public static Gen<Case> any() {
        return Gen.oneOf(nested(), sized());
    }

    /** Values nested {@link #depths()} deep, of any shape; the root may be a scalar (depth 0). */
    public static Gen<Case> nested() {
        return c -> nested(depths().generate(c), Gen.of(Shape.values()).generate(c), false, c);
    }

    /** Objects nested {@link #depths()} deep (at least 1), of any shape below the root: a tool call's arguments. */
    public static Gen<Case> nestedObjects() {
        return c -> nested(Math.max(1, depths().generate(c)), Gen.of(Shape.values()).generate(c), true, c);
    }

    /** Objects of {@link #sizes()}, two levels deep, their strings in chunks the codec reads. */
    public static Gen<Case> sized() {
        return c -> sized(sizes().generate(c));
    }

    /** A value nested {@code depth} deep, each level a container of the next and perhaps a scalar beside it. */
    public static Case nested(int depth, Shape shape, boolean objectRoot, Choices c) {
        @Nullable Object value = leaf(c);
        for (int level = depth; level >= 1; level--) {
            boolean object = level == 1 && objectRoot || shape == Shape.OBJECTS
                    || shape == Shape.MIXED && c.nextBoolean(0.5);
            boolean sibling = c.nextBoolean(0.3);
            if (object) {
                Map<String, @Nullable Object> map = new LinkedHashMap<>();
                if (sibling) {
                    map.put("note", leaf(c));
                }
                map.put("k" + level, value);
                value = Collections.unmodifiableMap(map);
            } else {
                List<@Nullable Object> list = new ArrayList<>();
                list.add(value);
                if (sibling) {
                    list.add(leaf(c));
                }
                value = Collections.unmodifiableList(list);
            }
        }
        String json = jackson(value);
        return new Case(shape.name().toLowerCase(Locale.ROOT) + " nested " + depth + " deep", value, depth,
                json.length(), json);
    }

    /** An object {@code {"chunks": [...]}} whose compact JSON is {@code size} characters long (at least 15). */
    public static Case sized(long size) {
        // {"chunks":[ and ]} take 13 characters; each chunk takes its quotes, and each but the first a comma.
        long body = Math.max(2, size - 13);
        int count = (int) ((body + CHUNK + 3) / (CHUNK + 3)); // as few as hold the letters, CHUNK each at most
        long letters = body - 3L * count + 1;
        List<String> chunks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long share = letters / count + (i < letters % count ? 1 : 0);
            chunks.add("x".repeat((int) share));
        }
        Map<String, Object> value = Map.of("chunks", List.copyOf(chunks));
        String json = jackson(value);
        return new Case("an object of " + json.length() + " characters", value, 2, json.length(), json);
    }

    private static @Nullable Object leaf(Choices c) {
        switch ((int) c.next(3)) {
            case 0:
                return "quay";
            case 1:
                return new BigDecimal("7");
            case 2:
                return Boolean.TRUE;
            default:
                return null;
        }
    }

    private static String jackson(@Nullable Object value) {
        try {
            return JACKSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
