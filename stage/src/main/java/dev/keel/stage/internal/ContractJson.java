package dev.keel.stage.internal;

import dev.keel.core.InvalidContractException;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.stage.Condition;
import dev.keel.stage.KnownEntities;
import dev.keel.stage.NextStepRule;
import dev.keel.stage.Pointer;
import dev.keel.stage.SessionFields;
import dev.keel.stage.Shape;
import dev.keel.stage.StageContract;
import dev.keel.stage.StageKind;
import dev.keel.stage.StageRule;
import dev.keel.stage.StateSlice;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JSON form of a stage contract (documented in {@code docs/stage-runtime.md}): reading from and writing to
 * plain-value trees. Reading is strict: unknown keys, wrong types and missing keys are refused, all at once, with an
 * {@link InvalidContractException} whose message names each offending value by JSON pointer, the first one first;
 * {@code $schema} is accepted at the root. Pure; thread-safe.
 */
public final class ContractJson {

    private ContractJson() {
    }

    // ---- reading ----

    /** The keys only a model stage has. */
    private static final List<String> MODEL_KEYS = List.of("session_fields", "output", "rules", "state_merge");
    /** The largest {@code min_items} or {@code min_entries}. */
    private static final int MAX_COUNT = 1_000_000;

    /**
     * Reads a contract: every problem of its JSON form at once, then what the contract itself checks.
     *
     * @throws InvalidContractException whose message starts with the JSON pointer of the (first) offending value
     */
    public static StageContract read(Map<String, Object> tree) {
        return JsonTreeReader.read(tree, ContractJson::contract,
                problems -> new InvalidContractException(JsonProblem.describe(null, problems))).build();
    }

    /** The contract's builder; what it holds is only complete when no problem was found. */
    private static StageContract.Builder contract(Value value) {
        ObjectValue root = value.object("id", "kind", "purpose", "directive", "inputs", "session_fields", "output",
                "rules", "next_step", "state_merge");
        String id = root.required("id").string();
        StageKind kind = root.required("kind").enumValue(StageKind.class, StageKind::wireName);
        StageContract.Builder b = StageContract.builder(id).kind(kind)
                .purpose(root.optional("purpose").string())
                .directive(text(root.optional("directive")));
        for (Value item : root.optional("inputs").items()) {
            ObjectValue slot = item.object("slot", "required");
            String name = slot.required("slot").nonBlankString();
            Boolean required = slot.required("required").bool();
            if (name != null && required != null) {
                b.input(name, required);
            }
        }
        if (kind != null && kind != StageKind.MODEL) {
            for (String key : MODEL_KEYS) {
                if (root.has(key)) {
                    root.optional(key).problem("a " + kind.wireName() + " stage has no model output, so no " + key);
                }
            }
        } else {
            boolean model = kind == StageKind.MODEL;
            b.sessionFields(member(root, "session_fields", model)
                    .enumValue(SessionFields.class, SessionFields::wireName));
            Value outputValue = member(root, "output", model);
            Shape output = readShape(outputValue);
            if (output instanceof Shape.ObjectShape) {
                b.output((Shape.ObjectShape) output);
            } else if (output != null) {
                outputValue.problem("the output of a stage is an object shape");
            }
            for (Value rule : root.optional("rules").items()) {
                Optional.ofNullable(readRule(rule)).ifPresent(b::rule);
            }
            for (Value slice : root.optional("state_merge").items()) {
                Optional.ofNullable(readSlice(slice)).ifPresent(b::mergeSlice);
            }
        }
        boolean nextStepRequired = kind != null && kind != StageKind.END;
        Optional.ofNullable(readNextStep(member(root, "next_step", nextStepRequired))).ifPresent(b::nextStep);
        return b;
    }

    /** The member {@code key}, required or optional. */
    private static Value member(ObjectValue object, String key, boolean required) {
        return required ? object.required(key) : object.optional(key);
    }

    /** A string, or an array of lines joined with line feeds. */
    private static String text(Value value) {
        if (!(value.raw() instanceof List)) {
            return value.string();
        }
        List<String> lines = value.strings();
        return lines == null ? null : String.join("\n", lines);
    }

