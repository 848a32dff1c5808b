package dev.keel.aiservices;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The JSON shape an AI Service method's return type asks for (langchain4j's {@link JsonSchema} of it), read for
 * what governance needs: where a PARTIAL decision would withhold part of every answer of that shape, whether an
 * answer has the shape, and the schema as a JSON Schema document for the prompt. Places are JSON pointers into the
 * answer, {@code *} standing for any array item. Immutable, pure and thread-safe.
 */
final class AnswerShape {

    private static final String DEFINITIONS = "#/$defs/";

    private final JsonSchemaElement root;
    private final Map<String, JsonSchemaElement> definitions;

    private AnswerShape(JsonSchemaElement root) {
        this.root = root;
        this.definitions = root instanceof JsonObjectSchema && ((JsonObjectSchema) root).definitions() != null
                ? Map.copyOf(((JsonObjectSchema) root).definitions()) : Map.of();
    }

    static AnswerShape of(JsonSchema schema) {
        return new AnswerShape(schema.rootElement());
    }

    /**
     * Where every answer of this shape holds what PARTIAL withholds: numbers, and names or enum values that
     * {@code filtered} (the outbound filter under PARTIAL) would change. Each place is a JSON pointer and what it is;
     * the withheld text itself is never named.
     */
    List<String> withheldUnderPartial(UnaryOperator<String> filtered) {
        List<String> places = new ArrayList<>();
        withheld(root, "", filtered, places, new HashSet<>());
        return places;
    }

    private void withheld(JsonSchemaElement element, String path, UnaryOperator<String> filtered, List<String> places,
                          Set<String> visiting) {
        String at = path.isEmpty() ? "/" : path;
        if (element instanceof JsonIntegerSchema) {
            places.add(at + " is an integer");
        } else if (element instanceof JsonNumberSchema) {
            places.add(at + " is a number");
        } else if (element instanceof JsonRawSchema) {
            places.add(at + " has a shape given as raw JSON Schema, which cannot be checked");
        } else if (element instanceof JsonEnumSchema) {
            for (String value : ((JsonEnumSchema) element).enumValues()) {
                if (!filtered.apply(value).equals(value)) {
                    places.add(at + " has an enum value the outbound filter withholds");
                    break;
                }
            }
        } else if (element instanceof JsonObjectSchema) {
            Map<String, JsonSchemaElement> properties = properties((JsonObjectSchema) element);
            for (Map.Entry<String, JsonSchemaElement> property : properties.entrySet()) {
                String name = property.getKey();
                if (!filtered.apply(name).equals(name)) {
                    places.add(at + " has a property name the outbound filter withholds");
                    continue;
                }
                withheld(property.getValue(), JsonPointers.child(path, name), filtered, places, visiting);
            }
        } else if (element instanceof JsonArraySchema) {
            withheld(((JsonArraySchema) element).items(), path + "/*", filtered, places, visiting);
        } else if (element instanceof JsonAnyOfSchema) {
            for (JsonSchemaElement alternative : ((JsonAnyOfSchema) element).anyOf()) {
                withheld(alternative, path, filtered, places, visiting);
            }
        } else if (element instanceof JsonReferenceSchema) {
            String reference = ((JsonReferenceSchema) element).reference();
            JsonSchemaElement target = resolve(reference);
            if (target != null && visiting.add(reference)) {
                withheld(target, path, filtered, places, visiting);
                visiting.remove(reference);
            }
        }
        // strings, booleans and null keep their shape: the filter only rewrites a string's text
    }

    /** Where {@code value} (a plain JSON tree) first departs from this shape, and how; empty when it has it. */
    Optional<String> misfit(@Nullable Object value) {
        return Optional.ofNullable(misfit(root, value, ""));
    }

