package dev.keel.core.json;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.re2j.Pattern;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AbstractKeywordValidator;
import com.networknt.schema.keyword.Keyword;
import com.networknt.schema.keyword.KeywordValidator;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import com.networknt.schema.regex.RegularExpression;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A JSON Schema (draft 2020-12) read from the class path and compiled once, validating plain trees and reporting
 * problems by JSON pointer in words for a document's author. The only class that sees the validator's types.
 * Thread-safe.
 */
final class SchemaValidator {

    /** The member of a schema object that overrides, keyword by keyword, the wording of its problems. */
    static final String MESSAGE = "message";
    /** In a {@link #MESSAGE}, stands for the offending value, shortly: {@code 'label'}, {@code the number -1}. */
    static final String VALUE = "{value}";

    private final SchemaRegistry registry;
    private final String id;
    private final JsonNode root;
    private final Map<String, Schema> parts = new ConcurrentHashMap<>();

    SchemaValidator(String resource, ClassLoader loader, Map<String, Function<String, Optional<String>>> keywords) {
        String text = read(resource, loader);
        Dialect.Builder dialect = Dialect.builder(Dialects.getDraft202012()).keyword(new NonValidationKeyword(MESSAGE));
        keywords.forEach((name, check) -> dialect.keyword(new StringKeyword(name, check)));
        for (String bound : List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")) {
            dialect.keyword(new BoundKeyword(bound));
        }
        SchemaRegistryConfig config = SchemaRegistryConfig.builder()
                .pathType(PathType.JSON_POINTER)
                // Patterns run on RE2/J: linear in the text, whatever the text.
                .regularExpressionFactory(regex -> {
                    Pattern pattern = Pattern.compile(regex);
                    return (RegularExpression) value -> pattern.matcher(value).find();
                })
                .build();
        Object declared = JsonCodec.strict().parseObject(text).get("$id");
        if (!(declared instanceof String)) {
            throw new IllegalStateException("the schema " + resource + " has no $id");
        }
        this.id = (String) declared;
        this.registry = SchemaRegistry.withDefaultDialect(dialect.build(),
                builder -> builder.schemaRegistryConfig(config).schemas(Map.of(id, text)));
        try {
            this.root = part("").getSchemaNode();
        } catch (RuntimeException e) {
            throw new IllegalStateException("the schema " + resource + " is not valid: " + e.getMessage(), e);
        }
    }

    private static String read(String resource, ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no schema at " + resource + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Schema part(String schemaPointer) {
        return parts.computeIfAbsent(schemaPointer, at -> {
            Schema schema = registry.getSchema(SchemaLocation.of(at.isEmpty() ? id : id + "#" + at));
            schema.initializeValidators();
            return schema;
        });
    }

    /** Where the schema and {@code type} disagree on members (see {@link DocumentFormat#mismatches()}). */
    List<String> mismatches(Class<?> type, UnaryOperator<String> wireName) {
        List<String> mismatches = new ArrayList<>();
        compare(root, type, "", wireName, mismatches, new IdentityHashMap<>());
        return mismatches;
    }

