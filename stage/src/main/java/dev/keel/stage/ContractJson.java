package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import dev.keel.core.KeelException;
import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The JSON form of a stage contract (documented in {@code docs/stage-runtime.md}): its JSON Schema
 * ({@code dev/keel/stage/schema/stage-contract.schema.json}) validates it, {@link ContractSpec} binds it, and the
 * contract is built from the bound record. Every problem the schema finds is reported at once, then every problem
 * the contract's own types find while it is built (a {@code required} name that is not among the properties, say),
 * each at the JSON pointer of the offending value, in an {@link InvalidContractException} whose message lists them
 * by pointer; {@code $schema} is accepted at the root. Writing goes back through the same record and binding. Pure;
 * thread-safe.
 */
final class ContractJson {

    /** The schema on the class path, also shipped for editors. */
    static final String SCHEMA = "dev/keel/stage/schema/stage-contract.schema.json";

    private static final DocumentFormat<ContractSpec> FORMAT = DocumentFormat.builder(ContractSpec.class, SCHEMA)
            .build();

    private ContractJson() {
    }

    /** Where the schema and {@link ContractSpec} disagree on members; empty when they agree (a test holds them so). */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    // ---- reading ----

    /**
     * Reads a contract: every problem of its JSON form at once, then what the contract itself checks.
     *
     * @throws InvalidContractException whose message starts with the JSON pointer of the (first) offending value
     */
    static StageContract read(Map<String, Object> tree) {
        ContractSpec spec = FORMAT.read(tree, "", ContractJson::failure);
        Building building = new Building();
        StageContract.Builder contract = building.contract(spec);
        if (!building.problems.isEmpty()) {
            throw failure(building.problems);
        }
        return contract.build();
    }

    private static InvalidContractException failure(List<JsonProblem> problems) {
        return new InvalidContractException(JsonProblem.describe(null, problems));
    }

    /**
     * Builds the contract's values from a record the schema accepted; what their constructors refuse is a problem
     * at the pointer of the value. Not thread-safe: one per contract.
     */
    private static final class Building {
        final List<JsonProblem> problems = new ArrayList<>();

        /** What {@code make} builds, or null after recording what it refused at {@code at}. */
        <V> @Nullable V build(String at, Supplier<V> make) {
            try {
                return make.get();
            } catch (KeelException | IllegalArgumentException e) {
                problems.add(new JsonProblem(at, e.getMessage()));
                return null;
            }
        }

        StageContract.Builder contract(ContractSpec spec) {
            StageKind kind = wire(StageKind.values(), StageKind::wireName, spec.kind());
            StageContract.Builder b = StageContract.builder(spec.id()).kind(kind).purpose(spec.purpose())
                    .directive(directive(spec.directive()));
            List<ContractSpec.InputSpec> inputs = orEmpty(spec.inputs());
            for (int i = 0; i < inputs.size(); i++) {
                ContractSpec.InputSpec slot = inputs.get(i);
                int index = i;
                build("/inputs/" + index, () -> b.input(slot.slot(), slot.required()));
            }
            if (spec.sessionFields() != null) {
                b.sessionFields(wire(SessionFields.values(), SessionFields::wireName, spec.sessionFields()));
            }
            if (spec.output() != null) {
                Shape output = shape(spec.output(), "/output");
                if (output != null) {
                    b.output((Shape.ObjectShape) output);
                }
            }
            List<ContractSpec.RuleSpec> rules = orEmpty(spec.rules());
            for (int i = 0; i < rules.size(); i++) {
                StageRule rule = rule(rules.get(i), "/rules/" + i);
                if (rule != null) {
                    b.rule(rule);
                }
            }
            if (spec.nextStep() != null) {
                NextStepRule next = nextStep(spec.nextStep());
                if (next != null) {
                    b.nextStep(next);
                }
            }
            List<ContractSpec.SliceSpec> slices = orEmpty(spec.stateMerge());
            for (int i = 0; i < slices.size(); i++) {
                ContractSpec.SliceSpec slice = slices.get(i);
                StateSlice built = build("/state_merge/" + i, () -> new StateSlice(slice.into(),
                        slice.from() == null ? null : Pointer.of(slice.from()), pointers(slice.fields())));
                if (built != null) {
                    b.mergeSlice(built);
                }
            }
            return b;
        }