    /** The shape at {@code value}; null when it is absent or a problem was found in it. */
    static Shape readShape(Value value) {
        ObjectValue node = value.anyObject();
        String type = node.required("type").string();
        if (type == null) {
            return null;
        }
        Shape shape;
        switch (type) {
            case "any":
                node.only("type");
                return node.build(Shape::any);
            case "null":
                node.only("type");
                return node.build(Shape::nullValue);
            case "string": {
                node.only("type", "nullable", "non_blank", "enum");
                List<String> values = node.optional("enum").strings();
                boolean nonBlank = node.optional("non_blank").bool(false);
                shape = node.build(() -> new Shape.StringShape(false, nonBlank, values == null ? List.of() : values));
                break;
            }
            case "boolean":
                node.only("type", "nullable");
                shape = node.build(Shape::bool);
                break;
            case "integer": {
                node.only("type", "nullable", "minimum");
                BigDecimal minimum = node.optional("minimum").decimal();
                shape = node.build(() -> new Shape.IntegerShape(false, minimum));
                break;
            }
            case "score": {
                node.only("type", "nullable", "minimum");
                BigDecimal minimum = node.optional("minimum").decimal();
                shape = node.build(() -> new Shape.ScoreShape(false, minimum));
                break;
            }
            case "object":
                shape = readObjectShape(node);
                break;
            case "array": {
                node.only("type", "nullable", "items", "min_items", "unique", "unique_by");
                Value itemsValue = node.optional("items");
                Shape items = itemsValue.isPresent() ? readShape(itemsValue) : Shape.any();
                Integer minItems = node.optional("min_items").integer(0, MAX_COUNT);
                boolean unique = node.optional("unique").bool(false);
                String uniqueBy = node.optional("unique_by").string();
                shape = node.build(() -> new Shape.ArrayShape(false, items, minItems == null ? 0 : minItems, unique,
                        uniqueBy));
                break;
            }
            case "map": {
                node.only("type", "nullable", "values", "min_entries");
                Value valuesValue = node.optional("values");
                Shape values = valuesValue.isPresent() ? readShape(valuesValue) : Shape.any();
                Integer minEntries = node.optional("min_entries").integer(0, MAX_COUNT);
                shape = node.build(() -> new Shape.MapShape(false, values, minEntries == null ? 0 : minEntries));
                break;
            }
            default:
                node.required("type").problem("unknown shape type " + JsonTreeReader.describe(type)
                        + "; known: any, null, string, boolean, integer, score, object, array, map");
                return null;
        }
        boolean nullable = node.optional("nullable").bool(false);
        return shape != null && nullable ? shape.orNull() : shape;
    }

    private static Shape readObjectShape(ObjectValue node) {
        node.only("type", "nullable", "properties", "required", "additional_properties");
        ObjectValue properties = node.required("properties").anyObject();
        Set<String> required = new HashSet<>();
        for (Value item : node.required("required").items()) {
            String name = item.string();
            if (name == null || !properties.isPresent()) {
                continue;
            }
            if (!properties.has(name)) {
                item.problem(JsonTreeReader.describe(name) + " is required but not among the properties");
            } else if (!required.add(name)) {
                item.problem(JsonTreeReader.describe(name) + " is listed twice");
            }
        }
        List<Shape.Field> fields = new ArrayList<>();
        for (String name : properties.keys()) {
            Value property = properties.required(name);
            Shape shape = readShape(property);
            Optional.ofNullable(property.build(() -> new Shape.Field(name, shape, required.contains(name))))
                    .ifPresent(fields::add);
        }
        boolean additional = node.optional("additional_properties").bool(false);
        return node.build(() -> new Shape.ObjectShape(false, fields, additional));
    }

    private static StageRule readRule(Value value) {
        ObjectValue node = value.anyObject();
        String rule = node.required("rule").string();
        if (rule == null) {
            return null;
        }
        switch (rule) {
            case "count_equals_length": {
                node.only("rule", "count", "of");
                Pointer count = pointer(node.required("count"));
                Pointer of = pointer(node.required("of"));
                return node.build(() -> new StageRule.CountEqualsLength(count, of));
            }
            case "member_of": {
                node.only("rule", "path", "values");
                Pointer path = pointer(node.required("path"));
                Pointer values = pointer(node.required("values"));
                return node.build(() -> new StageRule.MemberOf(path, values));
            }
            case "when": {
                node.only("rule", "if", "path", "shape");
                Condition condition = readCondition(node.required("if"));
                Pointer path = pointer(node.required("path"));
                Shape shape = readShape(node.required("shape"));
                return node.build(() -> new StageRule.When(condition, path, shape));
            }
            case "state_equals": {
                node.only("rule", "state", "equals");
                Pointer state = pointer(node.required("state"));
                Object equals = node.required("equals").scalar();
                return node.build(() -> new StageRule.StateEquals(
                        new Condition(Condition.Source.STATE, state, equals)));
            }
            case "sources_cover_mentions": {
                node.only("rule", "text", "sources", "key", "entity", "known");
                Pointer text = pointer(node.required("text"));
                Pointer sources = pointer(node.required("sources"));
                String key = node.required("key").string();
                String entity = node.required("entity").string();
                List<KnownEntities> known = node.required("known").list(item -> {
                    ObjectValue place = item.object("state", "id", "names");
                    Pointer state = pointer(place.required("state"));
                    String idProperty = place.optional("id").string();
                    List<String> names = place.optional("names").strings();
                    return place.build(() -> new KnownEntities(state, idProperty, names == null ? List.of() : names));
                });
                return node.build(() -> new StageRule.SourcesCoverMentions(text, sources, key, entity, known));
            }
            default:
                node.required("rule").problem("unknown rule " + JsonTreeReader.describe(rule)
                        + "; known: count_equals_length, member_of, when, state_equals, sources_cover_mentions");
                return null;
        }
    }

