package dev.keel.stage;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.ModelJson;
import dev.keel.core.json.JsonNumbers;
import dev.keel.core.text.JsText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@link StageValidator}: one walk over the output in the order of the contract's shape (envelope and the
 * stage's properties), then the rules, then the {@code nextStep} branches. Paths are rendered only when a
 * violation is reported, so a valid output costs little more than its parse. Stateless: pure and thread-safe.
 */
final class DefaultStageValidator implements StageValidator {

    static final DefaultStageValidator INSTANCE = new DefaultStageValidator();

    private static final BigDecimal SCORE_MAX = BigDecimal.ONE;
    /** Lists up to this size are checked for repeats pairwise. */
    private static final int PAIRWISE_MAX = 8;
    /** Marks a pointer that found nothing (null is a value). */
    private static final Object MISSING = new Object();

    private final JsonCodec codec = JsonCodec.strict();

    private DefaultStageValidator() {
    }

    @Override
    public StageValidation validate(StageContract contract, @Nullable String rawOutput, ValidationContext context) {
        requireModelStage(contract);
        if (rawOutput == null) {
            return invalid(contract, ViolationCode.OUTPUT_NOT_JSON, "there is no output", null);
        }
        ModelJson.Reading reading = ModelJson.read(codec, rawOutput);
        String problem = reading.problem();
        if (problem != null) {
            return invalid(contract, ViolationCode.OUTPUT_NOT_JSON, problem, null);
        }
        Object parsed = reading.value();
        if (!(parsed instanceof Map)) {
            return invalid(contract, ViolationCode.OUTPUT_NOT_OBJECT, "the output must be a single JSON object, found "
                    + JsonCodec.describe(parsed), null);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> output = (Map<String, Object>) parsed;
        // The codec's trees are unmodifiable, so the result and the patch may share them.
        return check(contract, output, context);
    }

    @Override
    public StageValidation validate(StageContract contract, @Nullable Map<String, Object> output,
                                    ValidationContext context) {
        requireModelStage(contract);
        if (output == null) {
            return invalid(contract, ViolationCode.OUTPUT_NOT_OBJECT, "the output must be a single JSON object, found null", null);
        }
        // A caller's tree may be mutable: the result and the patch keep a frozen copy, never the caller's objects.
        @SuppressWarnings("unchecked")
        Map<String, Object> frozen = (Map<String, Object>) Objects.requireNonNull(JsonValues.freeze(output));
        return check(contract, frozen, context);
    }

    @Override
    public List<StageViolation> checkPreconditions(StageContract contract, Map<String, Object> cachedState) {
        List<StageViolation> out = new ArrayList<>(0);
        for (StageRule rule : contract.rules()) {
            if (rule instanceof StageRule.StateEquals) {
                checkStateEquals(contract, (StageRule.StateEquals) rule, cachedState, out);
            }
        }
        return out;
    }

    private static void requireModelStage(StageContract contract) {
        if (contract.kind() != StageKind.MODEL) {
            throw new InvalidInputException("stage_has_no_output", "stage '" + contract.id() + "' is a "
                    + contract.kind().wireName() + " stage: it calls no model, so there is no output to validate");
        }
    }

    private static StageValidation invalid(StageContract contract, ViolationCode code, String message,
                                           @Nullable Map<String, Object> output) {
        return StageValidation.invalid(contract.id(), List.of(new StageViolation(code, "", message)), output);
    }

    // ---- the walk ----

    private StageValidation check(StageContract contract, Map<String, Object> output, ValidationContext context) {
        List<StageViolation> out = new ArrayList<>(0);
        Map<String, Object> state = context.cachedState();
        Shape.ObjectShape shape = contract.outputShape();
        int declaredPresent = 0;
        Path path = new Path();
        List<Shape.Field> fields = shape.fields();
        for (int i = 0; i < fields.size(); i++) {
            Shape.Field field = fields.get(i);
            String name = field.name();
            Object value = output.get(name);
            if (value == null && !output.containsKey(name)) {
                if (field.required()) {
                    out.add(new StageViolation(ViolationCode.MISSING_FIELD, path.render(name), "required property '"
                            + name + "' is missing; expected " + expected(field.shape())));
                }
                continue;
            }
            declaredPresent++;
            switch (name) {
                case StageContract.STAGE:
                    checkStage(contract, value, out);
                    break;
                case StageContract.SESSION_ID:
                    checkSessionId(value, state, out);
                    break;
                case StageContract.RESPONSE_ID:
                    checkResponseId(value, output.get(StageContract.SESSION_ID), state, context, out);
                    break;
                case StageContract.NEXT_STEP:
                    checkNextStepValue(contract, value, out);
                    break;
                case StageContract.TELEMETRY:
                    walkChild(field.shape(), value, path, name, out);
                    checkCorrectionNote(value, context, out);
                    break;
                default:
                    walkChild(field.shape(), value, path, name, out);
            }
        }
        if (contract.sessionFields() == SessionFields.OMIT) {
            for (String name : List.of(StageContract.SESSION_ID, StageContract.RESPONSE_ID)) {
                if (output.containsKey(name)) {
                    out.add(new StageViolation(ViolationCode.SESSION_FIELD_NOT_ALLOWED, path.render(name),
                            "stage " + contract.id() + " does not read the session, so its output must omit '" + name + "'"));
                }
            }
        }
        if (!shape.additionalProperties() && declaredPresent < output.size()) {
            for (Object key : output.keySet()) {
                String name = String.valueOf(key);
                boolean sessionField = name.equals(StageContract.SESSION_ID) || name.equals(StageContract.RESPONSE_ID);
                if (shape.field(name).isEmpty() && !(sessionField && contract.sessionFields() == SessionFields.OMIT)) {
                    out.add(unknownField(path, name, shape));
                }
            }
        }
        List<StageRule> rules = contract.rules();
        for (int i = 0; i < rules.size(); i++) {
            checkRule(contract, rules.get(i), output, state, out);
        }
        String nextStep = checkNextStepBranches(contract, output, state, out);
        if (!out.isEmpty()) {
            return StageValidation.invalid(contract.id(), out, output);
        }
        // Without an allowed nextStep the output has a violation: the envelope requires one of the allowed ids.
        return StageValidation.valid(contract.id(), output, patch(contract, output),
                Objects.requireNonNull(nextStep, "nextStep"));
    }

    private static void checkStage(StageContract contract, @Nullable Object value, List<StageViolation> out) {
        if (!(value instanceof String)) {
            out.add(new StageViolation(ViolationCode.WRONG_TYPE, "/stage", "expected the string \"" + contract.id()
                    + "\", found " + JsonCodec.describe(value)));
        } else if (!value.equals(contract.id())) {
            out.add(new StageViolation(ViolationCode.STAGE_MISMATCH, "/stage", "this is stage \"" + contract.id()
                    + "\", found " + JsonValues.quote(value)));
        }
    }

    private static void checkSessionId(@Nullable Object value, Map<String, Object> state, List<StageViolation> out) {
        if (!(value instanceof String)) {
            out.add(new StageViolation(ViolationCode.WRONG_TYPE, "/session_id",
                    "expected the session id string, found " + JsonCodec.describe(value)));
            return;
        }
        Object expected = state.get(StageContract.SESSION_ID);
        if (!(expected instanceof String)) {
            out.add(new StageViolation(ViolationCode.SESSION_ID_MISMATCH, "/session_id",
                    "cached_state has no session_id to continue, so " + JsonValues.quote(value) + " cannot be confirmed"));
        } else if (!expected.equals(value)) {
            out.add(new StageViolation(ViolationCode.SESSION_ID_MISMATCH, "/session_id", "expected "
                    + JsonValues.quote(expected) + " (cached_state.session_id), found " + JsonValues.quote(value)));
        }
    }

    private static void checkResponseId(@Nullable Object value, @Nullable Object sessionId, Map<String, Object> state,
                                        ValidationContext context, List<StageViolation> out) {
        if (!(value instanceof String)) {
            out.add(new StageViolation(ViolationCode.WRONG_TYPE, "/response_id",
                    "expected a new response id string, found " + JsonCodec.describe(value)));
            return;
        }
        String responseId = (String) value;
        if (isBlank(responseId)) {
            out.add(new StageViolation(ViolationCode.BLANK_STRING, "/response_id", "the response id is blank"));
        } else if (responseId.equals(sessionId) || responseId.equals(state.get(StageContract.SESSION_ID))) {
            out.add(new StageViolation(ViolationCode.RESPONSE_ID_NOT_FRESH, "/response_id",
                    "the response id repeats the session id; each response needs a new id"));
        } else if (context.usedResponseIds().contains(responseId)) {
            out.add(new StageViolation(ViolationCode.RESPONSE_ID_NOT_FRESH, "/response_id", "response id "
                    + JsonValues.quote(responseId) + " was used by an earlier response; each response needs a new id"));
        }
    }

    private static void checkNextStepValue(StageContract contract, @Nullable Object value, List<StageViolation> out) {
        if (!(value instanceof String)) {
            out.add(new StageViolation(ViolationCode.WRONG_TYPE, "/nextStep", "expected one of "
                    + quoted(contract.nextStep().allowed()) + ", found " + JsonCodec.describe(value)));
        } else if (!contract.nextStep().allowed().contains(value)) {
            out.add(new StageViolation(ViolationCode.NEXT_STEP_NOT_ALLOWED, "/nextStep", "stage " + contract.id()
                    + " may continue only with " + quoted(contract.nextStep().allowed()) + ", found "
                    + JsonValues.quote(value)));
        }
    }

    private static void checkCorrectionNote(@Nullable Object telemetry, ValidationContext context,
                                            List<StageViolation> out) {
        if (!context.correction() || !(telemetry instanceof Map)) {
            return;
        }
        Object notes = ((Map<?, ?>) telemetry).get(StageContract.NOTES);
        if (notes == null || (notes instanceof String && isBlank((String) notes))) {
            out.add(new StageViolation(ViolationCode.TELEMETRY_NOTE_MISSING, "/telemetry/notes",
                    "a corrected output must say in telemetry.notes what it fixed"));
        }
    }

    /** Walks the value at {@code segment} below {@code path}. */
    private static void walkChild(Shape shape, @Nullable Object value, Path path, Object segment,
                                  List<StageViolation> out) {
        path.push(segment);
        walk(shape, value, path, out);
        path.pop();
    }

    /** Checks the value at {@code path} against a shape, adding a violation for each problem. */
    private static void walk(Shape shape, @Nullable Object value, Path path, List<StageViolation> out) {
        if (shape instanceof Shape.AnyShape) {
            return;
        }
        if (value == null) {
            if (!shape.nullable()) {
                out.add(wrongType(shape, null, path));
            }
            return;
        }
        if (shape instanceof Shape.StringShape) {
            walkString((Shape.StringShape) shape, value, path, out);
        } else if (shape instanceof Shape.ObjectShape) {
            walkObject((Shape.ObjectShape) shape, value, path, out);
        } else if (shape instanceof Shape.ArrayShape) {
            walkArray((Shape.ArrayShape) shape, value, path, out);
        } else if (shape instanceof Shape.MapShape) {
            walkMap((Shape.MapShape) shape, value, path, out);
        } else if (shape instanceof Shape.ScoreShape) {
            walkScore((Shape.ScoreShape) shape, value, path, out);
        } else if (shape instanceof Shape.IntegerShape) {
            walkInteger((Shape.IntegerShape) shape, value, path, out);
        } else if (shape instanceof Shape.BooleanShape) {
            if (!(value instanceof Boolean)) {
                out.add(wrongType(shape, value, path));
            }
        } else {
            // NullShape, and value is not null
            out.add(wrongType(shape, value, path));
        }
    }

    private static void walkString(Shape.StringShape shape, Object value, Path path, List<StageViolation> out) {
        if (!(value instanceof String)) {
            out.add(wrongType(shape, value, path));
            return;
        }
        String text = (String) value;
        if (shape.nonBlank() && isBlank(text)) {
            out.add(new StageViolation(ViolationCode.BLANK_STRING, path.render(), "expected a string that says something, found "
                    + (text.isEmpty() ? "an empty string" : "only white space")));
        }
        if (!shape.values().isEmpty() && !shape.values().contains(text)) {
            out.add(new StageViolation(ViolationCode.VALUE_NOT_ALLOWED, path.render(), "expected one of "
                    + quoted(shape.values()) + ", found " + JsonValues.quote(text)));
        }
    }

    private static void walkObject(Shape.ObjectShape shape, Object value, Path path, List<StageViolation> out) {
        if (!(value instanceof Map)) {
            out.add(wrongType(shape, value, path));
            return;
        }
        Map<?, ?> object = (Map<?, ?>) value;
        int declaredPresent = 0;
        List<Shape.Field> fields = shape.fields();
        for (int i = 0; i < fields.size(); i++) {
            Shape.Field field = fields.get(i);
            Object item = object.get(field.name());
            if (item != null || object.containsKey(field.name())) {
                declaredPresent++;
                walkChild(field.shape(), item, path, field.name(), out);
            } else if (field.required()) {
                out.add(new StageViolation(ViolationCode.MISSING_FIELD, path.render(field.name()),
                        "required property '" + field.name() + "' is missing; expected " + expected(field.shape())));
            }
        }
        // Every key is a declared property when as many declared properties were found as the object has keys.
        if (!shape.additionalProperties() && declaredPresent < object.size()) {
            for (Object key : object.keySet()) {
                String name = String.valueOf(key);
                if (shape.field(name).isEmpty()) {
                    out.add(unknownField(path, name, shape));
                }
            }
        }
    }

    private static void walkArray(Shape.ArrayShape shape, Object value, Path path, List<StageViolation> out) {
        if (!(value instanceof List)) {
            out.add(wrongType(shape, value, path));
            return;
        }
        List<?> items = (List<?>) value;
        if (items.size() < shape.minItems()) {
            out.add(new StageViolation(ViolationCode.TOO_FEW_ITEMS, path.render(), "expected at least "
                    + shape.minItems() + (shape.minItems() == 1 ? " item" : " items") + ", found " + items.size()));
        }
        for (int i = 0; i < items.size(); i++) {
            walkChild(shape.items(), items.get(i), path, i, out);
        }
        if (shape.uniqueItems() || shape.uniqueBy() != null) {
            checkUnique(shape, items, path, out);
        }
    }

    private static void checkUnique(Shape.ArrayShape shape, List<?> items, Path path, List<StageViolation> out) {
        int size = items.size();
        if (size < 2) {
            return;
        }
        // Short lists, the usual case, are compared pairwise: cheaper than hashing every key into a map.
        Object[] keys = new Object[size];
        Map<Object, Integer> seen = size > PAIRWISE_MAX ? new HashMap<>(size * 2) : null;
        for (int i = 0; i < size; i++) {
            Object item = items.get(i);
            if (shape.uniqueBy() != null) {
                item = item instanceof Map ? ((Map<?, ?>) item).get(shape.uniqueBy()) : null;
                if (item == null) {
                    keys[i] = MISSING;
                    continue;
                }
            }
            keys[i] = uniquenessKey(item);
            Integer first = seen != null ? seen.putIfAbsent(keys[i], i) : firstEqual(keys, i);
            if (first != null) {
                String at = shape.uniqueBy() == null ? path.render(i) : path.render(i, shape.uniqueBy());
                out.add(new StageViolation(ViolationCode.DUPLICATE_ITEM, at, JsonValues.quote(item)
                        + " repeats item " + first + (shape.uniqueBy() == null ? "" : "'s " + shape.uniqueBy())
                        + "; each must be listed once"));
            }
        }
    }

    /** The first position before {@code i} whose key equals the key at {@code i}, or null. */
    private static @Nullable Integer firstEqual(Object[] keys, int i) {
        for (int j = 0; j < i; j++) {
            if (Objects.equals(keys[j], keys[i])) {
                return j;
            }
        }
        return null;
    }

    private static Object uniquenessKey(Object item) {
        if (item instanceof Number) {
            BigDecimal decimal = JsonNumbers.decimal((Number) item);
            return decimal == null ? item : decimal.stripTrailingZeros();
        }
        return item;
    }

    private static void walkMap(Shape.MapShape shape, Object value, Path path, List<StageViolation> out) {
        if (!(value instanceof Map)) {
            out.add(wrongType(shape, value, path));
            return;
        }
        Map<?, ?> entries = (Map<?, ?>) value;
        if (entries.size() < shape.minEntries()) {
            out.add(new StageViolation(ViolationCode.TOO_FEW_ITEMS, path.render(), "expected at least "
                    + shape.minEntries() + (shape.minEntries() == 1 ? " entry" : " entries") + ", found " + entries.size()));
        }
        // forEach, not entrySet: a parsed object then makes no entry objects.
        entries.forEach((key, item) -> walkChild(shape.values(), item, path, String.valueOf(key), out));
    }

    private static void walkInteger(Shape.IntegerShape shape, Object value, Path path, List<StageViolation> out) {
        BigDecimal number = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
        if (number == null || number.scale() > 0) {
            out.add(wrongType(shape, value, path));
            return;
        }
        if (shape.minimum() != null && number.compareTo(shape.minimum()) < 0) {
            out.add(new StageViolation(ViolationCode.BELOW_MINIMUM, path.render(), "expected at least "
                    + shape.minimum().toPlainString() + ", found " + JsonNumbers.asWritten(number)));
        }
    }

    private static void walkScore(Shape.ScoreShape shape, Object value, Path path, List<StageViolation> out) {
        BigDecimal score = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
        if (score == null) {
            out.add(wrongType(shape, value, path));
            return;
        }
        // Read as written: 80e-2 is 0.80 to the codec, but it is not written with two decimal places.
        if (score.scale() != 2 || JsonNumbers.writtenWithExponent(value)) {
            out.add(new StageViolation(ViolationCode.SCORE_PRECISION, path.render(),
                    "a score is written with exactly two decimal places (like 0.80), found " + JsonNumbers.asWritten(score)));
        }
        if (score.signum() < 0 || score.compareTo(SCORE_MAX) > 0) {
            out.add(new StageViolation(ViolationCode.SCORE_OUT_OF_RANGE, path.render(),
                    "a score is from 0.00 to 1.00, found " + JsonNumbers.asWritten(score)));
        } else if (shape.minimum() != null && score.compareTo(shape.minimum()) < 0) {
            out.add(new StageViolation(ViolationCode.SCORE_BELOW_MINIMUM, path.render(), "expected a score of at least "
                    + shape.minimum().toPlainString() + ", found " + JsonNumbers.asWritten(score)));
        }
    }

    /** Whether the text has no character but JavaScript white space (as {@link JsText#trim} would strip). */
    private static boolean isBlank(String text) {
        if (!text.isEmpty() && text.charAt(0) > ' ' && text.charAt(0) < '\u007F') {
            return false; // the common case: starts with a visible ASCII character
        }
        for (int i = 0; i < text.length(); i++) {
            if (!JsText.isWhiteSpaceOrLineTerminator(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static StageViolation wrongType(Shape shape, @Nullable Object value, Path path) {
        String found = value instanceof Number ? "the number " + JsonValues.quote(value) : JsonCodec.describe(value);
        return new StageViolation(ViolationCode.WRONG_TYPE, path.render(), "expected " + expected(shape) + ", found " + found);
    }

    private static StageViolation unknownField(Path path, String name, Shape.ObjectShape shape) {
        List<String> names = new ArrayList<>(shape.fields().size());
        shape.fields().forEach(field -> names.add(field.name()));
        return new StageViolation(ViolationCode.UNKNOWN_FIELD, path.render(name), "property '" + name
                + "' is not part of this output; expected only " + names);
    }

    /** What a shape accepts, in words. */
    static String expected(Shape shape) {
        String what;
        if (shape instanceof Shape.StringShape) {
            Shape.StringShape string = (Shape.StringShape) shape;
            what = !string.values().isEmpty() ? "one of " + quoted(string.values())
                    : string.nonBlank() ? "a non-blank string" : "a string";
        } else if (shape instanceof Shape.BooleanShape) {
            what = "a boolean";
        } else if (shape instanceof Shape.IntegerShape) {
            what = "an integer (no fraction)";
        } else if (shape instanceof Shape.ScoreShape) {
            what = "a score with two decimals (like 0.80)";
        } else if (shape instanceof Shape.ObjectShape || shape instanceof Shape.MapShape) {
            what = "an object";
        } else if (shape instanceof Shape.ArrayShape) {
            what = "an array";
        } else if (shape instanceof Shape.NullShape) {
            return "null";
        } else {
            return "any value";
        }
        return shape.nullable() ? what + " or null" : what;
    }

    private static String quoted(List<String> values) {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            text.append(i == 0 ? "\"" : ", \"").append(values.get(i)).append('"');
        }
        return text.append(']').toString();
    }

    // ---- rules ----

    private static void checkRule(StageContract contract, StageRule rule, Map<String, Object> output,
                                  Map<String, Object> state, List<StageViolation> out) {
        if (rule instanceof StageRule.CountEqualsLength) {
            checkCount((StageRule.CountEqualsLength) rule, output, out);
        } else if (rule instanceof StageRule.MemberOf) {
            checkMember((StageRule.MemberOf) rule, output, out);
        } else if (rule instanceof StageRule.When) {
            checkWhen((StageRule.When) rule, output, state, out);
        } else if (rule instanceof StageRule.StateEquals) {
            checkStateEquals(contract, (StageRule.StateEquals) rule, state, out);
        } else if (rule instanceof StageRule.HighestTotal) {
            checkHighestTotal((StageRule.HighestTotal) rule, output, out);
        } else {
            checkSources((StageRule.SourcesCoverMentions) rule, output, state, out);
        }
    }

    private static void checkCount(StageRule.CountEqualsLength rule, Map<String, Object> output, List<StageViolation> out) {
        Object count = get(output, rule.count());
        Object list = get(output, rule.of());
        BigDecimal number = count instanceof Number ? JsonNumbers.decimal((Number) count) : null;
        if (number == null || number.scale() > 0 || !(list instanceof List)) {
            return;
        }
        int size = ((List<?>) list).size();
        if (number.compareTo(BigDecimal.valueOf(size)) != 0) {
            out.add(new StageViolation(ViolationCode.COUNT_MISMATCH, rule.count().text(), "is " + JsonNumbers.asWritten(number)
                    + " but " + rule.of() + " has " + size + (size == 1 ? " item" : " items")));
        }
    }

    private static void checkMember(StageRule.MemberOf rule, Map<String, Object> output, List<StageViolation> out) {
        Object value = get(output, rule.pointer());
        if (!(value instanceof String)) {
            return;
        }
        List<Object> values = new ArrayList<>();
        if (!collect(output, rule.values().segments(), 0, values)) {
            return;
        }
        if (!values.contains(value)) {
            List<String> strings = new ArrayList<>();
            values.forEach(v -> {
                if (v instanceof String) {
                    strings.add((String) v);
                }
            });
            out.add(new StageViolation(ViolationCode.NOT_A_MEMBER, rule.pointer().text(), JsonValues.quote(value)
                    + " is not among the values at " + rule.values() + ": " + quoted(strings)));
        }
    }

    private static void checkWhen(StageRule.When rule, Map<String, Object> output, Map<String, Object> state,
                                  List<StageViolation> out) {
        Condition condition = rule.condition();
        if (!holds(condition, output, state)) {
            return;
        }
        Object value = get(output, rule.pointer());
        if (value == MISSING) {
            return;
        }
        List<StageViolation> found = new ArrayList<>(0);
        walk(rule.shape(), value, Path.of(rule.pointer()), found);
        String because = " (because " + describe(condition) + ")";
        for (StageViolation violation : found) {
            out.add(new StageViolation(violation.code(), violation.path(), violation.message() + because));
        }
    }

    private static void checkHighestTotal(StageRule.HighestTotal rule, Map<String, Object> output,
                                          List<StageViolation> out) {
        Object named = get(output, rule.pointer());
        Object groups = get(output, rule.groups());
        if (!(named instanceof String) || !(groups instanceof List)) {
            return;
        }
        Map<String, BigDecimal> totals = new LinkedHashMap<>();
        for (Object group : (List<?>) groups) {
            Object key = group instanceof Map ? ((Map<?, ?>) group).get(rule.groupKey()) : null;
            if (!(key instanceof String)) {
                return;
            }
            List<Object> scores = new ArrayList<>();
            collect(group, rule.scores().segments(), 0, scores);
            BigDecimal total = BigDecimal.ZERO;
            for (Object score : scores) {
                if (!(score instanceof Number)) {
                    return;
                }
                total = total.add(JsonNumbers.decimal((Number) score));
            }
            // A repeated group is unique_by's to report; its first total stands.
            totals.putIfAbsent((String) key, total);
        }
        BigDecimal own = totals.get(named);
        if (own == null) {
            return;
        }
        // The first of the highest, as totals holds the groups in order.
        Map.Entry<String, BigDecimal> highest = Collections.max(totals.entrySet(), Map.Entry.comparingByValue());
        if (own.compareTo(highest.getValue()) < 0) {
            out.add(new StageViolation(ViolationCode.NOT_HIGHEST_TOTAL, rule.pointer().text(), JsonValues.quote(named)
                    + " totals " + JsonNumbers.asWritten(own) + " at " + rule.scores() + ", but "
                    + JsonValues.quote(highest.getKey()) + " totals " + JsonNumbers.asWritten(highest.getValue())
                    + "; name the item of " + rule.groups() + " with the highest total"));
        }
    }

    private static void checkStateEquals(StageContract contract, StageRule.StateEquals rule, Map<String, Object> state,
                                         List<StageViolation> out) {
        Condition condition = rule.condition();
        Object actual = get(state, condition.pointer());
        if (!condition.matches(actual)) {
            out.add(new StageViolation(ViolationCode.STATE_PRECONDITION_FAILED, "", "stage " + contract.id()
                    + " runs only when cached_state " + condition.pointer() + " is " + JsonValues.quote(condition.value())
                    + "; it is " + (actual == MISSING ? "absent" : JsonValues.quote(actual))));
        }
    }

    private static void checkSources(StageRule.SourcesCoverMentions rule, Map<String, Object> output,
                                     Map<String, Object> state, List<StageViolation> out) {
        Object text = get(output, rule.text());
        Object sources = get(output, rule.sources());
        if (!(text instanceof String) || !(sources instanceof List)) {
            return;
        }
        Set<Object> listed = new HashSet<>();
        for (Object source : (List<?>) sources) {
            if (source instanceof Map) {
                listed.add(((Map<?, ?>) source).get(rule.sourceKey()));
            }
        }
        String haystack = ((String) text).toLowerCase(Locale.ROOT);
        for (Map.Entry<String, Set<String>> entity : knownEntities(rule.known(), state).entrySet()) {
            if (listed.contains(entity.getKey())) {
                continue;
            }
            for (String name : entity.getValue()) {
                if (Mentions.contains(haystack, name.toLowerCase(Locale.ROOT))) {
                    out.add(new StageViolation(ViolationCode.SOURCE_NOT_LISTED, rule.sources().text(), rule.text()
                            + " refers to " + rule.entity() + " " + JsonValues.quote(entity.getKey())
                            + (name.equals(entity.getKey()) ? "" : " (as " + JsonValues.quote(name) + ")")
                            + " but no item of " + rule.sources() + " has " + rule.sourceKey() + " "
                            + JsonValues.quote(entity.getKey())));
                    break;
                }
            }
        }
    }

    /** Entity id to the texts that name it (the id first), from every place the rule lists, in order. */
    private static Map<String, Set<String>> knownEntities(List<KnownEntities> places, Map<String, Object> state) {
        Map<String, Set<String>> entities = new LinkedHashMap<>();
        for (KnownEntities place : places) {
            List<Object> found = new ArrayList<>();
            collect(state, place.state().segments(), 0, found);
            List<Object> flat = new ArrayList<>();
            for (Object value : found) {
                if (value instanceof List) {
                    flat.addAll((List<?>) value);
                } else {
                    flat.add(value);
                }
            }
            for (Object value : flat) {
                if (place.idProperty() == null) {
                    if (value instanceof String) {
                        addName(entities.computeIfAbsent((String) value, id -> new LinkedHashSet<>()), (String) value);
                    }
                    continue;
                }
                if (!(value instanceof Map<?, ?> object) || !(object.get(place.idProperty()) instanceof String id)) {
                    continue;
                }
                Set<String> names = entities.computeIfAbsent(id, key -> new LinkedHashSet<>());
                addName(names, id);
                for (String property : place.nameProperties()) {
                    if (object.get(property) instanceof String) {
                        addName(names, (String) object.get(property));
                    }
                }
            }
        }
        return entities;
    }

    private static void addName(Set<String> names, String name) {
        if (!JsText.trim(name).isEmpty()) {
            names.add(JsText.trim(name));
        }
    }

    // ---- next step ----

    /** Checks the branch logic; returns the output's nextStep when it is an allowed stage id, else null. */
    private static @Nullable String checkNextStepBranches(StageContract contract, Map<String, Object> output,
                                                Map<String, Object> state, List<StageViolation> out) {
        Object value = output.get(StageContract.NEXT_STEP);
        NextStepRule rule = contract.nextStep();
        if (!(value instanceof String) || !rule.allowed().contains(value)) {
            return null;
        }
        String expected = rule.otherwise();
        String because = "no branch of the contract applies";
        List<NextStepRule.Branch> branches = rule.branches();
        for (int i = 0; i < branches.size(); i++) {
            NextStepRule.Branch branch = branches.get(i);
            if (holds(branch.condition(), output, state)) {
                expected = branch.then();
                because = describe(branch.condition());
                break;
            }
        }
        if (expected != null && !expected.equals(value)) {
            out.add(new StageViolation(ViolationCode.NEXT_STEP_MISMATCH, "/nextStep", "expected \"" + expected
                    + "\" because " + because + ", found " + JsonValues.quote(value)));
        }
        return (String) value;
    }

    private static boolean holds(Condition condition, Map<String, Object> output, Map<String, Object> state) {
        Object actual = get(condition.source() == Condition.Source.OUTPUT ? output : state, condition.pointer());
        return actual != MISSING && condition.matches(actual);
    }

    private static String describe(Condition condition) {
        return (condition.source() == Condition.Source.STATE ? "cached_state " : "") + condition.pointer() + " is "
                + JsonValues.quote(condition.value());
    }

    // ---- state patch ----

    /** The slices of a valid output; values are shared with the output, which is unmodifiable. */
    private static Map<String, Object> patch(StageContract contract, Map<String, Object> output) {
        Map<String, Object> patch = new LinkedHashMap<>();
        List<StateSlice> slices = contract.stateMerge();
        for (int i = 0; i < slices.size(); i++) {
            StateSlice slice = slices.get(i);
            if (slice.from() != null) {
                Object value = get(output, slice.from());
                if (value != MISSING) {
                    patch.put(slice.into(), value);
                }
                continue;
            }
            Map<String, Object> object = new LinkedHashMap<>();
            for (Map.Entry<String, Pointer> field : slice.fields().entrySet()) {
                Object value = get(output, field.getValue());
                if (value != MISSING) {
                    object.put(field.getKey(), value);
                }
            }
            patch.put(slice.into(), Collections.unmodifiableMap(object));
        }
        return Collections.unmodifiableMap(patch);
    }

    // ---- pointers ----

    /** The value at a pointer without wildcards, or {@link #MISSING}. */
    private static @Nullable Object get(Object root, Pointer pointer) {
        Object current = root;
        List<String> segments = pointer.segments();
        for (int i = 0; i < segments.size(); i++) {
            current = step(current, segments.get(i));
            if (current == MISSING) {
                return MISSING;
            }
        }
        return current;
    }

    private static @Nullable Object step(@Nullable Object current, String segment) {
        if (current instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) current;
            Object value = map.get(segment);
            return value != null || map.containsKey(segment) ? value : MISSING;
        }
        if (current instanceof List) {
            int index = arrayIndex(segment);
            List<?> list = (List<?>) current;
            return index >= 0 && index < list.size() ? list.get(index) : MISSING;
        }
        return MISSING;
    }

    private static int arrayIndex(String segment) {
        int length = segment.length();
        if (length == 0 || length > 9 || (length > 1 && segment.charAt(0) == '0')) {
            return -1;
        }
        int index = 0;
        for (int i = 0; i < length; i++) {
            char c = segment.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            index = index * 10 + (c - '0');
        }
        return index;
    }

    /**
     * Adds every value a pointer with wildcards reaches; returns false when the pointer's fixed part found
     * nothing (so a rule can tell "no list" from "an empty list").
     */
    private static boolean collect(@Nullable Object current, List<String> segments, int index, List<Object> into) {
        if (index == segments.size()) {
            into.add(current);
            return true;
        }
        String segment = segments.get(index);
        if (Pointer.WILDCARD.equals(segment)) {
            if (current instanceof List) {
                for (Object item : (List<?>) current) {
                    collect(item, segments, index + 1, into);
                }
                return true;
            }
            if (current instanceof Map) {
                for (Object value : ((Map<?, ?>) current).values()) {
                    collect(value, segments, index + 1, into);
                }
                return true;
            }
            return false;
        }
        Object next = step(current, segment);
        return next != MISSING && collect(next, segments, index + 1, into);
    }
}
