package dev.keel.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.keel.core.WireFormatException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@link JsonCodec}: {@link StrictJsonReader} parses, Jackson writes and binds. Immutable and thread-safe
 * (Jackson's factory and mapper are).
 */
final class StrictJsonCodec implements JsonCodec {

    static final StrictJsonCodec DEFAULT = new StrictJsonCodec(JsonLimits.DEFAULTS);

    private final JsonLimits limits;
    private final JsonFactory factory;
    private final ObjectMapper mapper;
    private final DefaultPrettyPrinter prettyPrinter;

    StrictJsonCodec(JsonLimits limits) {
        this.limits = limits;
        this.factory = JsonFactory.builder()
                .streamReadConstraints(readConstraints(limits))
                .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(limits.maxDepth()).build())
                .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
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

    /** Jackson's read limits matching {@code limits}: for the typed reads Jackson still does (and the tests' oracle). */
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
    public Object parse(String json) {
        if (json.length() > limits.maxDocumentLength()) {
            throw new WireFormatException("json_document_too_large", "JSON document of " + json.length()
                    + " characters exceeds the limit of " + limits.maxDocumentLength());
        }
        return StrictJsonReader.read(json, limits);
    }

    private static WireFormatException malformed(JsonProcessingException e) {
        JsonLocation location = e.getLocation();
        String where = location == null || location.getLineNr() < 1 ? ""
                : "at line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
        return new WireFormatException("json_malformed", "malformed JSON " + where + e.getOriginalMessage(), e);
    }

    @Override
    public Map<String, Object> parseObject(String json) {
        Object value = parse(json);
        if (!(value instanceof Map)) {
            throw new WireFormatException("json_not_an_object", "expected a JSON object, found " + JsonCodec.describe(value));
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
        } catch (JsonMappingException e) {
            throw new WireFormatException("json_binding_failed", "invalid value at " + pointer(e.getPath())
                    + ": " + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            throw malformed(e);
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
                pointer.append(reference.getFieldName().replace("~", "~0").replace("/", "~1"));
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
        return write(value, false);
    }

    @Override
    public String writePretty(Object value) {
        return write(value, true);
    }

    private String write(Object value, boolean pretty) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = factory.createGenerator(out)) {
            if (pretty) {
                generator.setPrettyPrinter(prettyPrinter.createInstance());
            }
            writeValue(generator, value);
        } catch (StreamConstraintsException e) {
            throw new WireFormatException("json_unsupported_value",
                    "value nested deeper than " + limits.maxDepth() + " (a cycle?)", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private void writeValue(JsonGenerator generator, Object value) throws IOException {
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
                || map instanceof ParsedObject;
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

    private static void writeNumber(JsonGenerator generator, Number number) throws IOException {
        if (number instanceof BigDecimal) {
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