    private static Condition readCondition(Value value) {
        ObjectValue node = value.object("output", "state", "equals");
        if (node.isPresent() && node.has("output") == node.has("state")) {
            node.problem("a condition reads either \"output\" or \"state\"");
            return null;
        }
        Condition.Source source = node.has("output") ? Condition.Source.OUTPUT : Condition.Source.STATE;
        Pointer pointer = pointer(node.required(source.wireName()));
        Object equals = node.required("equals").scalar();
        return node.build(() -> new Condition(source, pointer, equals));
    }

    private static NextStepRule readNextStep(Value value) {
        ObjectValue node = value.object("allowed", "branches", "otherwise");
        List<String> allowed = node.required("allowed").strings();
        List<NextStepRule.Branch> branches = new ArrayList<>();
        for (Value item : node.optional("branches").items()) {
            ObjectValue branch = item.object("if", "then");
            Condition condition = readCondition(branch.required("if"));
            String then = branch.required("then").string();
            Optional.ofNullable(branch.build(() -> new NextStepRule.Branch(condition, then))).ifPresent(branches::add);
        }
        String otherwise = node.optional("otherwise").string();
        return node.build(() -> new NextStepRule(allowed, branches, otherwise));
    }

    private static StateSlice readSlice(Value value) {
        ObjectValue node = value.object("into", "from", "fields");
        String into = node.required("into").string();
        Value fromValue = node.optional("from");
        Pointer from = fromValue.isPresent() ? pointer(fromValue) : null;
        Map<String, Pointer> fields = node.optional("fields").map(ContractJson::pointer);
        return node.build(() -> new StateSlice(into, from, fields == null ? Map.of() : fields));
    }

    /** A string that is a JSON pointer. */
    private static Pointer pointer(Value value) {
        String text = value.string();
        return text == null ? null : value.build(() -> Pointer.of(text));
    }

    // ---- writing ----

