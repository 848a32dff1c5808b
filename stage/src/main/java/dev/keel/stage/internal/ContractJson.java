package dev.keel.stage.internal;

import dev.keel.core.json.JsonNumbers;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.InvalidContractException;
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
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON form of a stage contract (documented in {@code docs/stage-runtime.md}): reading from and writing to
 * plain-value trees. Reading is strict: unknown keys, wrong types and missing keys are refused with an
 * {@link InvalidContractException} whose message starts with the JSON pointer of the offending value. Pure;
 * thread-safe.
 */
public final class ContractJson {

    private ContractJson() {
    }

    // ---- reading ----

    public static StageContract read(Map<String, Object> tree) {
        Node root = new Node("", tree);
        root.only("id", "kind", "purpose", "directive", "inputs", "session_fields", "output", "rules", "next_step",
                "state_merge");
        String id = root.string("id");
        StageKind kind = enumValue(root.child("kind"), StageKind.values(), StageKind::wireName);
        StageContract.Builder b = StageContract.builder(id).kind(kind);
        if (root.has("purpose")) {
            b.purpose(root.string("purpose"));
        }
        if (root.has("directive")) {
            b.directive(readText(root.child("directive")));
        }
        if (root.has("inputs")) {
            for (Node slot : root.child("inputs").items()) {
                slot.only("slot", "required");
                b.input(slot.string("slot"), slot.bool("required"));
            }
        }
        if (kind == StageKind.MODEL) {
            b.sessionFields(enumValue(root.child("session_fields"), SessionFields.values(), SessionFields::wireName));
            Shape output = readShape(root.child("output"));
            if (!(output instanceof Shape.ObjectShape)) {
                throw root.child("output").invalid("the output of a stage is an object shape");
            }
            b.output((Shape.ObjectShape) output);
        } else {
            for (String key : List.of("session_fields", "output", "rules", "state_merge")) {
                if (root.has(key)) {
                    throw root.child(key).invalid("a " + kind.wireName() + " stage has no model output, so no " + key);
                }
            }
        }
        if (root.has("rules")) {
            for (Node rule : root.child("rules").items()) {
                b.rule(rule.build(() -> readRule(rule)));
            }
        }
        if (kind != StageKind.END || root.has("next_step")) {
            Node next = root.child("next_step");
            b.nextStep(next.build(() -> readNextStep(next)));
        }
        if (root.has("state_merge")) {
            for (Node slice : root.child("state_merge").items()) {
                b.mergeSlice(slice.build(() -> readSlice(slice)));
            }
        }
        return b.build();
    }

    private static String readText(Node node) {
        if (node.value instanceof List) {
            List<String> lines = new ArrayList<>();
            for (Node line : node.items()) {
                lines.add(line.asString());
            }
            return String.join("\n", lines);
        }
        return node.asString();
    }

    static Shape readShape(Node node) {
        String type = node.string("type");
        Shape shape;
        switch (type) {
            case "any":
                node.only("type");
                return Shape.any();
            case "null":
                node.only("type");
                return Shape.nullValue();
            case "string": {
                node.only("type", "nullable", "non_blank", "enum");
                List<String> values = new ArrayList<>();
                if (node.has("enum")) {
                    for (Node value : node.child("enum").items()) {
                        values.add(value.asString());
                    }
                }
                boolean nonBlank = node.has("non_blank") && node.bool("non_blank");
                shape = node.build(() -> new Shape.StringShape(false, nonBlank, values));
                break;
            }
            case "boolean":
                node.only("type", "nullable");
                shape = Shape.bool();
                break;
            case "integer": {
                node.only("type", "nullable", "minimum");
                BigDecimal minimum = node.has("minimum") ? node.child("minimum").asNumber() : null;
                shape = node.build(() -> new Shape.IntegerShape(false, minimum));
                break;
            }
            case "score": {
                node.only("type", "nullable", "minimum");
                BigDecimal minimum = node.has("minimum") ? node.child("minimum").asNumber() : null;
                shape = node.build(() -> new Shape.ScoreShape(false, minimum));
                break;
            }
            case "object":
                shape = readObjectShape(node);
                break;
            case "array": {
                node.only("type", "nullable", "items", "min_items", "unique", "unique_by");
                Shape items = node.has("items") ? readShape(node.child("items")) : Shape.any();
                int minItems = node.has("min_items") ? node.child("min_items").asCount() : 0;
                boolean unique = node.has("unique") && node.bool("unique");
                String uniqueBy = node.has("unique_by") ? node.string("unique_by") : null;
                shape = node.build(() -> new Shape.ArrayShape(false, items, minItems, unique, uniqueBy));
                break;
            }
            case "map": {
                node.only("type", "nullable", "values", "min_entries");
                Shape values = node.has("values") ? readShape(node.child("values")) : Shape.any();
                int minEntries = node.has("min_entries") ? node.child("min_entries").asCount() : 0;
                shape = node.build(() -> new Shape.MapShape(false, values, minEntries));
                break;
            }
            default:
                throw node.child("type").invalid("unknown shape type '" + type
                        + "'; known: any, null, string, boolean, integer, score, object, array, map");
        }
        return node.has("nullable") && node.bool("nullable") ? shape.orNull() : shape;
    }

