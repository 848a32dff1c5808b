package dev.keel.core.json;

import dev.keel.core.KeelException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Reads a document's plain-value tree (as {@link JsonCodec#parse} gives, or built in code) into typed values,
 * collecting <em>every</em> problem with the JSON pointer of the offending value instead of failing at the first,
 * and throwing one exception at the end, of the caller's choosing.
 *
 * <pre>{@code
 * JsonTreeReader reader = JsonTreeReader.of(tree);
 * ObjectValue table = reader.root().object("pools", "internal_backend_target", "overrides");
 * String target = table.required("internal_backend_target").nonBlankString();
 * List<Pool> pools = table.required("pools").list(item -> readPool(item));
 * reader.throwIfProblems(problems ->
 *         new InvalidPolicyException(JsonProblem.describe("invalid routing table", problems)));
 * }</pre>
 *
 * <p><b>Values.</b> A {@link Value} is one value of the tree with its pointer. Its conversions ({@link Value#string()},
 * {@link Value#integer(int, int)}, {@link Value#enumValue}, {@link Value#list}, ...) return the converted value, or
 * record a problem at the value's pointer ({@code must be a string, found the number 7}) and return null. Methods that
 * return a reader type ({@link Value#object}, {@link Value#items()}, {@link Value#members()}) never return null: on
 * a problem they return an empty one, whose members read as absent without further problems, so a caller reads on
 * without null checks and one mistake is reported once.
 *
 * <p><b>Required and optional.</b> {@link ObjectValue#required(String)} records {@code required} at once when the
 * member is missing; a required member that is {@code null} fails its conversion ({@code found null}).
 * {@link ObjectValue#optional(String)} reads a missing member and a {@code null} one alike, as absent: conversions
 * return null (or the fallback given) without a problem. Array items, map values and the root are required.
 *
 * <p><b>Keys.</b> {@link Value#object(String...)} refuses every key it does not list
 * ({@code unknown key; expected one of a, b, c}), except {@value #SCHEMA_KEY} at the document root: a document may
 * always name the JSON Schema it follows (its value must be a string), so that editors can check it against the
 * schemas Keel ships.
 *
 * <p><b>Problems</b> are kept in the order found, at most {@value #MAX_PROBLEMS}; past that one last problem at the
 * root says how many more there were. {@link #throwIfProblems} hands them to the caller's exception factory, which
 * keeps them as values ({@code PolicyValidationException}) or as one message ({@link JsonProblem#describe}).
 *
 * <p>Numbers are judged by value ({@code 7.0} is the integer 7); messages show them short and as written
 * ({@link JsonNumbers#asWritten}), so a hostile number never expands into a huge message. Where a rule is about the
 * number as written, {@link Value#raw()} gives the parsed number for {@link JsonNumbers#writtenWithExponent}.
 *
 * <p>Not thread-safe: one reader reads one document, on one thread. Reading never changes the tree.
 */
public final class JsonTreeReader {

    /** Problems listed at most; more are counted in one last problem. */
    public static final int MAX_PROBLEMS = 100;

    /** The key every document root may carry, naming its JSON Schema. */
    public static final String SCHEMA_KEY = "$schema";

    private static final int MAX_QUOTED_LENGTH = 60;

    private final List<JsonProblem> problems = new ArrayList<>();
    private int unlisted;
    private final Value root;

    private JsonTreeReader(@Nullable Object tree, String pointer) {
        this.root = new Value(this, pointer, tree, true, true, true);
    }

    /** A reader of the document {@code tree}, whose pointers start at the root, {@code ""}. */
    public static JsonTreeReader of(@Nullable Object tree) {
        return of(tree, JsonPointers.ROOT);
    }

    /**
     * A reader of the document {@code tree} that stands at {@code pointer} in a larger tree (a policy given as the
     * member {@code policy} of a request, say): problems carry the full pointer, {@code /policy/roles}.
     */
    public static JsonTreeReader of(@Nullable Object tree, String pointer) {
        JsonPointers.parse(pointer); // checks it
        return new JsonTreeReader(tree, pointer);
    }

    /**
     * Reads {@code tree} with {@code body}, then throws what {@code failure} makes of the problems, if there were
     * any; otherwise returns what {@code body} returned.
     */
    public static <T, X extends KeelException> T read(@Nullable Object tree, Function<? super Value, ? extends T> body,
                                                      Function<? super List<JsonProblem>, X> failure) {
        JsonTreeReader reader = of(tree);
        T result = body.apply(reader.root());
        reader.throwIfProblems(failure);
        return result;
    }

    /** The document root. */
    public Value root() {
        return root;
    }

    /** Records a problem the caller found itself (a cross reference that does not resolve, say). */
    public void problem(String pointer, String message) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(new JsonProblem(pointer, message));
        } else {
            unlisted++;
        }
    }

    public boolean hasProblems() {
        return !problems.isEmpty();
    }

    /** The problems found so far, in the order found (unmodifiable). */
    public List<JsonProblem> problems() {
        if (unlisted == 0) {
            return List.copyOf(problems);
        }
        List<JsonProblem> all = new ArrayList<>(problems);
        all.add(new JsonProblem(root.pointer(), unlisted + " more " + (unlisted == 1 ? "problem" : "problems")
                + " not listed"));
        return Collections.unmodifiableList(all);
    }

    /**
     * Throws the exception {@code failure} makes of the problems found, if there are any.
     *
     * @throws X when a problem was found
     */
    public <X extends KeelException> void throwIfProblems(Function<? super List<JsonProblem>, X> failure) {
        if (hasProblems()) {
            throw failure.apply(problems());
        }
    }

    /** Whether a problem was recorded at {@code pointer} or below it. */
    private boolean hasProblemsAt(String pointer) {
        if (unlisted > 0) {
            return true;
        }
        for (JsonProblem problem : problems) {
            String at = problem.pointer();
            if (at.startsWith(pointer) && (at.length() == pointer.length() || at.charAt(pointer.length()) == '/')) {
                return true;
            }
        }
        return false;
    }

    /**
     * How a value is named in a message, short whatever its size: {@code null}, {@code true}, {@code 'text'} (cut to
     * 60 characters), {@code the number 0.80} ({@link JsonNumbers#asWritten}), {@code an object}, {@code an array}.
     */
    public static String describe(@Nullable Object value) {
        if (value instanceof String) {
            String text = (String) value;
            return "'" + (text.length() <= MAX_QUOTED_LENGTH ? text : text.substring(0, MAX_QUOTED_LENGTH - 3) + "...")
                    + "'";
        }
        if (value instanceof Number) {
            return "the number " + JsonNumbers.asWritten((Number) value);
        }
        if (value instanceof Boolean) {
            return value.toString();
        }
        return JsonCodec.describe(value);
    }

    private static String listed(Collection<String> names) {
        return String.join(", ", new TreeSet<>(names));
    }

    /**
     * One value of the tree, with its pointer: present, {@code null}, or absent (a member that is not there). See
     * {@link JsonTreeReader} for what its conversions do. Not thread-safe.
     */
    public static final class Value {

        private final JsonTreeReader reader;
        private final String pointer;
        private final @Nullable Object value;
        private final boolean present;
        /** Whether reading {@code null} here is a problem (and reading a missing value was one). */
        private final boolean required;
        private final boolean documentRoot;

        private Value(JsonTreeReader reader, String pointer, @Nullable Object value, boolean present, boolean required,
                      boolean documentRoot) {
            this.reader = reader;
            this.pointer = pointer;
            this.value = value;
            this.present = present;
            this.required = required;
            this.documentRoot = documentRoot;
        }

        /** The JSON pointer of this value. */
        public String pointer() {
            return pointer;
        }

        /** The value as it is in the tree; null when it is {@code null} or absent. */
        public @Nullable Object raw() {
            return value;
        }

        /** Whether the value is there and not {@code null}. */
        public boolean isPresent() {
            return present && value != null;
        }

        /** Whether the value is there and {@code null}. */
        public boolean isNull() {
            return present && value == null;
        }

        /** Records a problem at this value's pointer. */
        public void problem(String message) {
            reader.problem(pointer, message);
        }

        /** Nothing to convert: absent (reported already where required), or an optional {@code null}. */
        private boolean nothing() {
            return !present || (value == null && !required);
        }

        /*
         * The reading protocol: a conversion returns null only after recording a problem (then build() never runs
         * the constructor that would use it, and throwIfProblems ends the read) or for an absent optional value,
         * which its caller checks. Its result is read as a value, so its null returns are not a nullable type.
         */
        @SuppressWarnings("NullAway") // see the reading protocol above
        private <T> T wrongType(String expected) {
            problem("must be " + expected + ", found " + describe(value));
            return null;
        }

        // ---- scalars ----

        /** The value as a string. */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public String string() {
            if (nothing()) {
                return null;
            }
            return value instanceof String ? (String) value : wrongType("a string");
        }

        /** The value as a string that is not empty and not only white space. */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public String nonBlankString() {
            if (nothing()) {
                return null;
            }
            if (value instanceof String && !((String) value).isBlank()) {
                return (String) value;
            }
            return wrongType("a non-blank string");
        }

        /** The value as a boolean. */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public Boolean bool() {
            if (nothing()) {
                return null;
            }
            return value instanceof Boolean ? (Boolean) value : wrongType("a boolean");
        }

        /** The value as a boolean; {@code fallback} when it is absent (or wrong, after recording the problem). */
        public boolean bool(boolean fallback) {
            Boolean read = bool();
            return read == null ? fallback : read;
        }

        /** The value as an exact decimal (any {@link Number} the tree holds, NaN and infinities aside). */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public BigDecimal decimal() {
            if (nothing()) {
                return null;
            }
            BigDecimal decimal = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
            return decimal != null ? decimal : wrongType("a number");
        }

        /** The value as a decimal from {@code min} to {@code max} (either null for no bound on that side). */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public BigDecimal decimal(@Nullable BigDecimal min, @Nullable BigDecimal max) {
            if (nothing()) {
                return null;
            }
            BigDecimal decimal = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
            if (decimal == null || (min != null && decimal.compareTo(min) < 0)
                    || (max != null && decimal.compareTo(max) > 0)) {
                return wrongType("a number" + range(min, max));
            }
            return decimal;
        }

        /** The value as an integer (a number with no fraction: {@code 7} or {@code 7.0}) that fits an {@code int}. */
        public Integer integer() {
            return integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
        }

        /** The value as an integer from {@code min} to {@code max}, both included. */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public Integer integer(int min, int max) {
            if (nothing()) {
                return null;
            }
            BigDecimal decimal = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
            // The range first: compareTo never expands a number; a number in an int's range is small.
            if (decimal == null || decimal.compareTo(BigDecimal.valueOf(min)) < 0
                    || decimal.compareTo(BigDecimal.valueOf(max)) > 0
                    || (decimal.signum() != 0 && decimal.stripTrailingZeros().scale() > 0)) {
                return wrongType("an integer" + range(min == Integer.MIN_VALUE ? null : BigDecimal.valueOf(min),
                        max == Integer.MAX_VALUE ? null : BigDecimal.valueOf(max)));
            }
            return decimal.intValue();
        }

        private static String range(@Nullable BigDecimal min, @Nullable BigDecimal max) {
            if (min != null && max != null) {
                return " from " + JsonNumbers.asWritten(min) + " to " + JsonNumbers.asWritten(max);
            }
            if (min != null) {
                return " of at least " + JsonNumbers.asWritten(min);
            }
            return max != null ? " of at most " + JsonNumbers.asWritten(max) : "";
        }

        /**
         * The value as the constant of {@code type} whose wire name ({@code wireName}) it is, exactly:
         * {@code must be one of a, b, c, found 'x'} otherwise.
         */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public <E extends Enum<E>> E enumValue(Class<E> type, Function<? super E, String> wireName) {
            if (nothing()) {
                return null;
            }
            E[] constants = type.getEnumConstants();
            if (value instanceof String) {
                for (E constant : constants) {
                    if (wireName.apply(constant).equals(value)) {
                        return constant;
                    }
                }
            }
            return wrongType("one of " + String.join(", ", Arrays.stream(constants).map(wireName).toList()));
        }

        /** The value when it is a string, number (as a {@link BigDecimal}), boolean or {@code null}. */
        public @Nullable Object scalar() {
            if (!present || value == null || value instanceof String || value instanceof Boolean) {
                return value;
            }
            BigDecimal decimal = value instanceof Number ? JsonNumbers.decimal((Number) value) : null;
            return decimal != null ? decimal : wrongType("a string, number, boolean or null");
        }

        /** Records {@code must be <expected>} unless the value equals {@code expected}; true when it does. */
        public boolean mustEqual(Object expected) {
            if (nothing()) {
                return false; // absent (reported already if it had to be there), or an optional null
            }
            if (expected == null ? value == null : expected.equals(value)) {
                return true;
            }
            problem("must be " + (expected instanceof String ? "'" + expected + "'" : String.valueOf(expected))
                    + ", found " + describe(value));
            return false;
        }

        // ---- containers ----

        /**
         * The value as an object with no keys but {@code keys} (and {@value #SCHEMA_KEY} at the document root);
         * each other key is a problem: {@code unknown key; expected one of ...}.
         */
        public ObjectValue object(String... keys) {
            return object(Arrays.asList(keys));
        }

        /** As {@link #object(String...)}. */
        public ObjectValue object(Collection<String> keys) {
            return anyObject().only(keys);
        }

        /**
         * The value as an object whose keys are not checked yet: the caller reads what decides them (a {@code type}
         * member, say) and then calls {@link ObjectValue#only}. For an object of arbitrary keys use
         * {@link #members()} or {@link #map}.
         */
        public ObjectValue anyObject() {
            if (nothing()) {
                return new ObjectValue(this, Map.of(), false);
            }
            if (!(value instanceof Map)) {
                wrongType("an object");
                return new ObjectValue(this, Map.of(), false);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> members = (Map<String, Object>) value;
            return new ObjectValue(this, members, true);
        }

        /**
         * The members of an object of arbitrary keys (names of roles, of providers), in order, each required; empty
         * when the value is absent or not an object. At the document root, {@value #SCHEMA_KEY} is not a member.
         */
        public Map<String, Value> members() {
            ObjectValue object = anyObject();
            Map<String, Value> members = new LinkedHashMap<>();
            for (String key : object.members.keySet()) {
                if (!(documentRoot && SCHEMA_KEY.equals(key))) {
                    members.put(key, object.required(key));
                }
            }
            return Collections.unmodifiableMap(members);
        }

        /**
         * An object of arbitrary keys as a map of what {@code member} reads from each value, in order; null when the
         * value is absent or not an object. Values {@code member} reads as null are left out (it recorded a problem,
         * or chose to drop them).
         */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public <T> Map<String, T> map(Function<? super Value, ? extends T> member) {
            if (nothing() || !(value instanceof Map)) {
                members();
                return null;
            }
            Map<String, T> map = new LinkedHashMap<>();
            members().forEach((key, child) -> {
                T read = member.apply(child);
                if (read != null) {
                    map.put(key, read);
                }
            });
            return Collections.unmodifiableMap(map);
        }

        /** The items of an array, each required; empty when the value is absent or not an array. */
        public List<Value> items() {
            if (nothing()) {
                return List.of();
            }
            if (!(value instanceof List)) {
                wrongType("an array");
                return List.of();
            }
            List<?> list = (List<?>) value;
            List<Value> items = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                items.add(new Value(reader, JsonPointers.child(pointer, i), list.get(i), true, true, false));
            }
            return Collections.unmodifiableList(items);
        }

        /**
         * An array as a list of what {@code item} reads from each item, in order; null when the value is absent or
         * not an array. Items {@code item} reads as null are left out (it recorded a problem, or chose to drop them).
         */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public <T> List<T> list(Function<? super Value, ? extends T> item) {
            if (nothing() || !(value instanceof List)) {
                items();
                return null;
            }
            List<T> list = new ArrayList<>();
            for (Value child : items()) {
                T read = item.apply(child);
                if (read != null) {
                    list.add(read);
                }
            }
            return Collections.unmodifiableList(list);
        }

        /** An array of strings; null when the value is absent or not an array. */
        public List<String> strings() {
            return list(Value::string);
        }

        // ---- building ----

        /**
         * Runs {@code constructor}, which builds a value from what was read here, unless a problem was recorded at or
         * below this pointer already (then what it needs may be missing) or the value is absent. When it throws a
         * {@link KeelException} or an {@link IllegalArgumentException} (an invariant of the built value), its message
         * becomes a problem at this pointer. Returns what it built, or null.
         */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public <T> T build(Supplier<? extends T> constructor) {
            if (nothing() || reader.hasProblemsAt(pointer)) {
                return null;
            }
            try {
                return constructor.get();
            } catch (KeelException | IllegalArgumentException e) {
                problem(String.valueOf(e.getMessage()));
                return null;
            }
        }

        @Override
        public String toString() {
            return JsonPointers.display(pointer) + " = " + describe(value);
        }
    }

    /**
     * An object of the tree, with its pointer: its members read as {@link Value}s. One that is absent or was not an
     * object has no members, and reading them records nothing. Not thread-safe.
     */
    public static final class ObjectValue {

        private final Value self;
        private final Map<String, Object> members;
        private final boolean present;

        private ObjectValue(Value self, Map<String, Object> members, boolean present) {
            this.self = self;
            this.members = members;
            this.present = present;
        }

        /** The JSON pointer of this object. */
        public String pointer() {
            return self.pointer;
        }

        /** Whether this was an object (and not absent, {@code null} or another kind of value). */
        public boolean isPresent() {
            return present;
        }

        /** The keys, in document order ({@value JsonTreeReader#SCHEMA_KEY} among them, where the document has it). */
        public Set<String> keys() {
            return Collections.unmodifiableSet(members.keySet());
        }

        /** Whether the member {@code key} is there, even as {@code null}. */
        public boolean has(String key) {
            return members.containsKey(key);
        }

        /** The member {@code key}, which must be there: {@code required} is recorded at once when it is not. */
        public Value required(String key) {
            String at = JsonPointers.child(self.pointer, key);
            if (present && !members.containsKey(key)) {
                self.reader.problem(at, "required");
            }
            return new Value(self.reader, at, members.get(key), members.containsKey(key), present, false);
        }

        /** The member {@code key}, which may be missing or {@code null}; both read as absent. */
        public Value optional(String key) {
            return new Value(self.reader, JsonPointers.child(self.pointer, key), members.get(key),
                    members.containsKey(key), false, false);
        }

        /**
         * Refuses every key but {@code keys} (and {@value JsonTreeReader#SCHEMA_KEY}, which must name a schema as a
         * string, at the document root), recording one problem per unknown key. Returns this object.
         */
        public ObjectValue only(String... keys) {
            return only(Arrays.asList(keys));
        }

        /** As {@link #only(String...)}. */
        public ObjectValue only(Collection<String> keys) {
            Set<String> known = Set.copyOf(keys);
            for (Map.Entry<String, Object> member : members.entrySet()) {
                String key = member.getKey();
                if (self.documentRoot && SCHEMA_KEY.equals(key) && !known.contains(key)) {
                    if (!(member.getValue() instanceof String)) {
                        self.reader.problem(JsonPointers.child(self.pointer, key), "must be a string (the URI of a "
                                + "JSON Schema), found " + describe(member.getValue()));
                    }
                } else if (!known.contains(key)) {
                    self.reader.problem(JsonPointers.child(self.pointer, key), known.isEmpty()
                            ? "unknown key; this object takes no keys"
                            : "unknown key; expected one of " + listed(known));
                }
            }
            return this;
        }

        /** Records a problem at this object's pointer. */
        public void problem(String message) {
            self.problem(message);
        }

        /** As {@link Value#build}, for this object. */
        @SuppressWarnings("NullAway") // see the reading protocol above
        public <T> T build(Supplier<? extends T> constructor) {
            return present ? self.build(constructor) : null;
        }

        @Override
        public String toString() {
            return JsonPointers.display(self.pointer) + " = " + (present ? "an object" : "no object");
        }
    }
}