        @Nullable Shape shape(ContractSpec.ShapeSpec spec, String at) {
            boolean nullable = Boolean.TRUE.equals(spec.nullable());
            Shape shape;
            switch (spec.type()) {
                case "any":
                    return Shape.any();
                case "null":
                    return Shape.nullValue();
                case "string":
                    shape = build(at, () -> new Shape.StringShape(false, Boolean.TRUE.equals(spec.nonBlank()),
                            orEmpty(spec.enumValues())));
                    break;
                case "boolean":
                    shape = Shape.bool();
                    break;
                case "integer":
                    shape = build(at, () -> new Shape.IntegerShape(false, spec.minimum()));
                    break;
                case "score":
                    shape = build(at, () -> new Shape.ScoreShape(false, spec.minimum()));
                    break;
                case "object":
                    shape = objectShape(spec, at);
                    break;
                case "array": {
                    Shape items = spec.items() == null ? Shape.any() : shape(spec.items(), at + "/items");
                    shape = items == null ? null : build(at, () -> new Shape.ArrayShape(false, items,
                            spec.minItems() == null ? 0 : spec.minItems(), Boolean.TRUE.equals(spec.unique()),
                            spec.uniqueBy()));
                    break;
                }
                default: {
                    Shape values = spec.values() == null ? Shape.any() : shape(spec.values(), at + "/values");
                    shape = values == null ? null : build(at, () -> new Shape.MapShape(false, values,
                            spec.minEntries() == null ? 0 : spec.minEntries()));
                    break;
                }
            }
            return shape != null && nullable ? shape.orNull() : shape;
        }

        private Shape.@Nullable ObjectShape objectShape(ContractSpec.ShapeSpec spec, String at) {
            // The schema requires both of an object shape.
            List<String> names = Objects.requireNonNull(spec.required(), "required");
            Map<String, ContractSpec.ShapeSpec> properties = Objects.requireNonNull(spec.properties(), "properties");
            Set<String> required = new LinkedHashSet<>();
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                if (!properties.containsKey(name)) {
                    problems.add(new JsonProblem(at + "/required/" + i, "'" + name
                            + "' is required but not among the properties"));
                } else if (!required.add(name)) {
                    problems.add(new JsonProblem(at + "/required/" + i, "'" + name + "' is listed twice"));
                }
            }
            List<Shape.Field> fields = new ArrayList<>();
            boolean complete = true;
            for (Map.Entry<String, ContractSpec.ShapeSpec> property : properties.entrySet()) {
                String name = property.getKey();
                String fieldAt = JsonPointers.child(at + "/properties", name);
                Shape shape = shape(property.getValue(), fieldAt);
                Shape.Field field = shape == null ? null
                        : build(fieldAt, () -> new Shape.Field(name, shape, required.contains(name)));
                complete &= field != null;
                if (field != null) {
                    fields.add(field);
                }
            }
            return complete ? build(at, () -> new Shape.ObjectShape(false, fields,
                    Boolean.TRUE.equals(spec.additionalProperties()))) : null;
        }

        /** The rule; the schema requires the members each kind of rule reads, so they are there. */
        @Nullable StageRule rule(ContractSpec.RuleSpec spec, String at) {
            switch (spec.rule()) {
                case "count_equals_length":
                    return build(at, () -> StageRule.countEqualsLength(Objects.requireNonNull(spec.count(), "count"),
                            Objects.requireNonNull(spec.of(), "of")));
                case "member_of":
                    return build(at, () -> StageRule.memberOf(Objects.requireNonNull(spec.path(), "path"),
                            Objects.requireNonNull(spec.values(), "values")));
                case "when": {
                    Condition condition = condition(Objects.requireNonNull(spec.condition(), "if"), at + "/if");
                    Shape shape = shape(Objects.requireNonNull(spec.shape(), "shape"), at + "/shape");
                    return condition == null || shape == null ? null : build(at, () -> StageRule.when(condition,
                            Objects.requireNonNull(spec.path(), "path"), shape));
                }
                case "state_equals":
                    return build(at, () -> StageRule.stateEquals(Objects.requireNonNull(spec.state(), "state"),
                            spec.value()));
                case "sources_cover_mentions": {
                    List<ContractSpec.KnownSpec> places = Objects.requireNonNull(spec.known(), "known");
                    List<KnownEntities> known = new ArrayList<>();
                    for (int i = 0; i < places.size(); i++) {
                        ContractSpec.KnownSpec place = places.get(i);
                        KnownEntities built = build(at + "/known/" + i, () -> new KnownEntities(
                                Pointer.of(place.state()), place.id(), orEmpty(place.names())));
                        if (built == null) {
                            return null;
                        }
                        known.add(built);
                    }
                    return build(at, () -> StageRule.sourcesCoverMentions(Objects.requireNonNull(spec.text(), "text"),
                            Objects.requireNonNull(spec.sources(), "sources"),
                            Objects.requireNonNull(spec.key(), "key"), Objects.requireNonNull(spec.entity(), "entity"),
                            known));
                }
                default:
                    return build(at, () -> StageRule.highestTotal(Objects.requireNonNull(spec.path(), "path"),
                            Objects.requireNonNull(spec.groups(), "groups"), Objects.requireNonNull(spec.key(), "key"),
                            Objects.requireNonNull(spec.scores(), "scores")));
            }
        }

