package dev.keel.stage;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Translates a contract's output shape into JSON Schema (draft 2020-12). What JSON Schema cannot express
 * (two-decimal scores as written, session continuity, the rules, {@code nextStep} branches, unique_by) is left
 * out; see {@link StageContract#outputJsonSchema()}. Pure; thread-safe.
 */
final class OutputJsonSchema {

    private static final BigDecimal SCORE_STEP = new BigDecimal("0.01");

    private OutputJsonSchema() {
    }

    static Map<String, Object> of(StageContract contract) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("title", contract.id());
        schema.putAll(shape(contract.outputShape()));
        return schema;
    }

    private static Map<String, Object> shape(Shape shape) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (shape instanceof Shape.AnyShape) {
            return out;
        }
        if (shape instanceof Shape.NullShape) {
            out.put("type", "null");
            return out;
        }
        if (shape instanceof Shape.StringShape) {
            Shape.StringShape string = (Shape.StringShape) shape;
            out.put("type", type("string", shape.nullable()));
            if (string.nonBlank()) {
                // ECMAScript \S: at least one character that is not white space.
                out.put("pattern", "\\S");
            }
            if (!string.values().isEmpty()) {
                List<Object> values = new ArrayList<>(string.values());
                if (shape.nullable()) {
                    values.add(null);
                }
                out.put("enum", values);
            }
        } else if (shape instanceof Shape.BooleanShape) {
            out.put("type", type("boolean", shape.nullable()));
        } else if (shape instanceof Shape.IntegerShape) {
            out.put("type", type("integer", shape.nullable()));
            BigDecimal minimum = ((Shape.IntegerShape) shape).minimum();
            if (minimum != null) {
                out.put("minimum", minimum);
            }
        } else if (shape instanceof Shape.ScoreShape) {
            out.put("type", type("number", shape.nullable()));
            BigDecimal minimum = ((Shape.ScoreShape) shape).minimum();
            out.put("minimum", minimum == null ? BigDecimal.ZERO : minimum);
            out.put("maximum", BigDecimal.ONE);
            out.put("multipleOf", SCORE_STEP);
        } else if (shape instanceof Shape.ObjectShape) {
            Shape.ObjectShape object = (Shape.ObjectShape) shape;
            out.put("type", type("object", shape.nullable()));
            Map<String, Object> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (Shape.Field field : object.fields()) {
                properties.put(field.name(), shape(field.shape()));
                if (field.required()) {
                    required.add(field.name());
                }
            }
            out.put("properties", properties);
            out.put("required", required);
            out.put("additionalProperties", object.additionalProperties());
        } else if (shape instanceof Shape.ArrayShape) {
            Shape.ArrayShape array = (Shape.ArrayShape) shape;
            out.put("type", type("array", shape.nullable()));
            out.put("items", shape(array.items()));
            if (array.minItems() > 0) {
                out.put("minItems", array.minItems());
            }
            if (array.uniqueItems()) {
                out.put("uniqueItems", true);
            }
        } else if (shape instanceof Shape.MapShape) {
            Shape.MapShape map = (Shape.MapShape) shape;
            out.put("type", type("object", shape.nullable()));
            out.put("additionalProperties", shape(map.values()));
            if (map.minEntries() > 0) {
                out.put("minProperties", map.minEntries());
            }
        }
        return out;
    }

    private static Object type(String type, boolean nullable) {
        return nullable ? List.of(type, "null") : type;
    }
}