    private static Shape readObjectShape(Node node) {
        node.only("type", "nullable", "properties", "required", "additional_properties");
        Node properties = node.child("properties");
        Set<String> required = new HashSet<>();
        for (Node name : node.child("required").items()) {
            String text = name.asString();
            if (!properties.asObject().containsKey(text)) {
                throw name.invalid("'" + text + "' is required but not among the properties");
            }
            if (!required.add(text)) {
                throw name.invalid("'" + text + "' is listed twice");
            }
        }
        List<Shape.Field> fields = new ArrayList<>();
        for (String name : properties.asObject().keySet()) {
            Node property = properties.child(name);
            fields.add(property.build(() -> new Shape.Field(name, readShape(property), required.contains(name))));
        }
        boolean additional = node.has("additional_properties") && node.bool("additional_properties");
        return node.build(() -> new Shape.ObjectShape(false, fields, additional));
    }

    private static StageRule readRule(Node node) {
        String rule = node.string("rule");
        switch (rule) {
            case "count_equals_length":
                node.only("rule", "count", "of");
                return new StageRule.CountEqualsLength(node.pointer("count"), node.pointer("of"));
            case "member_of":
                node.only("rule", "path", "values");
                return new StageRule.MemberOf(node.pointer("path"), node.pointer("values"));
            case "when": {
                node.only("rule", "if", "path", "shape");
                Node condition = node.child("if");
                return new StageRule.When(condition.build(() -> readCondition(condition)), node.pointer("path"),
                        readShape(node.child("shape")));
            }
            case "state_equals":
                node.only("rule", "state", "equals");
                return new StageRule.StateEquals(new Condition(Condition.Source.STATE, node.pointer("state"),
                        node.child("equals").asScalar()));
            case "sources_cover_mentions": {
                node.only("rule", "text", "sources", "key", "entity", "known");
                List<KnownEntities> known = new ArrayList<>();
                for (Node place : node.child("known").items()) {
                    place.only("state", "id", "names");
                    List<String> names = new ArrayList<>();
                    if (place.has("names")) {
                        for (Node name : place.child("names").items()) {
                            names.add(name.asString());
                        }
                    }
                    String idProperty = place.has("id") ? place.string("id") : null;
                    known.add(place.build(() -> new KnownEntities(place.pointer("state"), idProperty, names)));
                }
                return new StageRule.SourcesCoverMentions(node.pointer("text"), node.pointer("sources"),
                        node.string("key"), node.string("entity"), known);
            }
            default:
                throw node.child("rule").invalid("unknown rule '" + rule
                        + "'; known: count_equals_length, member_of, when, state_equals, sources_cover_mentions");
        }
    }

    private static Condition readCondition(Node node) {
        node.only("output", "state", "equals");
        if (node.has("output") == node.has("state")) {
            throw node.invalid("a condition reads either \"output\" or \"state\"");
        }
        Condition.Source source = node.has("output") ? Condition.Source.OUTPUT : Condition.Source.STATE;
        return new Condition(source, node.pointer(source.wireName()), node.child("equals").asScalar());
    }

