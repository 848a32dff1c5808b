package dev.keel.core.json;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes Keel's JSON wire formats.
 *
 * <p><b>Reading</b> gives a tree of plain values: {@code Map<String, Object>} for objects (unmodifiable, keys in
 * document order), {@code List<Object>} for arrays (unmodifiable, may hold null), {@link String},
 * {@link java.math.BigDecimal} for every number (exact: {@code 0.80} keeps scale 2, {@code 7} has scale 0),
 * {@link Boolean} and {@code null}. A number written with an exponent ({@code 80e-2}) is the equal
 * {@code BigDecimal} ({@code 0.80}) and remembers how it was written, for the rare rule about a number as written
 * ({@link JsonNumbers#writtenWithExponent}). Anything that is not strict JSON, or passes a {@link JsonLimits} limit,
 * fails with a {@link dev.keel.core.WireFormatException} whose code says what ({@code json_malformed},
 * {@code json_duplicate_key}, {@code json_too_deep}, {@code json_string_too_long}, {@code json_number_too_long},
 * {@code json_number_out_of_range}, {@code json_document_too_large}, {@code json_trailing_content}) and whose
 * message says where (line and column) in a few words, never quoting more than a short piece of the text. To read
 * such a tree into typed values, reporting problems by JSON pointer, see {@link JsonTreeReader}.
 *
 * <p><b>Writing</b> accepts the same plain values (any {@link Map}, {@link Iterable}, array, {@link Number},
 * {@link CharSequence}, {@link Boolean}, {@link Enum} by name) and, through Jackson data binding, records and
 * beans. Keys keep their order where the map defines one ({@link java.util.LinkedHashMap},
 * {@link java.util.SortedMap}, {@link java.util.EnumMap}, maps this codec parsed); keys of any other map are
 * sorted, so the same value always gives the same text. NaN and infinities are refused. Numbers are written as
 * {@link java.math.BigDecimal#toString()} writes them, so a huge exponent stays short ({@code 1E+2000000000}). A lone
 * surrogate in a string or key (not half of a pair) is written as its escape, <code>"&#92;ud800"</code>, so the text is
 * always valid Unicode.
 *
 * <p>Instances are immutable and thread-safe.
 */
public interface JsonCodec {

    /** The shared codec with {@link JsonLimits#DEFAULTS}. */
    static JsonCodec strict() {
        return StrictJsonCodec.DEFAULT;
    }

    /**
     * How a plain-tree value is named in error messages: {@code "null"}, {@code "a string"}, {@code "a number"},
     * {@code "a boolean"}, {@code "an object"}, {@code "an array"}, or the Java type for anything else.
     */
    static String describe(@Nullable Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof CharSequence) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof Number) {
            return "a number";
        }
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof java.util.List) {
            return "an array";
        }
        return "a " + value.getClass().getSimpleName() + " (not a JSON value)";
    }

    /** A codec with other limits. */
    static JsonCodec create(JsonLimits limits) {
        return new StrictJsonCodec(limits);
    }

    JsonLimits limits();

    /**
     * Parses one JSON value.
     *
     * @throws dev.keel.core.WireFormatException when the text is not strict JSON or passes a limit
     */
    @Nullable Object parse(String json);

    /**
     * Parses one JSON object.
     *
     * @throws dev.keel.core.WireFormatException as {@link #parse(String)}, or {@code json_not_an_object}
     */
    Map<String, Object> parseObject(String json);

    /**
     * Parses JSON and binds it to {@code type} (a record or bean). Unknown properties are refused.
     *
     * @throws dev.keel.core.WireFormatException as {@link #parse(String)}, or {@code json_binding_failed} with
     *         the JSON pointer of the offending value
     */
    <T> T read(String json, Class<T> type);

    /**
     * Binds a plain-value tree (or any value) to {@code type}, as {@link #read(String, Class)} does.
     *
     * @throws dev.keel.core.WireFormatException {@code json_binding_failed} with a JSON pointer
     */
    <T> T convert(Object value, Class<T> type);

    /** Turns a record, bean or plain value into a plain-value tree, as the writer would see it. */
    Object toPlain(Object value);

    /**
     * Compact JSON on one line.
     *
     * @throws dev.keel.core.WireFormatException {@code json_unsupported_value} for NaN, infinities, or a value
     *         nested deeper than the depth limit (a cycle, say)
     */
    String write(Object value);

    /** Indented JSON (two spaces, {@code "key": value}), for people to read. */
    String writePretty(@Nullable Object value);

    /**
     * Writes {@code value} as compact JSON on one line to {@code out}, as it goes, without closing or flushing
     * {@code out}: for a caller that bounds or streams what is written. When it fails, part of the text may have
     * been written.
     *
     * @throws dev.keel.core.WireFormatException as {@link #write(Object)}
     * @throws java.io.UncheckedIOException      when {@code out} fails (or throws an {@code IOException} to stop)
     */
    void write(Object value, java.io.Writer out);
}
