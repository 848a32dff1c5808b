package dev.keel.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.keel.core.WireFormatException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The {@link JsonCodec} on Jackson: its streaming parser reads (with {@link StreamReadConstraints} for the limits and
 * strict duplicate detection), its generator writes, its mapper binds. Immutable and thread-safe (Jackson's factory
 * and mapper are).
 */
final class StrictJsonCodec implements JsonCodec {

    static final StrictJsonCodec DEFAULT = new StrictJsonCodec(JsonLimits.DEFAULTS);

    /** Longest detail taken from a parser message (they quote the offending token). */
    private static final int MAX_DETAIL_LENGTH = 200;
    /** Longest key quoted in a duplicate-key message. */
    private static final int MAX_QUOTED_KEY_LENGTH = 80;
    private static final Pattern FIRST_COUNT = Pattern.compile("\\((\\d+)\\)");

    private final JsonLimits limits;
    private final JsonFactory factory;
    private final ObjectMapper mapper;
    private final DefaultPrettyPrinter prettyPrinter;

    StrictJsonCodec(JsonLimits limits) {
        this.limits = limits;
        this.factory = JsonFactory.builder()
                .streamReadConstraints(readConstraints(limits))
                .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(limits.maxDepth()).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                // Positions are reported as line and column; the document itself never goes into a message.
                .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                // BigDecimal.toString: 1E+2000000000 stays 14 characters (plain notation would expand it).
                .disable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .build();
        this.mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        this.prettyPrinter = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        this.prettyPrinter.indentObjectsWith(indenter);
        this.prettyPrinter.indentArraysWith(indenter);
    }

