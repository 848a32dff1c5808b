package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The checks a contract passes when built, so that a rule can never silently check nothing: every output pointer
 * must name a value the output shape has, of the type the rule needs. Messages start with the pointer of the
 * offending part in the contract's JSON form. Pure; thread-safe.
 */
final class ContractChecks {

    private static final Pattern STAGE_ID = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final Set<String> ENVELOPE = Set.of(StageContract.STAGE, StageContract.SESSION_ID,
            StageContract.RESPONSE_ID, StageContract.NEXT_STEP, StageContract.TELEMETRY);

    private ContractChecks() {
    }

    /** Checks what the envelope needs before it can be built: the id, and no clash with envelope names. */
    static void checkEnvelope(@Nullable String id, Shape.@Nullable ObjectShape output) {
        if (id == null || !STAGE_ID.matcher(id).matches()) {
            throw new InvalidContractException("/id: a stage id is letters, digits, '_', '.' or '-', found "
                    + (id == null ? "null" : "'" + id + "'"));
        }
        if (output == null) {
            return;
        }
        for (Shape.Field field : output.fields()) {
            if (ENVELOPE.contains(field.name())) {
                throw new InvalidContractException("/output/properties/" + Pointer.escape(field.name())
                        + ": '" + field.name() + "' belongs to the shared envelope every stage output has; do not declare it");
            }
        }
    }

    /** @throws InvalidContractException naming the first problem found */
    static void check(StageContract contract) {
        checkInputs(contract.inputs());
        switch (contract.kind()) {
            case SYSTEM:
                checkSystem(contract);
                break;
            case END:
                checkEnd(contract);
                break;
            default:
                checkModel(contract);
        }
    }