    public static Map<String, Object> write(StageContract contract) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", contract.id());
        out.put("kind", contract.kind().wireName());
        if (!contract.purpose().isEmpty()) {
            out.put("purpose", contract.purpose());
        }
        if (!contract.directive().isEmpty()) {
            String directive = contract.directive();
            out.put("directive", directive.indexOf('\n') < 0 ? directive : List.of(directive.split("\n", -1)));
        }
        if (!contract.inputs().isEmpty()) {
            List<Object> inputs = new ArrayList<>();
            contract.inputs().forEach(slot -> inputs.add(ordered("slot", slot.name(), "required", slot.required())));
            out.put("inputs", inputs);
        }
        if (contract.kind() == StageKind.MODEL) {
            out.put("session_fields", contract.sessionFields().wireName());
            out.put("output", writeShape(contract.output()));
        }
        if (!contract.rules().isEmpty()) {
            List<Object> rules = new ArrayList<>();
            contract.rules().forEach(rule -> rules.add(writeRule(rule)));
            out.put("rules", rules);
        }
        if (contract.kind() != StageKind.END) {
            out.put("next_step", writeNextStep(contract.nextStep()));
        }
        if (!contract.stateMerge().isEmpty()) {
            List<Object> slices = new ArrayList<>();
            for (StateSlice slice : contract.stateMerge()) {
                Map<String, Object> written = ordered("into", slice.into());
                if (slice.from() != null) {
                    written.put("from", slice.from().text());
                } else {
                    Map<String, Object> fields = new LinkedHashMap<>();
                    slice.fields().forEach((name, pointer) -> fields.put(name, pointer.text()));
                    written.put("fields", fields);
                }
                slices.add(written);
            }
            out.put("state_merge", slices);
        }
        return out;
    }

    static Map<String, Object> writeShape(Shape shape) {
        Map<String, Object> out = ordered("type", shape.typeName());
        if (shape instanceof Shape.AnyShape || shape instanceof Shape.NullShape) {
            return out;
        }
        if (shape.nullable()) {
            out.put("nullable", true);
        }
        if (shape instanceof Shape.StringShape) {
            Shape.StringShape string = (Shape.StringShape) shape;
            if (string.nonBlank()) {
                out.put("non_blank", true);
            }
            if (!string.values().isEmpty()) {
                out.put("enum", string.values());
            }
        } else if (shape instanceof Shape.IntegerShape) {
            putIfSet(out, "minimum", ((Shape.IntegerShape) shape).minimum());
        } else if (shape instanceof Shape.ScoreShape) {
            putIfSet(out, "minimum", ((Shape.ScoreShape) shape).minimum());
        } else if (shape instanceof Shape.ObjectShape) {
            Shape.ObjectShape object = (Shape.ObjectShape) shape;
            Map<String, Object> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (Shape.Field field : object.fields()) {
                properties.put(field.name(), writeShape(field.shape()));
                if (field.required()) {
                    required.add(field.name());
                }
            }
            out.put("properties", properties);
            out.put("required", required);
            if (object.additionalProperties()) {
                out.put("additional_properties", true);
            }
        } else if (shape instanceof Shape.ArrayShape) {
            Shape.ArrayShape array = (Shape.ArrayShape) shape;
            if (!(array.items() instanceof Shape.AnyShape)) {
                out.put("items", writeShape(array.items()));
            }
            if (array.minItems() > 0) {
                out.put("min_items", array.minItems());
            }
            if (array.uniqueItems()) {
                out.put("unique", true);
            }
            if (array.uniqueBy() != null) {
                out.put("unique_by", array.uniqueBy());
            }
        } else if (shape instanceof Shape.MapShape) {
            Shape.MapShape map = (Shape.MapShape) shape;
            if (!(map.values() instanceof Shape.AnyShape)) {
                out.put("values", writeShape(map.values()));
            }
            if (map.minEntries() > 0) {
                out.put("min_entries", map.minEntries());
            }
        }
        return out;
    }

    private static void putIfSet(Map<String, Object> out, String key, Object value) {
        if (value != null) {
            out.put(key, value);
        }
    }

    private static Map<String, Object> writeRule(StageRule rule) {
        Map<String, Object> out = ordered("rule", rule.ruleName());
        if (rule instanceof StageRule.CountEqualsLength) {
            StageRule.CountEqualsLength count = (StageRule.CountEqualsLength) rule;
            out.put("count", count.count().text());
            out.put("of", count.of().text());
        } else if (rule instanceof StageRule.MemberOf) {
            StageRule.MemberOf member = (StageRule.MemberOf) rule;
            out.put("path", member.pointer().text());
            out.put("values", member.values().text());
        } else if (rule instanceof StageRule.When) {
            StageRule.When when = (StageRule.When) rule;
            out.put("if", writeCondition(when.condition()));
            out.put("path", when.pointer().text());
            out.put("shape", writeShape(when.shape()));
        } else if (rule instanceof StageRule.StateEquals) {
            Condition condition = ((StageRule.StateEquals) rule).condition();
            out.put("state", condition.pointer().text());
            out.put("equals", condition.value());
        } else {
            StageRule.SourcesCoverMentions sources = (StageRule.SourcesCoverMentions) rule;
            out.put("text", sources.text().text());
            out.put("sources", sources.sources().text());
            out.put("key", sources.sourceKey());
            out.put("entity", sources.entity());
            List<Object> known = new ArrayList<>();
            for (KnownEntities place : sources.known()) {
                Map<String, Object> written = ordered("state", place.state().text());
                if (place.idProperty() != null) {
                    written.put("id", place.idProperty());
                }
                if (!place.nameProperties().isEmpty()) {
                    written.put("names", place.nameProperties());
                }
                known.add(written);
            }
            out.put("known", known);
        }
        return out;
    }

    private static Map<String, Object> writeCondition(Condition condition) {
        return ordered(condition.source().wireName(), condition.pointer().text(), "equals", condition.value());
    }

    private static Map<String, Object> writeNextStep(NextStepRule next) {
        Map<String, Object> out = ordered("allowed", next.allowed());
        if (!next.branches().isEmpty()) {
            List<Object> branches = new ArrayList<>();
            for (NextStepRule.Branch branch : next.branches()) {
                branches.add(ordered("if", writeCondition(branch.condition()), "then", branch.then()));
            }
            out.put("branches", branches);
        }
        if (next.otherwise() != null) {
            out.put("otherwise", next.otherwise());
        }
        return out;
    }

    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }
}
