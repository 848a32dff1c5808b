package dev.keel.core.json;

import dev.keel.core.InvalidInputException;
import dev.keel.core.WireFormatException;
import java.lang.reflect.Array;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one depth and size budget of JSON that a model, a tool or a host gives Keel: a model's tool-call arguments, a
 * tool's result (a host executor's value, an MCP server's structured content), a JSON part of a message. A value past
 * the budget is not an error: it is withheld, and its {@linkplain #withheld placeholder}, which names the reason code,
 * stands in its place, so that one part is lost and never the call. {@link dev.keel.core.content.Part} applies the
 * budget to every JSON value it holds; the outbound filter reports a placeholder as withheld.
 *
 * <p><b>Depth</b> counts nested objects and arrays, the outermost one 1, as the codec does; at most
 * {@value #MAX_DEPTH}, half the codec's default limit, so that a value within the budget still fits inside any
 * envelope Keel writes it in (a prompt, a provider's request, a tool call on the wire) and is read back.
 * <b>Size</b> is the length of the value's compact JSON text ({@link JsonCodec#write}), with each escaped character
 * counted as the one character it stands for; at most {@value #MAX_SIZE} characters (4 MiB), half the codec's default
 * document limit. A value is walked without recursion and the walk stops at the first step past the budget, so that a
 * tree nested a million deep, a tree that holds itself, or one that shares a branch a million times costs no more
 * than the budget.
 *
 * <p>Pure (no I/O, no clock) and thread-safe: every method is a function of its arguments.
 */
public final class JsonBudget {

    /** The deepest nesting of objects and arrays within the budget; the outermost one is depth 1. */
    public static final int MAX_DEPTH = 32;
    /** The largest size within the budget, in characters of compact JSON text (4 MiB). */
    public static final long MAX_SIZE = 4L * 1024 * 1024;

    /** The reason code of a value nested deeper than {@link #MAX_DEPTH}. */
    public static final String TOO_DEEP = "json_too_deep";
    /** The reason code of a value larger than {@link #MAX_SIZE}. */
    public static final String TOO_LARGE = "json_too_large";

    private static final Map<String, Object> WITHHELD_TOO_DEEP = placeholder(TOO_DEEP);
    private static final Map<String, Object> WITHHELD_TOO_LARGE = placeholder(TOO_LARGE);

    private JsonBudget() {
    }

    /**
     * The reason code when {@code value} is past the budget: {@link #TOO_DEEP} or {@link #TOO_LARGE}, whichever the
     * walk, in the order the codec writes, meets first; empty when it is within.
     *
     * @throws WireFormatException {@code json_unsupported_value} for a value the codec cannot turn into JSON
     */
    public static Optional<String> exceeded(@Nullable Object value) {
        return Optional.ofNullable(walk(value, MAX_DEPTH, MAX_SIZE));
    }

    /**
     * Whether {@code value}'s size, as the budget counts it, passes {@code limit} characters, however deep it is: for
     * a reader with a tighter limit of its own (the outbound filter's). Counting stops just past the limit.
     *
     * @throws WireFormatException {@code json_unsupported_value} for a value the codec cannot turn into JSON
     */
    public static boolean largerThan(@Nullable Object value, long limit) {
        return walk(value, Integer.MAX_VALUE, limit) != null;
    }

    /** {@code value} when it is within the budget, else the {@linkplain #withheld placeholder} of its code. */
    public static @Nullable Object within(@Nullable Object value) {
        String code = walk(value, MAX_DEPTH, MAX_SIZE);
        return code == null ? value : withheld(code);
    }

    /**
     * What stands in place of a value past the budget: {@code {"withheld": true, "reason_codes": [code]}}, an object
     * (so it can stand for a tool call's arguments too) like a refused tool call's answer.
     *
     * @param code {@link #TOO_DEEP} or {@link #TOO_LARGE}
     * @throws InvalidInputException for another code
     */
    public static Map<String, Object> withheld(String code) {
        if (TOO_DEEP.equals(code)) {
            return WITHHELD_TOO_DEEP;
        }
        if (TOO_LARGE.equals(code)) {
            return WITHHELD_TOO_LARGE;
        }
        throw new InvalidInputException("not a JSON budget code: " + code);
    }

    /**
     * The reason code {@code value} is the {@linkplain #withheld placeholder} of, whatever map and list types hold it
     * (it may have been written and read back); empty for any other value.
     */
    public static Optional<String> withheldCode(@Nullable Object value) {
        if (WITHHELD_TOO_DEEP.equals(value)) {
            return Optional.of(TOO_DEEP);
        }
        if (WITHHELD_TOO_LARGE.equals(value)) {
            return Optional.of(TOO_LARGE);
        }
        return Optional.empty();
    }

    /**
     * Reads JSON text a model or a tool wrote that must be an object (a tool call's arguments) with the strict codec,
     * under the budget: text the codec refuses for its depth or length, and an object past the budget, read as the
     * {@linkplain #withheld placeholder} of the code.
     *
     * @throws WireFormatException for text that is not a JSON object for another reason (malformed, a repeated key,
     *                             another kind of value)
     */
    public static Map<String, Object> readObject(String json) {
        Map<String, Object> object;
        try {
            object = JsonCodec.strict().parseObject(json);
        } catch (WireFormatException refused) {
            switch (refused.code()) {
                case "json_too_deep":
                    return withheld(TOO_DEEP);
                case "json_document_too_large":
                case "json_string_too_long":
                    return withheld(TOO_LARGE);
                default:
                    throw refused;
            }
        }
        String code = walk(object, MAX_DEPTH, MAX_SIZE);
        return code == null ? object : withheld(code);
    }

    /** Unmodifiable, and written in this order as a parsed object is. */
    private static Map<String, Object> placeholder(String code) {
        LinkedHashMap<String, Object> placeholder = new LinkedHashMap<>();
        placeholder.put("withheld", true);
        placeholder.put("reason_codes", List.of(code));
        return new OrderedObject(placeholder);
    }

    /** An object or array being walked: what is left of it, whether it is an object, whether an item was taken. */
    private static final class Open {
        final Iterator<?> rest;
        final boolean object;
        boolean started;

        Open(Iterator<?> rest, boolean object) {
            this.rest = rest;
            this.object = object;
        }
    }

    /**
     * Walks {@code root} as the codec writes it, depth first, without recursion: {@link #TOO_DEEP} at the first
     * object or array deeper than {@code maxDepth}, {@link #TOO_LARGE} once the size passes {@code maxSize}, null
     * when the walk ends within both. Every value adds at least one character, so the walk takes at most about
     * {@code maxSize} steps whatever the value (a cycle, a branch shared many times).
     */
    private static @Nullable String walk(@Nullable Object root, int maxDepth, long maxSize) {
        Deque<Open> open = new ArrayDeque<>();
        long size = 0;
        Object next = root;
        while (true) {
            Object value = plain(next);
            Iterator<?> items = value instanceof Map<?, ?> map ? map.entrySet().iterator()
                    : value instanceof Iterable<?> iterable ? iterable.iterator()
                    : value != null && value.getClass().isArray() ? arrayItems(value) : null;
            if (items != null) {
                size += 2; // the brackets
                if (open.size() >= maxDepth) {
                    return TOO_DEEP;
                }
                open.push(new Open(items, value instanceof Map));
            } else {
                size += leafSize(value);
            }
            if (size > maxSize) {
                return TOO_LARGE;
            }
            // The next value: the next item of the innermost object or array that has one left.
            while (!open.isEmpty() && !open.peek().rest.hasNext()) {
                open.pop();
            }
            if (open.isEmpty()) {
                return null;
            }
            Open current = open.peek();
            size += current.started ? 1 : 0; // the comma before it
            current.started = true;
            Object item = current.rest.next();
            if (current.object) {
                Map.Entry<?, ?> member = (Map.Entry<?, ?>) item;
                size += name(member.getKey()).length() + 3; // the name, quoted, and the colon
                next = member.getValue();
            } else {
                next = item;
            }
        }
    }

    /** {@code value} as the codec writes it: plain values as they are, anything else as its plain tree. */
    private static @Nullable Object plain(@Nullable Object value) {
        if (value == null || value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof Map || value instanceof Iterable || value.getClass().isArray()) {
            return value;
        }
        return JsonCodec.strict().toPlain(value);
    }

    /** A member name as the codec writes it: an enum constant by its name, anything else as its string. */
    private static String name(@Nullable Object key) {
        return key instanceof Enum<?> constant ? constant.name() : String.valueOf(key);
    }

    /** The characters of a string, number, boolean or null in compact JSON, an escape counted as one. */
    private static long leafSize(@Nullable Object value) {
        if (value == null || Boolean.TRUE.equals(value)) {
            return 4;
        }
        if (value instanceof Boolean) {
            return 5;
        }
        if (value instanceof CharSequence text) {
            return text.length() + 2L;
        }
        return value.toString().length();
    }

    private static Iterator<?> arrayItems(Object array) {
        int length = Array.getLength(array);
        return new Iterator<Object>() {
            private int index;

            @Override
            public boolean hasNext() {
                return index < length;
            }

            @Override
            public @Nullable Object next() {
                if (index >= length) {
                    throw new NoSuchElementException();
                }
                return Array.get(array, index++);
            }
        };
    }
}