    private @Nullable String misfit(JsonSchemaElement element, @Nullable Object value, String path) {
        String at = path.isEmpty() ? "/" : path;
        if (value == null) {
            return null;
        }
        if (element instanceof JsonObjectSchema) {
            if (!(value instanceof Map)) {
                return at + ": expected an object, got " + JsonCodec.describe(value);
            }
            Map<?, ?> object = (Map<?, ?>) value;
            JsonObjectSchema schema = (JsonObjectSchema) element;
            Map<String, JsonSchemaElement> properties = properties(schema);
            if (schema.required() != null) {
                for (String required : schema.required()) {
                    if (!object.containsKey(required)) {
                        return JsonPointers.child(path, required) + ": required, missing";
                    }
                }
            }
            for (Map.Entry<?, ?> member : object.entrySet()) {
                String name = String.valueOf(member.getKey());
                JsonSchemaElement property = properties.get(name);
                if (property == null) {
                    if (!properties.isEmpty() || Boolean.FALSE.equals(schema.additionalProperties())) {
                        return at + ": has a property the schema does not name";
                    }
                    continue;
                }
                String problem = misfit(property, member.getValue(), JsonPointers.child(path, name));
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (element instanceof JsonArraySchema) {
            if (!(value instanceof List)) {
                return at + ": expected an array, got " + JsonCodec.describe(value);
            }
            List<?> items = (List<?>) value;
            for (int i = 0; i < items.size(); i++) {
                String problem = misfit(((JsonArraySchema) element).items(), items.get(i), JsonPointers.child(path, i));
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (element instanceof JsonStringSchema) {
            return value instanceof String ? null : at + ": expected a string, got " + JsonCodec.describe(value);
        }
        if (element instanceof JsonEnumSchema) {
            return value instanceof String && ((JsonEnumSchema) element).enumValues().contains(value) ? null
                    : at + ": expected one of the schema's enum values";
        }
        if (element instanceof JsonIntegerSchema) {
            return value instanceof BigDecimal && isIntegral((BigDecimal) value) ? null
                    : at + ": expected an integer, got " + JsonCodec.describe(value);
        }
        if (element instanceof JsonNumberSchema) {
            return value instanceof BigDecimal ? null : at + ": expected a number, got " + JsonCodec.describe(value);
        }
        if (element instanceof JsonBooleanSchema) {
            return value instanceof Boolean ? null : at + ": expected a boolean, got " + JsonCodec.describe(value);
        }
        if (element instanceof JsonNullSchema) {
            return at + ": expected null, got " + JsonCodec.describe(value);
        }
        if (element instanceof JsonAnyOfSchema) {
            for (JsonSchemaElement alternative : ((JsonAnyOfSchema) element).anyOf()) {
                if (misfit(alternative, value, path) == null) {
                    return null;
                }
            }
            return at + ": matches none of the schema's alternatives";
        }
        if (element instanceof JsonReferenceSchema) {
            JsonSchemaElement target = resolve(((JsonReferenceSchema) element).reference());
            return target == null ? null : misfit(target, value, path);
        }
        return null; // a raw schema: its shape is not checked
    }

    private static boolean isIntegral(BigDecimal number) {
        return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
    }

    /** The shape as a JSON Schema document (a plain JSON tree), definitions included. */
    Map<String, Object> toTree() {
        Map<String, Object> tree = tree(root);
        if (!definitions.isEmpty()) {
            Map<String, Object> defs = new LinkedHashMap<>();
            definitions.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(definition -> defs.put(definition.getKey(), tree(definition.getValue())));
            tree.put("$defs", defs);
        }
        return tree;
    }

    private Map<String, Object> tree(JsonSchemaElement element) {
        Map<String, Object> tree = new LinkedHashMap<>();
        if (element instanceof JsonObjectSchema) {
            JsonObjectSchema object = (JsonObjectSchema) element;
            tree.put("type", "object");
            describe(tree, object.description());
            Map<String, Object> properties = new LinkedHashMap<>();
            properties(object).forEach((name, property) -> properties.put(name, tree(property)));
            tree.put("properties", properties);
            if (object.required() != null && !object.required().isEmpty()) {
                tree.put("required", object.required());
            }
            if (object.additionalProperties() != null) {
                tree.put("additionalProperties", object.additionalProperties());
            }
        } else if (element instanceof JsonArraySchema) {
            tree.put("type", "array");
            describe(tree, ((JsonArraySchema) element).description());
            tree.put("items", tree(((JsonArraySchema) element).items()));
        } else if (element instanceof JsonStringSchema) {
            tree.put("type", "string");
            describe(tree, ((JsonStringSchema) element).description());
        } else if (element instanceof JsonEnumSchema) {
            tree.put("type", "string");
            describe(tree, ((JsonEnumSchema) element).description());
            tree.put("enum", ((JsonEnumSchema) element).enumValues());
        } else if (element instanceof JsonIntegerSchema) {
            tree.put("type", "integer");
            describe(tree, ((JsonIntegerSchema) element).description());
        } else if (element instanceof JsonNumberSchema) {
            tree.put("type", "number");
            describe(tree, ((JsonNumberSchema) element).description());
        } else if (element instanceof JsonBooleanSchema) {
            tree.put("type", "boolean");
            describe(tree, ((JsonBooleanSchema) element).description());
        } else if (element instanceof JsonNullSchema) {
            tree.put("type", "null");
        } else if (element instanceof JsonAnyOfSchema) {
            describe(tree, ((JsonAnyOfSchema) element).description());
            List<Object> alternatives = new ArrayList<>();
            ((JsonAnyOfSchema) element).anyOf().forEach(alternative -> alternatives.add(tree(alternative)));
            tree.put("anyOf", alternatives);
        } else if (element instanceof JsonReferenceSchema) {
            String reference = ((JsonReferenceSchema) element).reference();
            tree.put("$ref", reference.startsWith(DEFINITIONS) ? reference : DEFINITIONS + reference);
        } else if (element instanceof JsonRawSchema) {
            Object raw = JsonCodec.strict().parse(((JsonRawSchema) element).schema());
            if (raw instanceof Map) {
                ((Map<?, ?>) raw).forEach((key, value) -> tree.put(String.valueOf(key), value));
            }
        }
        return tree;
    }

    private static void describe(Map<String, Object> tree, String description) {
        if (description != null && !description.isBlank()) {
            tree.put("description", description);
        }
    }

    private static Map<String, JsonSchemaElement> properties(JsonObjectSchema object) {
        return object.properties() == null ? Map.of() : object.properties();
    }

    private @Nullable JsonSchemaElement resolve(String reference) {
        return definitions.get(reference.startsWith(DEFINITIONS) ? reference.substring(DEFINITIONS.length())
                : reference);
    }
}
