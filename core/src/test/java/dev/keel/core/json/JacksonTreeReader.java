package dev.keel.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.keel.core.WireFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The codec's parse as it was before {@link StrictJsonReader}: Jackson's strict streaming parser building the same
 * plain-value tree (objects as LinkedHashMap, which the writer keeps in order), with Jackson's limit checks mapped
 * to the codec's codes. The oracle of the differential tests; it reports only codes, not positions. One difference
 * is mapped rather than kept: where Jackson let a {@link NumberFormatException} escape for an exponent past the int
 * range ({@code 1e99999999999}), this says {@code json_malformed}, as the codec must. Immutable and thread-safe.
 */
final class JacksonTreeReader {

    private final JsonLimits limits;
    private final JsonFactory factory;

    JacksonTreeReader(JsonLimits limits) {
        this.limits = limits;
        this.factory = JsonFactory.builder().streamReadConstraints(StrictJsonCodec.readConstraints(limits)).build();
    }

    Object parse(String json) {
        if (json.length() > limits.maxDocumentLength()) {
            throw new WireFormatException("json_document_too_large", "too large");
        }
        try (JsonParser parser = factory.createParser(json)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new WireFormatException("json_malformed", "empty");
            }
            Object value = readValue(parser, first);
            if (parser.nextToken() != null) {
                throw new WireFormatException("json_trailing_content", "trailing");
            }
            return value;
        } catch (StreamConstraintsException e) {
            throw new WireFormatException(constraintCode(e.getOriginalMessage()), e.getOriginalMessage(), e);
        } catch (JsonProcessingException | NumberFormatException e) {
            throw new WireFormatException("json_malformed", e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Object readValue(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT:
                return readObject(parser);
            case START_ARRAY:
                return readArray(parser);
            case VALUE_STRING:
                return checkedString(parser.getText());
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? new BigDecimal(parser.getBigIntegerValue()) : BigDecimal.valueOf(parser.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return parser.getDecimalValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new WireFormatException("json_malformed", "unexpected token " + token);
        }
    }

    private Object readObject(JsonParser parser) throws IOException {
        LinkedHashMap<String, Object> entries = new LinkedHashMap<>();
        int count = 0;
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String key = checkedString(parser.currentName());
            entries.put(key, readValue(parser, parser.nextToken()));
            if (entries.size() < ++count) {
                throw new WireFormatException("json_duplicate_key", "duplicate key '" + key + "'");
            }
        }
        if (token != JsonToken.END_OBJECT) {
            throw new WireFormatException("json_malformed", "unterminated object");
        }
        return entries;
    }

    private List<Object> readArray(JsonParser parser) throws IOException {
        List<Object> items = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new WireFormatException("json_malformed", "unterminated array");
            }
            items.add(readValue(parser, token));
        }
        return Collections.unmodifiableList(items);
    }

    private String checkedString(String text) {
        if (text.length() > limits.maxStringLength()) {
            throw new WireFormatException("json_string_too_long", "string too long");
        }
        return text;
    }

    private static String constraintCode(String message) {
        if (message.startsWith("Document nesting depth")) {
            return "json_too_deep";
        }
        if (message.startsWith("String value length") || message.startsWith("Name length")) {
            return "json_string_too_long";
        }
        if (message.startsWith("Number value length")) {
            return "json_number_too_long";
        }
        return message.startsWith("Document length") ? "json_document_too_large" : "json_malformed";
    }
}