        /** The condition; the schema requires {@code state} when there is no {@code output}. */
        @Nullable Condition condition(ContractSpec.ConditionSpec spec, String at) {
            String output = spec.output();
            return build(at, () -> output != null ? Condition.output(output, spec.value())
                    : Condition.state(Objects.requireNonNull(spec.state(), "state"), spec.value()));
        }

        @Nullable NextStepRule nextStep(ContractSpec.NextStepSpec spec) {
            List<NextStepRule.Branch> branches = new ArrayList<>();
            List<ContractSpec.BranchSpec> specs = orEmpty(spec.branches());
            for (int i = 0; i < specs.size(); i++) {
                ContractSpec.BranchSpec branch = specs.get(i);
                String at = "/next_step/branches/" + i;
                Condition condition = condition(branch.condition(), at + "/if");
                NextStepRule.Branch built = condition == null ? null
                        : build(at, () -> new NextStepRule.Branch(condition, branch.then()));
                if (built == null) {
                    return null;
                }
                branches.add(built);
            }
            return build("/next_step", () -> new NextStepRule(spec.allowed(), branches, spec.otherwise()));
        }
    }

    /** A string, or an array of lines joined with line feeds. */
    @SuppressWarnings("unchecked")
    private static @Nullable String directive(@Nullable Object directive) {
        return directive instanceof List ? String.join("\n", (List<String>) directive) : (String) directive;
    }

    private static Map<String, Pointer> pointers(@Nullable Map<String, String> fields) {
        Map<String, Pointer> pointers = new LinkedHashMap<>();
        if (fields != null) {
            fields.forEach((name, pointer) -> pointers.put(name, Pointer.of(pointer)));
        }
        return pointers;
    }

    private static <E> List<E> orEmpty(@Nullable List<E> list) {
        return list == null ? List.of() : list;
    }

    /** The constant whose wire name is {@code name} (the schema has checked that one is). */
    private static <E> E wire(E[] constants, java.util.function.Function<E, String> wireName, String name) {
        return Arrays.stream(constants).filter(constant -> wireName.apply(constant).equals(name)).findFirst()
                .orElseThrow();
    }

    // ---- writing ----

    /** The contract in its JSON form, through the same record and binding it is read with. */
    static Map<String, Object> write(StageContract contract) {
        boolean model = contract.kind() == StageKind.MODEL;
        String directive = contract.directive();
        return FORMAT.write(new ContractSpec(contract.id(), contract.kind().wireName(), absentIfEmpty(contract.purpose()),
                directive.isEmpty() ? null : directive.indexOf('\n') < 0 ? directive : List.of(directive.split("\n", -1)),
                absentIfEmpty(contract.inputs().stream()
                        .map(slot -> new ContractSpec.InputSpec(slot.name(), slot.required())).toList()),
                model ? contract.sessionFields().wireName() : null, model ? shapeSpec(contract.output()) : null,
                absentIfEmpty(contract.rules().stream().map(ContractJson::ruleSpec).toList()),
                contract.kind() == StageKind.END ? null : nextStepSpec(contract.nextStep()),
                absentIfEmpty(contract.stateMerge().stream().map(ContractJson::sliceSpec).toList())));
    }

    static ContractSpec.ShapeSpec shapeSpec(Shape shape) {
        Boolean nullable = shape.nullable() && !(shape instanceof Shape.AnyShape || shape instanceof Shape.NullShape)
                ? Boolean.TRUE : null;
        if (shape instanceof Shape.StringShape) {
            Shape.StringShape string = (Shape.StringShape) shape;
            return new ContractSpec.ShapeSpec("string", nullable, string.nonBlank() ? Boolean.TRUE : null,
                    absentIfEmpty(string.values()), null, null, null, null, null, null, null, null, null, null);
        }
        if (shape instanceof Shape.IntegerShape || shape instanceof Shape.ScoreShape) {
            java.math.BigDecimal minimum = shape instanceof Shape.IntegerShape ? ((Shape.IntegerShape) shape).minimum()
                    : ((Shape.ScoreShape) shape).minimum();
            return new ContractSpec.ShapeSpec(shape.typeName(), nullable, null, null, minimum, null, null, null, null,
                    null, null, null, null, null);
        }
        if (shape instanceof Shape.ObjectShape) {
            Shape.ObjectShape object = (Shape.ObjectShape) shape;
            Map<String, ContractSpec.ShapeSpec> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (Shape.Field field : object.fields()) {
                properties.put(field.name(), shapeSpec(field.shape()));
                if (field.required()) {
                    required.add(field.name());
                }
            }
            return new ContractSpec.ShapeSpec("object", nullable, null, null, null, properties, required,
                    object.additionalProperties() ? Boolean.TRUE : null, null, null, null, null, null, null);
        }
        if (shape instanceof Shape.ArrayShape) {
            Shape.ArrayShape array = (Shape.ArrayShape) shape;
            return new ContractSpec.ShapeSpec("array", nullable, null, null, null, null, null, null,
                    array.items() instanceof Shape.AnyShape ? null : shapeSpec(array.items()),
                    array.minItems() > 0 ? array.minItems() : null, array.uniqueItems() ? Boolean.TRUE : null,
                    array.uniqueBy(), null, null);
        }
        if (shape instanceof Shape.MapShape) {
            Shape.MapShape map = (Shape.MapShape) shape;
            return new ContractSpec.ShapeSpec("map", nullable, null, null, null, null, null, null, null, null, null,
                    null, map.values() instanceof Shape.AnyShape ? null : shapeSpec(map.values()),
                    map.minEntries() > 0 ? map.minEntries() : null);
        }
        return new ContractSpec.ShapeSpec(shape.typeName(), nullable, null, null, null, null, null, null, null, null,
                null, null, null, null);
    }

    private static ContractSpec.RuleSpec ruleSpec(StageRule rule) {
        if (rule instanceof StageRule.CountEqualsLength) {
            StageRule.CountEqualsLength count = (StageRule.CountEqualsLength) rule;
            return new ContractSpec.RuleSpec(rule.ruleName(), count.count().text(), count.of().text(), null, null,
                    null, null, null, null, null, null, null, null, null, null, null);
        }
        if (rule instanceof StageRule.MemberOf) {
            StageRule.MemberOf member = (StageRule.MemberOf) rule;
            return new ContractSpec.RuleSpec(rule.ruleName(), null, null, member.pointer().text(),
                    member.values().text(), null, null, null, null, null, null, null, null, null, null, null);
        }
        if (rule instanceof StageRule.When) {
            StageRule.When when = (StageRule.When) rule;
            return new ContractSpec.RuleSpec(rule.ruleName(), null, null, when.pointer().text(), null,
                    conditionSpec(when.condition()), shapeSpec(when.shape()), null, null, null, null, null, null, null,
                    null, null);
        }
        if (rule instanceof StageRule.StateEquals) {
            Condition condition = ((StageRule.StateEquals) rule).condition();
            return new ContractSpec.RuleSpec(rule.ruleName(), null, null, null, null, null, null, null, null, null,
                    condition.pointer().text(), condition.value(), null, null, null, null);
        }
        if (rule instanceof StageRule.HighestTotal) {
            StageRule.HighestTotal highest = (StageRule.HighestTotal) rule;
            return new ContractSpec.RuleSpec(rule.ruleName(), null, null, highest.pointer().text(), null, null, null,
                    highest.groups().text(), highest.groupKey(), highest.scores().text(), null, null, null, null, null,
                    null);
        }
        StageRule.SourcesCoverMentions sources = (StageRule.SourcesCoverMentions) rule;
        return new ContractSpec.RuleSpec(rule.ruleName(), null, null, null, null, null, null, null,
                sources.sourceKey(), null, null, null, sources.text().text(), sources.sources().text(),
                sources.entity(), sources.known().stream().map(place -> new ContractSpec.KnownSpec(
                        place.state().text(), place.idProperty(), absentIfEmpty(place.nameProperties()))).toList());
    }

    private static ContractSpec.ConditionSpec conditionSpec(Condition condition) {
        boolean output = condition.source() == Condition.Source.OUTPUT;
        return new ContractSpec.ConditionSpec(output ? condition.pointer().text() : null,
                output ? null : condition.pointer().text(), condition.value());
    }

    private static ContractSpec.NextStepSpec nextStepSpec(NextStepRule next) {
        return new ContractSpec.NextStepSpec(next.allowed(), absentIfEmpty(next.branches().stream()
                .map(branch -> new ContractSpec.BranchSpec(conditionSpec(branch.condition()), branch.then()))
                .toList()), next.otherwise());
    }

    private static ContractSpec.SliceSpec sliceSpec(StateSlice slice) {
        Map<String, String> fields = new LinkedHashMap<>();
        slice.fields().forEach((name, pointer) -> fields.put(name, pointer.text()));
        return new ContractSpec.SliceSpec(slice.into(), slice.from() == null ? null : slice.from().text(),
                slice.from() == null ? fields : null);
    }

    // A member the written form leaves out, rather than an empty value, as an author would.
    private static <E> @Nullable List<E> absentIfEmpty(List<E> list) {
        return list.isEmpty() ? null : list;
    }

    private static @Nullable String absentIfEmpty(String text) {
        return text.isEmpty() ? null : text;
    }
}