    private static NextStepRule readNextStep(Node node) {
        node.only("allowed", "branches", "otherwise");
        List<String> allowed = new ArrayList<>();
        for (Node stage : node.child("allowed").items()) {
            allowed.add(stage.asString());
        }
        List<NextStepRule.Branch> branches = new ArrayList<>();
        if (node.has("branches")) {
            for (Node branch : node.child("branches").items()) {
                branch.only("if", "then");
                Node condition = branch.child("if");
                branches.add(new NextStepRule.Branch(condition.build(() -> readCondition(condition)),
                        branch.string("then")));
            }
        }
        String otherwise = node.has("otherwise") ? node.string("otherwise") : null;
        return new NextStepRule(allowed, branches, otherwise);
    }

    private static StateSlice readSlice(Node node) {
        node.only("into", "from", "fields");
        Map<String, Pointer> fields = new LinkedHashMap<>();
        if (node.has("fields")) {
            Node fieldsNode = node.child("fields");
            for (String name : fieldsNode.asObject().keySet()) {
                fields.put(name, fieldsNode.pointer(name));
            }
        }
        return new StateSlice(node.string("into"), node.has("from") ? node.pointer("from") : null, fields);
    }

    private static <E extends Enum<E>> E enumValue(Node node, E[] values, java.util.function.Function<E, String> name) {
        String text = node.asString();
        for (E value : values) {
            if (name.apply(value).equals(text)) {
                return value;
            }
        }
        throw node.invalid("expected one of " + Arrays.stream(values).map(name).toList() + ", found \"" + text + "\"");
    }

    /** A value of the tree being read, with its pointer. */
    static final class Node {
        final String at;
        final Object value;

        Node(String at, Object value) {
            this.at = at;
            this.value = value;
        }

        InvalidContractException invalid(String problem) {
            return new InvalidContractException((at.isEmpty() ? "/" : at) + ": " + problem);
        }

        /** Runs a constructor, prefixing its complaint with this node's pointer. */
        <T> T build(java.util.function.Supplier<T> constructor) {
            try {
                return constructor.get();
            } catch (InvalidContractException e) {
                if (e.getMessage().startsWith("/")) {
                    throw e;
                }
                throw invalid(e.getMessage());
            }
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> asObject() {
            if (!(value instanceof Map)) {
                throw invalid("expected an object, found " + JsonCodec.describe(value));
            }
            return (Map<String, Object>) value;
        }

        boolean has(String key) {
            return asObject().containsKey(key);
        }

        void only(String... keys) {
            Set<String> allowed = Set.of(keys);
            for (String key : asObject().keySet()) {
                if (!allowed.contains(key)) {
                    throw child(key).invalid("unknown key; expected " + Arrays.toString(keys));
                }
            }
        }

        Node child(String key) {
            Map<String, Object> object = asObject();
            Node child = new Node(at + "/" + Pointer.escape(key), object.get(key));
            if (!object.containsKey(key)) {
                throw child.invalid("required");
            }
            return child;
        }

        List<Node> items() {
            if (!(value instanceof List)) {
                throw invalid("expected an array, found " + JsonCodec.describe(value));
            }
            List<?> list = (List<?>) value;
            List<Node> nodes = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                nodes.add(new Node(at + "/" + i, list.get(i)));
            }
            return nodes;
        }

        String asString() {
            if (!(value instanceof String)) {
                throw invalid("expected a string, found " + JsonCodec.describe(value));
            }
            return (String) value;
        }

        BigDecimal asNumber() {
            BigDecimal number = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
            if (number == null) {
                throw invalid("expected a number, found " + JsonCodec.describe(value));
            }
            return number;
        }

        int asCount() {
            BigDecimal number = asNumber();
            if (number.stripTrailingZeros().scale() > 0 || number.signum() < 0 || number.compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
                throw invalid("expected a whole number from 0 to 1000000, found " + number);
            }
            return number.intValue();
        }

        Object asScalar() {
            if (value instanceof Map || value instanceof List) {
                throw invalid("expected a string, boolean, number or null, found " + JsonCodec.describe(value));
            }
            return value instanceof Number ? asNumber() : value;
        }

        String string(String key) {
            return child(key).asString();
        }

        boolean bool(String key) {
            Node child = child(key);
            if (!(child.value instanceof Boolean)) {
                throw child.invalid("expected a boolean, found " + JsonCodec.describe(child.value));
            }
            return (Boolean) child.value;
        }

        Pointer pointer(String key) {
            Node child = child(key);
            return child.build(() -> Pointer.of(child.asString()));
        }
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