    private void compare(JsonNode schema, Type javaType, String at, UnaryOperator<String> wireName,
            List<String> mismatches, Map<JsonNode, Set<Type>> compared) {
        JsonNode node = resolve(schema);
        // A recursive format (a shape holds shapes) is compared once per schema part and type.
        if (!compared.computeIfAbsent(node, key -> new HashSet<>()).add(javaType)) {
            return;
        }
        Class<?> raw = javaType instanceof ParameterizedType
                ? (Class<?>) ((ParameterizedType) javaType).getRawType() : (Class<?>) javaType;
        if (raw.isRecord()) {
            JsonNode properties = node.get("properties");
            Set<String> members = new TreeSet<>(names(properties));
            members.remove("$schema");
            Map<String, Type> components = new LinkedHashMap<>();
            for (RecordComponent component : raw.getRecordComponents()) {
                JsonProperty named = component.getAccessor().getAnnotation(JsonProperty.class);
                components.put(named != null && !named.value().isEmpty() ? named.value()
                        : wireName.apply(component.getName()), component.getGenericType());
            }
            for (String member : members) {
                if (!components.containsKey(member)) {
                    mismatches.add(JsonPointers.display(at) + ": " + member + " is in the schema, not in "
                            + raw.getSimpleName());
                }
            }
            components.forEach((member, componentType) -> {
                if (members.contains(member)) {
                    compare(properties.get(member), componentType, JsonPointers.child(at, member), wireName,
                            mismatches, compared);
                } else {
                    mismatches.add(JsonPointers.display(at) + ": " + member + " is in " + raw.getSimpleName()
                            + ", not in the schema");
                }
            });
        } else if (List.class.isAssignableFrom(raw) && node.has("items")) {
            compare(node.get("items"), argument(javaType, 0), JsonPointers.child(at, "*"), wireName, mismatches,
                    compared);
        } else if (Map.class.isAssignableFrom(raw) && node.has("additionalProperties")) {
            compare(node.get("additionalProperties"), argument(javaType, 1), JsonPointers.child(at, "*"), wireName,
                    mismatches, compared);
        }
    }

    private static Type argument(Type type, int index) {
        return type instanceof ParameterizedType ? ((ParameterizedType) type).getActualTypeArguments()[index]
                : Object.class;
    }

    /** {@code schema}, or the part of this schema its local {@code $ref} names. */
    private JsonNode resolve(JsonNode schema) {
        JsonNode node = schema;
        for (int hops = 0; node != null && node.has("$ref") && hops < 32; hops++) {
            String ref = node.get("$ref").asText();
            node = ref.startsWith("#") ? root.at(ref.substring(1)) : null;
        }
        return node == null ? JsonNodeFactory.instance.objectNode() : node;
    }

    /** The problems in {@code tree} read as the part at {@code schemaPointer}, sorted, with pointers from {@code pointer}. */
    List<JsonProblem> validate(@Nullable Object tree, String schemaPointer, String pointer) {
        List<JsonProblem> problems = new ArrayList<>();
        for (Error error : part(schemaPointer).validate(node(tree))) {
            problems.add(problem(error, pointer));
        }
        List<JsonProblem> sorted = DocumentFormat.sorted(problems);
        if (sorted.size() <= JsonTreeReader.MAX_PROBLEMS) {
            return sorted;
        }
        List<JsonProblem> listed = new ArrayList<>(sorted.subList(0, JsonTreeReader.MAX_PROBLEMS));
        listed.add(new JsonProblem(pointer, "and " + (sorted.size() - JsonTreeReader.MAX_PROBLEMS)
                + " more problems"));
        return listed;
    }

