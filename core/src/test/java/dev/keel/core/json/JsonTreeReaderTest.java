package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidContractException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.KeelException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class JsonTreeReaderTest {

    private final JsonCodec codec = JsonCodec.strict();

    enum Mode {
        FAST("fast"), CAREFUL("careful_v2");

        private final String wireName;

        Mode(String wireName) {
            this.wireName = wireName;
        }

        String wireName() {
            return wireName;
        }
    }

    private JsonTreeReader reader(String json) {
        return JsonTreeReader.of(codec.parse(json));
    }

    private static List<String> problems(JsonTreeReader reader) {
        return reader.problems().stream().map(JsonProblem::toString).toList();
    }

    @Nested
    class Scalars {

        @Test
        void readsEachTypeAndNamesTheWrongOnesByPointer() {
            JsonTreeReader reader = reader("{\"s\": \"x\", \"b\": true, \"i\": 7, \"d\": 0.80, \"m\": \"careful_v2\","
                    + " \"bad_s\": 7, \"bad_b\": \"yes\", \"bad_i\": 7.5, \"bad_d\": \"0.8\", \"bad_m\": \"slow\"}");
            ObjectValue root = reader.root().anyObject();

            assertThat(root.required("s").string()).isEqualTo("x");
            assertThat(root.required("b").bool()).isTrue();
            assertThat(root.required("i").integer()).isEqualTo(7);
            assertThat(root.required("d").decimal()).isEqualTo(new BigDecimal("0.80")).extracting(BigDecimal::scale).isEqualTo(2);
            assertThat(root.required("m").enumValue(Mode.class, Mode::wireName)).isEqualTo(Mode.CAREFUL);
            assertThat(reader.hasProblems()).isFalse();

            assertThat(root.required("bad_s").string()).isNull();
            assertThat(root.required("bad_b").bool()).isNull();
            assertThat(root.required("bad_i").integer()).isNull();
            assertThat(root.required("bad_d").decimal()).isNull();
            assertThat(root.required("bad_m").enumValue(Mode.class, Mode::wireName)).isNull();
            assertThat(problems(reader)).containsExactly(
                    "/bad_s: must be a string, found the number 7",
                    "/bad_b: must be a boolean, found 'yes'",
                    "/bad_i: must be an integer, found the number 7.5",
                    "/bad_d: must be a number, found '0.8'",
                    "/bad_m: must be one of fast, careful_v2, found 'slow'");
        }

        @Test
        void nonBlankStringsRefuseEmptyAndWhiteSpace() {
            JsonTreeReader reader = reader("[\"a\", \"\", \" \\t\", null]");
            List<Value> items = reader.root().items();

            assertThat(items).extracting(Value::nonBlankString).containsExactly("a", null, null, null);
            assertThat(problems(reader)).containsExactly("/1: must be a non-blank string, found ''",
                    "/2: must be a non-blank string, found ' \t'", "/3: must be a non-blank string, found null");
        }

        @Test
        void integersAreWholeNumbersWithinTheBoundsWhateverTheirNotation() {
            JsonTreeReader reader = reader("[7, 7.0, 7e0, 70e-1, 0, -0.0, 21, -1, 2147483648, 1e1000, 0.5]");
            List<Integer> read = new ArrayList<>();
            reader.root().items().forEach(item -> read.add(item.integer(-1, 20)));

            assertThat(read).containsExactly(7, 7, 7, 7, 0, 0, null, -1, null, null, null);
            assertThat(problems(reader)).containsExactly(
                    "/6: must be an integer from -1 to 20, found the number 21",
                    "/8: must be an integer from -1 to 20, found the number 2147483648",
                    "/9: must be an integer from -1 to 20, found the number 1e1000",
                    "/10: must be an integer from -1 to 20, found the number 0.5");
        }

        @Test
        void integersAndDecimalsTakeNumbersBuiltInCode() {
            JsonTreeReader reader = JsonTreeReader.of(Arrays.asList(3, 4L, 2.5, (short) 1, Double.NaN));
            List<Value> items = reader.root().items();

            assertThat(items.get(0).integer()).isEqualTo(3);
            assertThat(items.get(1).integer()).isEqualTo(4);
            assertThat(items.get(2).decimal()).isEqualTo(new BigDecimal("2.5"));
            assertThat(items.get(3).integer(0, 1)).isEqualTo(1);
            assertThat(items.get(4).decimal()).isNull();
            assertThat(problems(reader)).containsExactly("/4: must be a number, found the number NaN");
        }

        @Test
        void decimalsWithinBounds() {
            JsonTreeReader reader = reader("[0.5, 1.01, -0.01, 3]");
            List<Value> items = reader.root().items();

            assertThat(items.get(0).decimal(BigDecimal.ZERO, BigDecimal.ONE)).isEqualTo(new BigDecimal("0.5"));
            assertThat(items.get(1).decimal(BigDecimal.ZERO, BigDecimal.ONE)).isNull();
            assertThat(items.get(2).decimal(BigDecimal.ZERO, null)).isNull();
            assertThat(items.get(3).decimal(null, BigDecimal.ONE)).isNull();
            assertThat(problems(reader)).containsExactly("/1: must be a number from 0 to 1, found the number 1.01",
                    "/2: must be a number of at least 0, found the number -0.01",
                    "/3: must be a number of at most 1, found the number 3");
        }

        @Test
        void hostileNumbersAndStringsAreShownShort() {
            Map<String, Object> tree = new LinkedHashMap<>();
            tree.put("n", new BigDecimal("-1e2000000000"));
            tree.put("s", "x".repeat(100_000));
            JsonTreeReader reader = JsonTreeReader.of(tree);
            ObjectValue root = reader.root().anyObject();

            root.required("n").integer(0, 10);
            root.required("s").integer(0, 10);

            assertThat(problems(reader)).containsExactly("/n: must be an integer from 0 to 10, found the number -1E+2000000000",
                    "/s: must be an integer from 0 to 10, found '" + "x".repeat(57) + "...'");
        }

        @Test
        void scalarsAndConstants() {
            JsonTreeReader reader = reader("{\"a\": 1.50, \"b\": null, \"c\": [1], \"v\": \"v1\", \"w\": \"v2\"}");
            ObjectValue root = reader.root().anyObject();

            assertThat(root.required("a").scalar()).isEqualTo(new BigDecimal("1.50"));
            assertThat(root.required("b").scalar()).isNull();
            assertThat(root.required("c").scalar()).isNull();
            assertThat(root.required("v").mustEqual("v1")).isTrue();
            assertThat(root.required("w").mustEqual("v1")).isFalse();
            assertThat(root.optional("absent").mustEqual("v1")).isFalse();
            assertThat(problems(reader)).containsExactly("/c: must be a string, number, boolean or null, found an array",
                    "/w: must be 'v1', found 'v2'");
        }
    }

    @Nested
    class RequiredAndOptional {

        @Test
        void aMissingRequiredMemberIsOneProblemAndAnOptionalOneNone() {
            JsonTreeReader reader = reader("{\"present\": 1}");
            ObjectValue root = reader.root().anyObject();

            assertThat(root.required("missing").string()).isNull();
            assertThat(root.required("other").integer(0, 1)).isNull();
            assertThat(root.optional("maybe").string()).isNull();
            assertThat(root.optional("flag").bool(true)).isTrue();
            assertThat(problems(reader)).containsExactly("/missing: required", "/other: required");
        }

        @Test
        void nullIsAbsentWhenOptionalAndWrongWhenRequired() {
            JsonTreeReader reader = reader("{\"a\": null, \"b\": null}");
            ObjectValue root = reader.root().anyObject();

            assertThat(root.optional("a").string()).isNull();
            assertThat(root.optional("a").isNull()).isTrue();
            assertThat(root.optional("a").isPresent()).isFalse();
            assertThat(root.optional("a").strings()).isNull();
            assertThat(root.optional("a").items()).isEmpty();
            assertThat(root.optional("a").anyObject().isPresent()).isFalse();
            assertThat(root.required("b").string()).isNull();
            assertThat(root.has("a")).isTrue();
            assertThat(root.has("c")).isFalse();
            assertThat(problems(reader)).containsExactly("/b: must be a string, found null");
        }

        @Test
        void membersOfAnAbsentOrWrongObjectReadAsAbsentWithoutMoreProblems() {
            JsonTreeReader reader = reader("{\"wrong\": [1]}");
            ObjectValue root = reader.root().object("wrong", "missing", "optional");

            ObjectValue wrong = root.required("wrong").object("x");
            ObjectValue missing = root.required("missing").object("x");
            ObjectValue optional = root.optional("optional").object("x");

            for (ObjectValue object : List.of(wrong, missing, optional)) {
                assertThat(object.isPresent()).isFalse();
                assertThat(object.required("x").string()).isNull();
                assertThat(object.required("x").items()).isEmpty();
                assertThat(object.keys()).isEmpty();
            }
            assertThat(problems(reader)).containsExactly("/wrong: must be an object, found an array", "/missing: required");
        }
    }

    @Nested
    class Keys {

        @Test
        void refusesUnknownKeysListingTheExpectedOnes() {
            JsonTreeReader reader = reader("{\"b\": 1, \"typo\": 2, \"a\": {\"z\": 1, \"x\": 2}}");
            ObjectValue root = reader.root().object("a", "b");
            root.required("a").object();

            assertThat(problems(reader)).containsExactly("/typo: unknown key; expected one of a, b",
                    "/a/z: unknown key; this object takes no keys", "/a/x: unknown key; this object takes no keys");
        }

        @Test
        void acceptsASchemaKeyAtTheDocumentRootOnly() {
            JsonTreeReader reader = reader("{\"$schema\": \"https://example.org/s.json\", \"a\": {\"$schema\": \"x\"}}");
            reader.root().object("a").required("a").object();

            assertThat(problems(reader)).containsExactly("/a/$schema: unknown key; this object takes no keys");
            assertThat(JsonTreeReader.of(codec.parse("{\"$schema\": \"s\", \"k\": 1}")).root().members()).containsOnlyKeys("k");
        }

        @Test
        void theSchemaKeyMustNameASchema() {
            JsonTreeReader reader = reader("{\"$schema\": 7}");
            reader.root().object();

            assertThat(problems(reader)).containsExactly("/$schema: must be a string (the URI of a JSON Schema), found the number 7");
        }

        @Test
        void checksKeysLaterWhenAMemberDecidesThem() {
            JsonTreeReader reader = reader("[{\"type\": \"integer\", \"minimum\": 0}, {\"type\": \"string\", \"minimum\": 0}]");
            for (Value item : reader.root().items()) {
                ObjectValue shape = item.anyObject();
                String type = shape.required("type").string();
                shape.only("integer".equals(type) ? List.of("type", "minimum") : List.of("type"));
            }

            assertThat(problems(reader)).containsExactly("/1/minimum: unknown key; expected one of type");
        }

        @Test
        void escapesKeysInPointers() {
            JsonTreeReader reader = reader("{\"a/b\": {\"m~n\": true}}");
            reader.root().anyObject().required("a/b").object().required("missing");

            assertThat(problems(reader)).containsExactly("/a~1b/m~0n: unknown key; this object takes no keys",
                    "/a~1b/missing: required");
        }
    }

    @Nested
    class Containers {

        @Test
        void listsAndMapsOfWhatTheReaderReads() {
            JsonTreeReader reader = reader("{\"l\": [\"a\", 1, \"b\"], \"m\": {\"x\": 1, \"y\": \"two\", \"z\": 3}}");
            ObjectValue root = reader.root().anyObject();

            assertThat(root.required("l").strings()).containsExactly("a", "b");
            assertThat(root.required("m").map(value -> value.integer(0, 9))).containsExactly(Map.entry("x", 1), Map.entry("z", 3));
            assertThat(problems(reader)).containsExactly("/l/1: must be a string, found the number 1",
                    "/m/y: must be an integer from 0 to 9, found 'two'");
        }

        @Test
        void absentContainersAreNullAsDataAndEmptyToWalk() {
            JsonTreeReader reader = reader("{\"s\": \"not a list\"}");
            ObjectValue root = reader.root().anyObject();

            assertThat(root.optional("l").list(Value::string)).isNull();
            assertThat(root.optional("m").map(Value::string)).isNull();
            assertThat(root.optional("l").items()).isEmpty();
            assertThat(root.optional("m").members()).isEmpty();
            assertThat(root.required("s").strings()).isNull();
            assertThat(root.required("s").members()).isEmpty();
            assertThat(problems(reader)).containsExactly("/s: must be an array, found 'not a list'",
                    "/s: must be an object, found 'not a list'");
        }

        @Test
        void listsKeepOrderAndAreUnmodifiable() {
            JsonTreeReader reader = reader("{\"b\": [3, 1, 2], \"a\": {\"k2\": 1, \"k1\": 2}}");
            ObjectValue root = reader.root().anyObject();

            List<Integer> list = root.required("b").list(Value::integer);
            Map<String, Value> members = root.required("a").members();

            assertThat(list).containsExactly(3, 1, 2);
            assertThat(members.keySet()).containsExactly("k2", "k1");
            assertThat(members.get("k1").pointer()).isEqualTo("/a/k1");
            assertThat(root.keys()).containsExactly("b", "a");
            assertThatThrownBy(() -> list.add(4)).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> members.clear()).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Nested
    class Problems {

        @Test
        void collectsEveryProblemAndThrowsOnceWithTheCallersException() {
            JsonTreeReader reader = reader("{\"id\": 7, \"kind\": \"slow\", \"extra\": true}");
            ObjectValue root = reader.root().object("id", "kind", "purpose");
            root.required("id").string();
            root.required("kind").enumValue(Mode.class, Mode::wireName);
            root.required("purpose").string();

            assertThatThrownBy(() -> reader.throwIfProblems(problems -> new InvalidContractException(
                    JsonProblem.describe("invalid stage contract", problems))))
                    .isInstanceOf(InvalidContractException.class)
                    .hasMessage("invalid stage contract: /extra: unknown key; expected one of id, kind, purpose; "
                            + "/id: must be a string, found the number 7; /kind: must be one of fast, careful_v2, found 'slow'; "
                            + "/purpose: required")
                    .extracting(e -> ((KeelException) e).code()).isEqualTo("invalid_contract");
        }

        @Test
        void throwsNothingWithoutProblems() {
            JsonTreeReader reader = reader("{\"id\": \"x\"}");
            reader.root().object("id").required("id").string();

            reader.throwIfProblems(problems -> new InvalidInputException("invalid_input", "unexpected"));
            assertThat(reader.problems()).isEmpty();
        }

        @Test
        void readsInOneCallKeepingTheProblemsAsValues() {
            class Invalid extends InvalidInputException {
                final transient List<JsonProblem> problems;

                Invalid(List<JsonProblem> problems) {
                    super("invalid_policy", JsonProblem.describe("invalid policy", problems));
                    this.problems = problems;
                }
            }

            String read = JsonTreeReader.read(codec.parse("{\"a\": \"x\"}"), root -> root.object("a").required("a").string(),
                    Invalid::new);
            assertThat(read).isEqualTo("x");
            assertThatThrownBy(() -> JsonTreeReader.read(codec.parse("{\"a\": 1, \"b\": 2}"),
                    root -> root.object("a").required("a").string(), Invalid::new))
                    .isInstanceOfSatisfying(Invalid.class, e -> assertThat(e.problems).containsExactly(
                            new JsonProblem("/b", "unknown key; expected one of a"),
                            new JsonProblem("/a", "must be a string, found the number 1")));
        }

        @Test
        void anEmbeddedDocumentReportsFullPointers() {
            JsonTreeReader reader = JsonTreeReader.of(codec.parse("{\"$schema\": \"s\", \"roles\": 1}"), "/policy");
            reader.root().object("roles").required("roles").members();

            assertThat(problems(reader)).containsExactly("/policy/roles: must be an object, found the number 1");
            assertThatThrownBy(() -> JsonTreeReader.of(Map.of(), "policy")).isInstanceOf(InvalidInputException.class);
        }

        @Test
        void theRootIsRequired() {
            JsonTreeReader reader = JsonTreeReader.of(null);
            reader.root().object("a");
            JsonTreeReader list = JsonTreeReader.of(List.of());
            list.root().object("a");

            assertThat(problems(reader)).containsExactly("/: must be an object, found null");
            assertThat(problems(list)).containsExactly("/: must be an object, found an array");
        }

        @Test
        void callersAddTheirOwnProblems() {
            JsonTreeReader reader = reader("{\"provider\": \"nowhere\"}");
            Value provider = reader.root().object("provider").required("provider");
            if (!"somewhere".equals(provider.string())) {
                provider.problem("names no provider: 'nowhere' is not under /providers");
            }
            reader.problem("/providers", "must name at least one provider");

            assertThat(problems(reader)).containsExactly("/provider: names no provider: 'nowhere' is not under /providers",
                    "/providers: must name at least one provider");
        }

        @Test
        void listsAHundredProblemsAndCountsTheRest() {
            StringBuilder json = new StringBuilder("{");
            for (int i = 0; i < 250; i++) {
                json.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
            }
            JsonTreeReader reader = reader(json.append('}').toString());
            reader.root().object("a");

            assertThat(reader.problems()).hasSize(JsonTreeReader.MAX_PROBLEMS + 1)
                    .last().isEqualTo(new JsonProblem("", "150 more problems not listed"));
        }
    }

    @Nested
    class Building {

        record Range(BigDecimal min, BigDecimal max) {
            Range {
                if (min.compareTo(max) > 0) {
                    throw new IllegalArgumentException("min " + min + " is above max " + max);
                }
            }
        }

        private Range range(Value value) {
            ObjectValue range = value.object("min", "max");
            BigDecimal min = range.required("min").decimal();
            BigDecimal max = range.required("max").decimal();
            return range.build(() -> new Range(min, max));
        }

        @Test
        void anInvariantBrokenByWhatWasReadIsAProblemAtItsPointer() {
            JsonTreeReader reader = reader("[{\"min\": 1, \"max\": 2}, {\"min\": 3, \"max\": 2}, {\"min\": \"x\", \"max\": 2}, 7]");
            List<Range> ranges = reader.root().list(this::range);

            assertThat(ranges).containsExactly(new Range(BigDecimal.ONE, BigDecimal.valueOf(2)));
            assertThat(problems(reader)).containsExactly("/1: min 3 is above max 2", "/2/min: must be a number, found 'x'",
                    "/3: must be an object, found the number 7");
        }

        @Test
        void aConstructorIsNotRunOverAProblemBelowIt() {
            JsonTreeReader reader = reader("{\"a\": {\"min\": null, \"max\": 1}, \"ab\": {\"min\": 0, \"max\": 1}}");
            ObjectValue root = reader.root().object("a", "ab");

            assertThat(range(root.required("a"))).isNull();
            assertThat(range(root.required("ab"))).isEqualTo(new Range(BigDecimal.ZERO, BigDecimal.ONE));
            assertThat(problems(reader)).containsExactly("/a/min: must be a number, found null");
        }
    }

    @Test
    void describesValuesShort() {
        assertThat(JsonTreeReader.describe(null)).isEqualTo("null");
        assertThat(JsonTreeReader.describe(true)).isEqualTo("true");
        assertThat(JsonTreeReader.describe("text")).isEqualTo("'text'");
        assertThat(JsonTreeReader.describe(new BigDecimal("0.80"))).isEqualTo("the number 0.80");
        assertThat(JsonTreeReader.describe(codec.parse("80e-2"))).isEqualTo("the number 80e-2");
        assertThat(JsonTreeReader.describe(Map.of())).isEqualTo("an object");
        assertThat(JsonTreeReader.describe(List.of())).isEqualTo("an array");
    }
}