    private static void checkInputs(List<InputSlot> inputs) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < inputs.size(); i++) {
            if (!names.add(inputs.get(i).name())) {
                throw new InvalidContractException("/inputs/" + i + ": slot '" + inputs.get(i).name() + "' is listed twice");
            }
        }
    }

    private static void checkSystem(StageContract contract) {
        if (contract.directive().isBlank()) {
            throw new InvalidContractException("/directive: a system stage's directive is the base persona block; it cannot be empty");
        }
        NextStepRule next = contract.nextStep();
        if (next.allowed().size() != 1 || !next.branches().isEmpty() || next.otherwise() != null) {
            throw new InvalidContractException("/next_step: a system stage names exactly one next stage, without branches");
        }
        requireNothingElse(contract, "a system stage");
    }

    private static void checkEnd(StageContract contract) {
        if (!contract.nextStep().allowed().isEmpty()) {
            throw new InvalidContractException("/next_step: an end stage has no next stage");
        }
        requireNothingElse(contract, "an end stage");
    }

    private static void requireNothingElse(StageContract contract, String what) {
        if (!contract.inputs().isEmpty()) {
            throw new InvalidContractException("/inputs: " + what + " calls no model and takes no inputs");
        }
        if (!contract.output().fields().isEmpty()) {
            throw new InvalidContractException("/output: " + what + " has no output");
        }
        if (!contract.rules().isEmpty()) {
            throw new InvalidContractException("/rules: " + what + " has no output to validate");
        }
        if (!contract.stateMerge().isEmpty()) {
            throw new InvalidContractException("/state_merge: " + what + " has no output to merge");
        }
        if (contract.sessionFields() != SessionFields.OMIT) {
            throw new InvalidContractException("/session_fields: " + what + " has no output to echo a session in");
        }
    }

    private static void checkModel(StageContract contract) {
        if (contract.nextStep().allowed().isEmpty()) {
            throw new InvalidContractException("/next_step/allowed: a model stage must allow at least one next stage");
        }
        if (contract.sessionFields() == SessionFields.ECHO
                && contract.inputs().stream().noneMatch(slot -> slot.name().equals(InputSlot.CACHED_STATE))) {
            throw new InvalidContractException("/session_fields: a stage that echoes session_id must read the "
                    + "cached_state input slot, where the session id is");
        }
        Shape.ObjectShape shape = contract.outputShape();
        List<StageRule> rules = contract.rules();
        for (int i = 0; i < rules.size(); i++) {
            checkRule(shape, rules.get(i), "/rules/" + i);
        }
        List<NextStepRule.Branch> branches = contract.nextStep().branches();
        for (int i = 0; i < branches.size(); i++) {
            checkCondition(shape, branches.get(i).condition(), "/next_step/branches/" + i + "/if");
        }
        Set<String> slices = new HashSet<>();
        List<StateSlice> merge = contract.stateMerge();
        for (int i = 0; i < merge.size(); i++) {
            StateSlice slice = merge.get(i);
            String at = "/state_merge/" + i;
            if (!slices.add(slice.into())) {
                throw new InvalidContractException(at + "/into: slice '" + slice.into() + "' is merged twice");
            }
            if (slice.from() != null) {
                expect(shape, slice.from(), Shape.class, at + "/from", "a value");
            }
            for (Map.Entry<String, Pointer> field : slice.fields().entrySet()) {
                expect(shape, field.getValue(), Shape.class, at + "/fields/" + Pointer.escape(field.getKey()), "a value");
            }
        }
    }

    private static void checkRule(Shape.ObjectShape shape, StageRule rule, String at) {
        if (rule instanceof StageRule.CountEqualsLength) {
            StageRule.CountEqualsLength count = (StageRule.CountEqualsLength) rule;
            expect(shape, count.count(), Shape.IntegerShape.class, at + "/count", "an integer");
            expect(shape, count.of(), Shape.ArrayShape.class, at + "/of", "an array");
        } else if (rule instanceof StageRule.MemberOf) {
            StageRule.MemberOf member = (StageRule.MemberOf) rule;
            expect(shape, member.pointer(), Shape.StringShape.class, at + "/path", "a string");
            expect(shape, member.values(), Shape.StringShape.class, at + "/values", "strings");
        } else if (rule instanceof StageRule.When) {
            StageRule.When when = (StageRule.When) rule;
            checkCondition(shape, when.condition(), at + "/if");
            expect(shape, when.pointer(), Shape.class, at + "/path", "a value");
        } else if (rule instanceof StageRule.SourcesCoverMentions) {
            StageRule.SourcesCoverMentions sources = (StageRule.SourcesCoverMentions) rule;
            expect(shape, sources.text(), Shape.StringShape.class, at + "/text", "a string");
            Shape list = expect(shape, sources.sources(), Shape.ArrayShape.class, at + "/sources", "an array");
            if (list instanceof Shape.ArrayShape) {
                Shape items = ((Shape.ArrayShape) list).items();
                if (!(items instanceof Shape.AnyShape) && !(items instanceof Shape.ObjectShape
                        && ((Shape.ObjectShape) items).field(sources.sourceKey()).isPresent())) {
                    throw new InvalidContractException(at + "/key: the items of '" + sources.sources()
                            + "' have no property '" + sources.sourceKey() + "'");
                }
            }
            List<KnownEntities> known = sources.known();
            for (int i = 0; i < known.size(); i++) {
                if (known.get(i).state().segments().isEmpty()) {
                    throw new InvalidContractException(at + "/known/" + i + "/state: point into cached_state, not at all of it");
                }
            }
        } else if (rule instanceof StageRule.HighestTotal) {
            checkHighestTotal(shape, (StageRule.HighestTotal) rule, at);
        }
        // StateEquals reads cached_state, whose shape a contract does not declare.
    }

    private static void checkHighestTotal(Shape.ObjectShape shape, StageRule.HighestTotal highest, String at) {
        expect(shape, highest.pointer(), Shape.StringShape.class, at + "/path", "a string");
        Shape list = expect(shape, highest.groups(), Shape.ArrayShape.class, at + "/groups", "an array");
        if (!(list instanceof Shape.ArrayShape)) {
            return;
        }
        Shape items = ((Shape.ArrayShape) list).items();
        if (items instanceof Shape.AnyShape) {
            return;
        }
        if (!(items instanceof Shape.ObjectShape) || ((Shape.ObjectShape) items).field(highest.groupKey()).isEmpty()) {
            throw new InvalidContractException(at + "/key: the items of '" + highest.groups() + "' have no property '"
                    + highest.groupKey() + "'");
        }
        Shape scores = resolve(items, highest.scores().segments(), 0);
        if (scores == null) {
            throw new InvalidContractException(at + "/scores: '" + highest.scores() + "' names nothing in the items of '"
                    + highest.groups() + "'");
        }
        if (!(scores instanceof Shape.AnyShape || scores instanceof Shape.ScoreShape
                || scores instanceof Shape.IntegerShape)) {
            throw new InvalidContractException(at + "/scores: '" + highest.scores() + "' names " + scores.typeName()
                    + " in the items of '" + highest.groups() + "', not numbers");
        }
    }

    private static void checkCondition(Shape.ObjectShape shape, Condition condition, String at) {
        if (condition.source() == Condition.Source.OUTPUT) {
            expect(shape, condition.pointer(), Shape.class, at + "/output", "a value");
        }
    }

    /** The shape at {@code pointer}; throws unless it is a {@code type} or {@link Shape.AnyShape}. */
    private static Shape expect(Shape.ObjectShape root, Pointer pointer, Class<? extends Shape> type, String at, String what) {
        Shape found = resolve(root, pointer.segments(), 0);
        if (found == null) {
            throw new InvalidContractException(at + ": '" + pointer + "' names nothing in the output shape");
        }
        if (!(found instanceof Shape.AnyShape) && !type.isInstance(found)) {
            throw new InvalidContractException(at + ": '" + pointer + "' names " + found.typeName()
                    + " in the output shape, not " + what);
        }
        return found;
    }

    /** The shape a pointer reaches, {@link Shape.AnyShape} past an open end, or null when it reaches nothing. */
    static @Nullable Shape resolve(Shape shape, List<String> segments, int index) {
        if (index == segments.size() || shape instanceof Shape.AnyShape) {
            return shape;
        }
        String segment = segments.get(index);
        if (shape instanceof Shape.ObjectShape) {
            Shape.ObjectShape object = (Shape.ObjectShape) shape;
            if (Pointer.WILDCARD.equals(segment)) {
                return null;
            }
            return object.field(segment).map(field -> resolve(field.shape(), segments, index + 1))
                    .orElse(object.additionalProperties() ? Shape.any() : null);
        }
        if (shape instanceof Shape.ArrayShape) {
            boolean index0 = Pointer.WILDCARD.equals(segment) || segment.matches("0|[1-9][0-9]{0,8}");
            return index0 ? resolve(((Shape.ArrayShape) shape).items(), segments, index + 1) : null;
        }
        if (shape instanceof Shape.MapShape) {
            return resolve(((Shape.MapShape) shape).values(), segments, index + 1);
        }
        return null;
    }
}