    /** A plain tree as the validator's node, numbers exact. */
    private static JsonNode node(@Nullable Object value) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (value == null) {
            return nodes.nullNode();
        }
        if (value instanceof Map) {
            ObjectNode object = nodes.objectNode();
            ((Map<?, ?>) value).forEach((key, member) -> object.set(String.valueOf(key), node(member)));
            return object;
        }
        if (value instanceof List) {
            ArrayNode array = nodes.arrayNode();
            ((List<?>) value).forEach(item -> array.add(node(item)));
            return array;
        }
        if (value instanceof Number) {
            return nodes.numberNode(JsonNumbers.decimal((Number) value));
        }
        if (value instanceof Boolean) {
            return nodes.booleanNode((Boolean) value);
        }
        return nodes.textNode(value.toString());
    }

    private JsonProblem problem(Error error, String pointer) {
        String at = pointer + pointer(error.getInstanceLocation());
        String keyword = error.getKeyword();
        Optional<String> message = message(error.getSchemaLocation(), keyword)
                .map(text -> text.replace(VALUE, JsonTreeReader.describe(plain(error.getInstanceNode()))));
        switch (keyword) {
            case "required":
                return new JsonProblem(JsonPointers.child(at, property(error)), message.orElse("is required"));
            case "additionalProperties":
                return new JsonProblem(JsonPointers.child(at, property(error)),
                        message.orElse("unknown key; expected one of " + known(error.getSchemaLocation())));
            case "propertyNames":
                return new JsonProblem(JsonPointers.child(at, property(error)),
                        message.orElse("is not an allowed name"));
            default:
                return new JsonProblem(at, message.orElseGet(() -> wording(error)));
        }
    }

    private static String property(Error error) {
        if (error.getProperty() != null) {
            return error.getProperty();
        }
        Object[] arguments = error.getArguments();
        return arguments != null && arguments.length > 0 ? String.valueOf(arguments[0]) : "";
    }

    /** The default wording of a keyword's problem, in the voice of {@link JsonTreeReader}. */
    // Every keyword whose wording reads its value (limit) has one in the schema; the others do not read it.
    @SuppressWarnings("NullAway")
    private String wording(Error error) {
        JsonNode value = error.getInstanceNode();
        JsonNode limit = keywordValue(error.getSchemaLocation());
        switch (error.getKeyword()) {
            case "type":
                return "must be " + article(limit) + ", found " + JsonTreeReader.describe(plain(value));
            case "enum":
                return "must be one of " + joined(limit) + ", found " + JsonTreeReader.describe(plain(value));
            case "const":
                return "must be " + joined(limit);
            case "minLength":
                return limit.asInt() == 1 ? "must not be empty"
                        : "must be at least " + limit.asInt() + " characters long";
            case "maxLength":
                return "must be at most " + limit.asInt() + " characters long";
            case "minItems":
                return "must hold at least " + limit.asInt() + (limit.asInt() == 1 ? " entry" : " entries");
            case "maxItems":
                return "must hold at most " + limit.asInt() + (limit.asInt() == 1 ? " entry" : " entries");
            case "uniqueItems":
                return "must not repeat an entry";
            case "minProperties":
                return "must have at least " + limit.asInt() + (limit.asInt() == 1 ? " member" : " members");
            case "maxProperties":
                return "must have at most " + limit.asInt() + (limit.asInt() == 1 ? " member" : " members");
            case "minimum":
                return "must be at least " + JsonNumbers.asWritten(limit.decimalValue());
            case "maximum":
                return "must be at most " + JsonNumbers.asWritten(limit.decimalValue());
            case "exclusiveMinimum":
                return "must be more than " + JsonNumbers.asWritten(limit.decimalValue());
            case "exclusiveMaximum":
                return "must be less than " + JsonNumbers.asWritten(limit.decimalValue());
            case "pattern":
                return "must match the pattern " + limit.textValue();
            case "not":
            case "false":
                return "is not allowed here";
            default:
                Object problem = error.getDetails() == null ? null : error.getDetails().get(StringKeyword.PROBLEM);
                return problem != null ? problem.toString() : error.getMessage();
        }
    }

    private static String article(JsonNode type) {
        List<String> names = new ArrayList<>();
        for (JsonNode name : type.isArray() ? type : List.of(type)) {
            String text = name.textValue();
            names.add(("object".equals(text) || "array".equals(text) || "integer".equals(text) ? "an " : "a ")
                    + text);
        }
        return String.join(" or ", names);
    }

    private static String joined(JsonNode values) {
        List<String> texts = new ArrayList<>();
        for (JsonNode value : values.isArray() ? values : List.of(values)) {
            texts.add(value.isTextual() ? value.textValue() : value.toString());
        }
        return String.join(", ", texts);
    }

    private static @Nullable Object plain(@Nullable JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return node.isArray() ? List.of() : Map.of();
    }

    /** The schema object that holds the keyword at {@code location}. */
    private JsonNode holder(SchemaLocation location) {
        NodePath fragment = location.getFragment();
        JsonNode node = root;
        for (int i = 0; i < fragment.getNameCount() - 1 && node != null; i++) {
            Object element = fragment.getElement(i);
            node = element instanceof Integer ? node.get((Integer) element) : node.get(element.toString());
        }
        return node;
    }

    private @Nullable JsonNode keywordValue(SchemaLocation location) {
        JsonNode holder = holder(location);
        NodePath fragment = location.getFragment();
        return holder == null || fragment.getNameCount() == 0 ? null
                : holder.get(fragment.getName(fragment.getNameCount() - 1));
    }

    private Optional<String> message(SchemaLocation location, String keyword) {
        JsonNode holder = holder(location);
        JsonNode messages = holder == null ? null : holder.get(MESSAGE);
        JsonNode message = messages == null ? null : messages.get(keyword);
        return message != null && message.isTextual() ? Optional.of(message.textValue()) : Optional.empty();
    }

    private String known(SchemaLocation location) {
        JsonNode holder = holder(location);
        JsonNode properties = holder == null ? null : holder.get("properties");
        TreeSet<String> names = new TreeSet<>(names(properties));
        names.remove("$schema");
        return String.join(", ", names);
    }

    private static String pointer(NodePath path) {
        String pointer = "";
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            pointer = element instanceof Integer ? JsonPointers.child(pointer, (Integer) element)
                    : JsonPointers.child(pointer, element.toString());
        }
        return pointer;
    }

    /**
     * A bound on a number, compared exactly: the validator's own compares a decimal with a whole-number bound as a
     * {@code long}, so that 1.5 passed {@code "maximum": 1} and 1E+999999 failed to convert.
     */
    private static final class BoundKeyword implements Keyword {
        private final String name;

        BoundKeyword(String name) {
            this.name = name;
        }

        @Override
        public String getValue() {
            return name;
        }

        @Override
        public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode, Schema parent,
                com.networknt.schema.SchemaContext context) {
            if (!schemaNode.isNumber()) {
                throw new IllegalStateException(name + " at " + location + " is not a number");
            }
            BigDecimal bound = new BigDecimal(schemaNode.asText());
            return new AbstractKeywordValidator(this, schemaNode, location) {
                @Override
                public void validate(com.networknt.schema.ExecutionContext execution, JsonNode node, JsonNode root,
                        NodePath at) {
                    if (!node.isNumber()) {
                        return;
                    }
                    int order = node.decimalValue().compareTo(bound);
                    boolean passes = switch (name) {
                        case "minimum" -> order >= 0;
                        case "maximum" -> order <= 0;
                        case "exclusiveMinimum" -> order > 0;
                        default -> order < 0;
                    };
                    if (!passes) {
                        execution.addError(Error.builder().keyword(name).instanceLocation(at)
                                .schemaLocation(location).evaluationPath(execution.getEvaluationPath())
                                .instanceNode(node).message(name).build());
                    }
                }
            };
        }
    }

    /** A keyword whose rule on a string is a function: {@code "keyword": true} in the schema. */
    private static final class StringKeyword implements Keyword {
        static final String PROBLEM = "problem";

        private final String name;
        private final Function<String, Optional<String>> check;

        StringKeyword(String name, Function<String, Optional<String>> check) {
            this.name = name;
            this.check = check;
        }

        @Override
        public String getValue() {
            return name;
        }

        @Override
        public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode, Schema parent,
                com.networknt.schema.SchemaContext context) {
            return new AbstractKeywordValidator(this, schemaNode, location) {
                @Override
                public void validate(com.networknt.schema.ExecutionContext execution, JsonNode node, JsonNode root,
                        NodePath at) {
                    if (!schemaNode.asBoolean(false) || !node.isTextual()) {
                        return;
                    }
                    check.apply(node.textValue()).ifPresent(problem -> execution.addError(Error.builder()
                            .keyword(name).instanceLocation(at).schemaLocation(location)
                            .evaluationPath(execution.getEvaluationPath()).instanceNode(node)
                            .details(Map.of(PROBLEM, problem)).message(name).build()));
                }
            };
        }
    }

    /** The member names of a schema's {@code properties}, none when it has none. */
    private static List<String> names(@Nullable JsonNode properties) {
        List<String> names = new ArrayList<>();
        if (properties != null) {
            properties.fieldNames().forEachRemaining(names::add);
        }
        return names;
    }
}