    /** Jackson's read limits matching {@code limits}. */
    static StreamReadConstraints readConstraints(JsonLimits limits) {
        return StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxDepth())
                .maxStringLength(limits.maxStringLength())
                .maxNameLength(limits.maxStringLength())
                .maxNumberLength(limits.maxNumberLength())
                .maxDocumentLength(limits.maxDocumentLength())
                .build();
    }

    @Override
    public JsonLimits limits() {
        return limits;
    }

    // ---- reading ----

    @Override
    public @Nullable Object parse(String json) {
        if (json.length() > limits.maxDocumentLength()) {
            throw new WireFormatException("json_document_too_large", "JSON document of " + json.length()
                    + " characters exceeds the limit of " + limits.maxDocumentLength());
        }
        checkUnicodeEscapes(json);
        try (JsonParser parser = factory.createParser(json)) {
            try {
                return readDocument(parser);
            } catch (StreamConstraintsException e) {
                throw overLimit(e, parser.currentLocation());
            } catch (JsonProcessingException e) {
                throw malformed(e, parser.currentLocation());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a parser over a String reads nothing outside it
        }
    }

    /**
     * Refuses a backslash-u escape with a non-ASCII character among its four hex digits, which Jackson would take by
     * the character's low byte (<code>&#92;u004</code> followed by U+0661 as {@code J}). An escape is a backslash-u
     * after an odd run of backslashes; a backslash outside a string is refused by the parser anyway.
     */
    private static void checkUnicodeEscapes(String json) {
        for (int at = json.indexOf('\\'); at >= 0; at = json.indexOf('\\', at)) {
            int run = at;
            while (run < json.length() && json.charAt(run) == '\\') {
                run++;
            }
            if ((run - at) % 2 == 1 && run < json.length() && json.charAt(run) == 'u') {
                for (int digit = run + 1; digit < Math.min(run + 5, json.length()); digit++) {
                    char c = json.charAt(digit);
                    if (c >= 0x80) {
                        throw new WireFormatException("json_malformed", "malformed JSON " + where(json, digit)
                                + ": expected a hex digit (0-9, a-f, A-F) in a \\u escape");
                    }
                }
            }
            at = run;
        }
    }

    /** "at line L, column C" of the character at {@code offset}, lines ending at LF, CR or CRLF as Jackson counts. */
    private static String where(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return "at line " + line + ", column " + (offset - lineStart + 1);
    }

    private @Nullable Object readDocument(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            throw new WireFormatException("json_malformed", "malformed JSON " + where(parser.currentLocation())
                    + ": empty JSON document");
        }
        Object value = readValue(parser, first);
        if (parser.nextToken() != null) {
            throw new WireFormatException("json_trailing_content", "unexpected content after the JSON value "
                    + where(parser.currentTokenLocation()));
        }
        return value;
    }

    /** The value whose first token is {@code token}; Jackson has checked the structure and the limits on the way. */
    private @Nullable Object readValue(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                LinkedHashMap<String, Object> members = new LinkedHashMap<>();
                JsonToken next;
                while ((next = parser.nextToken()) == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    members.put(key, readValue(parser, nextOf(parser)));
                }
                if (next != JsonToken.END_OBJECT) {
                    throw unexpectedEnd(parser);
                }
                return new OrderedObject(members);
            }
            case START_ARRAY: {
                List<Object> items = new ArrayList<>();
                JsonToken next;
                while ((next = nextOf(parser)) != JsonToken.END_ARRAY) {
                    items.add(readValue(parser, next));
                }
                return Collections.unmodifiableList(items);
            }
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return readNumber(parser);
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new WireFormatException("json_malformed", "malformed JSON " + where(parser.currentTokenLocation())
                        + ": unexpected " + token);
        }
    }

    private static JsonToken nextOf(JsonParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw unexpectedEnd(parser);
        }
        return token;
    }

    private static WireFormatException unexpectedEnd(JsonParser parser) {
        return new WireFormatException("json_malformed", "malformed JSON " + where(parser.currentLocation())
                + ": unexpected end of input");
    }

    /**
     * The number token as an exact {@link BigDecimal}, read from its text (never through a double): integers with
     * scale 0, decimals with the scale they were written with, and a number written with an exponent as an
     * {@link ExponentDecimal}. Its digits and its scale are checked here, so no number that passes can be expanded
     * into a huge string.
     */
    private BigDecimal readNumber(JsonParser parser) throws IOException {
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        int length = parser.getTextLength();
        int digits = 0;
        boolean exponent = false;
        for (int i = offset; i < offset + length; i++) {
            char c = chars[i];
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == 'e' || c == 'E') {
                exponent = true;
            }
        }
        if (digits > limits.maxNumberLength()) {
            throw new WireFormatException("json_number_too_long", "number of " + digits
                    + " digits exceeds the limit of " + limits.maxNumberLength() + " "
                    + where(parser.currentTokenLocation()));
        }
        BigDecimal value;
        try {
            value = new BigDecimal(chars, offset, length);
        } catch (NumberFormatException e) {
            value = null; // an exponent past what a BigDecimal holds
        }
        if (value == null || Math.abs((long) value.scale()) > limits.maxNumberScale()) {
            throw new WireFormatException("json_number_out_of_range", "number "
                    + JsonNumbers.shorten(new String(chars, offset, length))
                    + " is out of range: its scale exceeds the limit of ±" + limits.maxNumberScale() + " "
                    + where(parser.currentTokenLocation()));
        }
        return exponent ? new ExponentDecimal(value.unscaledValue(), value.scale(), new String(chars, offset, length))
                : value;
    }

    /** A Jackson read limit, with the code of the matching {@link JsonLimits} limit. */
    private WireFormatException overLimit(StreamConstraintsException e, JsonLocation location) {
        String message = String.valueOf(e.getOriginalMessage());
        Matcher count = FIRST_COUNT.matcher(message);
        String found = count.find() ? " " + count.group(1) : "";
        String code;
        String what;
        if (message.startsWith("Document nesting depth")) {
            code = "json_too_deep";
            what = "nesting depth" + found + " exceeds the limit of " + limits.maxDepth();
        } else if (message.startsWith("String value length") || message.startsWith("Name length")) {
            code = "json_string_too_long";
            what = (message.startsWith("Name") ? "key" : "string")
                    + (found.isEmpty() ? "" : " of" + found + " characters") + " exceeds the limit of "
                    + limits.maxStringLength();
        } else if (message.startsWith("Number value length")) {
            code = "json_number_too_long";
            what = "number" + (found.isEmpty() ? "" : " of" + found + " digits") + " exceeds the limit of "
                    + limits.maxNumberLength();
        } else if (message.startsWith("Document length")) {
            code = "json_document_too_large";
            what = "JSON document exceeds the limit of " + limits.maxDocumentLength() + " characters";
        } else {
            code = "json_malformed";
            what = "malformed JSON: a read limit was exceeded";
        }
        return new WireFormatException(code, what + " " + where(location), e);
    }

    /** Malformed text, or a repeated key (which Jackson's strict duplicate detection reports as a parse error). */
    private static WireFormatException malformed(JsonProcessingException e, @Nullable JsonLocation current) {
        JsonLocation location = e.getLocation() != null && e.getLocation().getLineNr() > 0 ? e.getLocation() : current;
        String message = String.valueOf(e.getOriginalMessage());
        String duplicate = "Duplicate field '";
        if (message.startsWith(duplicate) && message.endsWith("'")) {
            String key = message.substring(duplicate.length(), message.length() - 1);
            String shown = key.length() <= MAX_QUOTED_KEY_LENGTH ? key
                    : key.substring(0, MAX_QUOTED_KEY_LENGTH) + "...";
            return new WireFormatException("json_duplicate_key", "duplicate key '" + shown + "' " + where(location), e);
        }
        return new WireFormatException("json_malformed", "malformed JSON " + where(location) + ": " + detail(message),
                e);
    }

    /**
     * Jackson's description of a syntax error, without what concerns Jackson rather than the document: where the
     * source is ({@code [Source: ...]}) and which parser feature would have allowed it.
     */
    static String detail(String message) {
        String detail = message;
        int source = detail.indexOf("[Source:");
        if (source >= 0) {
            detail = detail.substring(0, source);
            int open = detail.lastIndexOf(" (");
            detail = open >= 0 ? detail.substring(0, open) : detail;
        }
        for (String hint : new String[] {": enable `", " (not recognized as one since", "; enable `", " enable `"}) {
            int at = detail.indexOf(hint);
            if (at >= 0) {
                detail = detail.substring(0, at);
            }
        }
        // Jackson runs two of its end-of-input messages together.
        detail = detail.replace("end-of-inputNo", "end-of-input: no")
                .replace("end-of-inputexpected", "end-of-input: expected").strip();
        if (detail.isEmpty()) {
            return "not strict JSON";
        }
        if (detail.length() > MAX_DETAIL_LENGTH) {
            detail = detail.substring(0, MAX_DETAIL_LENGTH) + "...";
        }
        return Character.toLowerCase(detail.charAt(0)) + detail.substring(1);
    }

    /** "at line L, column C", lines ending at LF, CR or CRLF. */
    private static String where(@Nullable JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? "at an unknown position"
                : "at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    @Override
    public Map<String, Object> parseObject(String json) {
        Object value = parse(json);
        if (!(value instanceof Map)) {
            throw new WireFormatException("json_not_an_object", "expected a JSON object, found "
                    + JsonCodec.describe(value));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) value;
        return object;
    }

    // ---- binding ----

    @Override
    public <T> T read(String json, Class<T> type) {
        parse(json); // our limits and error codes first; binding below sees only valid JSON
        try {
            return mapper.readValue(json, type);
        } catch (UnrecognizedPropertyException e) {
            throw new WireFormatException("json_binding_failed", "unknown property at " + pointer(e.getPath())
                    + "; expected one of " + e.getKnownPropertyIds(), e);
        } catch (JsonMappingException e) {
            throw new WireFormatException("json_binding_failed", "invalid value at " + pointer(e.getPath())
                    + ": " + detail(String.valueOf(e.getOriginalMessage())), e);
        } catch (JsonProcessingException e) {
            throw malformed(e, null);
        }
    }

    /** Goes through text so that integral numbers bind to int fields and 7.5 does not. */
    @Override
    public <T> T convert(Object value, Class<T> type) {
        return read(write(value), type);
    }

    private static String pointer(List<JsonMappingException.Reference> path) {
        if (path.isEmpty()) {
            return "/";
        }
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference reference : path) {
            pointer.append('/');
            if (reference.getFieldName() != null) {
                pointer.append(JsonPointers.escape(reference.getFieldName()));
            } else {
                pointer.append(reference.getIndex());
            }
        }
        return pointer.toString();
    }

    @Override
    public Object toPlain(Object value) {
        if (isPlainLeaf(value) || value instanceof Map || value instanceof Iterable || value.getClass().isArray()) {
            return value;
        }
        if (value instanceof Enum) {
            return ((Enum<?>) value).name();
        }
        try {
            return mapper.convertValue(value, Object.class);
        } catch (IllegalArgumentException e) {
            throw new WireFormatException("json_unsupported_value", "cannot write a "
                    + value.getClass().getName() + " as JSON: " + e.getMessage(), e);
        }
    }

    // ---- writing ----

    @Override
    public String write(Object value) {
        StringWriter out = new StringWriter();
        write(value, out, false);
        return out.toString();
    }

    @Override
    public String writePretty(@Nullable Object value) {
        StringWriter out = new StringWriter();
        write(value, out, true);
        return out.toString();
    }

    @Override
    public void write(Object value, Writer out) {
        write(value, out, false);
    }

    private void write(@Nullable Object value, Writer out, boolean pretty) {
        LoneSurrogateEscaper escaper = new LoneSurrogateEscaper(out);
        try {
            try (JsonGenerator generator = factory.createGenerator(escaper)) {
                if (pretty) {
                    generator.setPrettyPrinter(prettyPrinter.createInstance());
                }
                writeValue(generator, value);
            }
            escaper.finish();
        } catch (StreamConstraintsException e) {
            throw new WireFormatException("json_unsupported_value",
                    "value nested deeper than " + limits.maxDepth() + " (a cycle?)", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeValue(JsonGenerator generator, @Nullable Object value) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof CharSequence) {
            generator.writeString(value.toString());
        } else if (value instanceof Boolean) {
            generator.writeBoolean((Boolean) value);
        } else if (value instanceof Number) {
            writeNumber(generator, (Number) value);
        } else if (value instanceof Map) {
            writeObject(generator, (Map<?, ?>) value);
        } else if (value instanceof Iterable) {
            generator.writeStartArray();
            for (Object item : (Iterable<?>) value) {
                writeValue(generator, item);
            }
            generator.writeEndArray();
        } else if (value.getClass().isArray()) {
            generator.writeStartArray();
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                writeValue(generator, Array.get(value, i));
            }
            generator.writeEndArray();
        } else {
            writeValue(generator, toPlain(value));
        }
    }

    private void writeObject(JsonGenerator generator, Map<?, ?> map) throws IOException {
        generator.writeStartObject();
        Map<?, ?> ordered = hasDefinedOrder(map) ? map : sortedByKey(map);
        for (Map.Entry<?, ?> entry : ordered.entrySet()) {
            Object key = entry.getKey();
            if (key == null) {
                throw new WireFormatException("json_unsupported_value", "a JSON object key cannot be null");
            }
            generator.writeFieldName(key instanceof Enum ? ((Enum<?>) key).name() : key.toString());
            writeValue(generator, entry.getValue());
        }
        generator.writeEndObject();
    }

    private static boolean hasDefinedOrder(Map<?, ?> map) {
        return map instanceof LinkedHashMap || map instanceof SortedMap || map instanceof EnumMap
                || map instanceof OrderedObject;
    }

    private static Map<String, Object> sortedByKey(Map<?, ?> map) {
        TreeMap<String, Object> sorted = new TreeMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (entry.getKey() == null) {
                throw new WireFormatException("json_unsupported_value", "a JSON object key cannot be null");
            }
            sorted.put(entry.getKey().toString(), entry.getValue());
        }
        return sorted;
    }

    private static long digits(String number) {
        return number.chars().filter(c -> c >= '0' && c <= '9').count();
    }

    private static void writeNumber(JsonGenerator generator, Number number) throws IOException {
        if (number instanceof ExponentDecimal && digits(number.toString()) > digits(((ExponentDecimal) number).text())) {
            // As it was read when its usual form is longer, so that it reads back within the limits it passed:
            // 10804899314e1 would otherwise be written 1.0804899314E+11, two digits longer.
            generator.writeNumber(((ExponentDecimal) number).text());
        } else if (number instanceof BigDecimal) {
            generator.writeNumber((BigDecimal) number);
        } else if (number instanceof BigInteger) {
            generator.writeNumber((BigInteger) number);
        } else if (number instanceof Double || number instanceof Float) {
            double d = number.doubleValue();
            if (!Double.isFinite(d)) {
                throw new WireFormatException("json_unsupported_value", "JSON has no " + d);
            }
            if (number instanceof Float) {
                generator.writeNumber(number.floatValue());
            } else {
                generator.writeNumber(d);
            }
        } else {
            generator.writeNumber(number.longValue());
        }
    }

    private static boolean isPlainLeaf(Object value) {
        return value == null || value instanceof CharSequence || value instanceof Number || value instanceof Boolean;
    }
}
