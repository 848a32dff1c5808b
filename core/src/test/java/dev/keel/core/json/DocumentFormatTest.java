package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DocumentFormatTest {

    record Item(String id, String pattern, @JsonProperty("flag") Boolean enabled) {
    }

    record Sample(String name, Integer count, String kind, java.math.BigDecimal ratio, String word, List<String> tags, Map<String, List<String>> groups,
            List<Item> items) {
    }

    static final DocumentFormat<Sample> FORMAT = DocumentFormat.builder(Sample.class,
                    "dev/keel/core/json/sample.schema.json")
            .stringKeyword("even", text -> text.length() % 2 == 0 ? Optional.empty()
                    : Optional.of("must have an even length, found " + text.length()))
            .build();

    static final class Bad extends RuntimeException {
        final transient List<JsonProblem> problems;

        Bad(List<JsonProblem> problems) {
            super(problems.toString());
            this.problems = problems;
        }
    }

    private static List<JsonProblem> problems(String json) {
        try {
            FORMAT.read(JsonCodec.strict().parse(json), "", Bad::new);
            return List.of();
        } catch (Bad e) {
            return e.problems;
        }
    }

    @Test
    void everyProblemIsReportedAtOnceByPointerInAnAuthorsWords() {
        assertThat(problems("{\"name\": \" \", \"count\": 7.5, \"kind\": \"c\", \"tags\": [\"x\", \"x\", 7],"
                + " \"groups\": {\"Bad Name\": [\"a\"]}, \"items\": [{\"pattern\": \"abc\", \"flag\": \"yes\","
                + " \"other\": 1}], \"extra\": null}")).extracting(JsonProblem::toString).containsExactly(
                "/count: must be an integer, found the number 7.5",
                "/extra: unknown key; expected one of count, groups, items, kind, name, ratio, tags, word",
                "/groups/Bad Name: group name must be lower-case",
                "/items/0/flag: must be a boolean, found 'yes'",
                "/items/0/id: is required",
                "/items/0/other: unknown key; expected one of flag, id, pattern",
                "/items/0/pattern: must have an even length, found 3",
                "/kind: must be one of a, b, found 'c'",
                "/name: must not be blank",
                "/tags: must not repeat an entry",
                "/tags/2: must be a string, found the number 7");
        assertThat(problems("{\"name\": \"abcdefghijkl\", \"count\": 11, \"groups\": {}, \"items\": [null]}"))
                .extracting(JsonProblem::toString).containsExactly("/count: must be at most 10, found the number 11",
                        "/groups: must have at least 1 member", "/items/0: must be an object, found null",
                        "/name: must be at most 10 characters long");
        assertThat(problems("[1]")).extracting(JsonProblem::toString).containsExactly("/: must be an object, found an array");
    }

    @Test
    void aKeyThatNeedsEscapingKeepsItsPointerAndAnEmbeddedDocumentIsNamedFromItsPlace() {
        Map<String, Object> tree = Map.of("name", "n", "items", List.of(), "groups", Map.of("a/b~", List.of()));

        assertThatThrownBy(() -> FORMAT.read(tree, "/sample", Bad::new))
                .isInstanceOfSatisfying(Bad.class, e -> assertThat(e.problems).containsExactly(
                        new JsonProblem("/sample/groups/a~1b~0", "group name must be lower-case")));
    }

    @Test
    void aValidDocumentBindsStrictlyAndWritesBackThroughTheSameBinding() {
        String json = "{\"$schema\": \"https://keel.dev/schema/test/sample.schema.json\", \"name\": \"n\","
                + " \"count\": 7.0, \"groups\": {\"g\": [\"x\"]}, \"items\": [{\"id\": \"ab\", \"flag\": true}]}";

        Sample sample = FORMAT.read(JsonCodec.strict().parse(json), "", Bad::new);

        assertThat(sample).isEqualTo(new Sample("n", 7, null, null, null, null, Map.of("g", List.of("x")),
                List.of(new Item("ab", null, true))));
        assertThat(JsonCodec.strict().write(FORMAT.write(sample)))
                .isEqualTo("{\"name\":\"n\",\"count\":7,\"groups\":{\"g\":[\"x\"]},\"items\":[{\"id\":\"ab\",\"flag\":true}]}");
        assertThat(FORMAT.problems(new Sample("n", -1, null, null, null, null, null, List.of())))
                .containsExactly(new JsonProblem("/count", "must be at least 0"));
    }

    @Test
    void aPartOfADocumentIsValidatedAgainstItsPartOfTheSchema() {
        assertThat(FORMAT.problems(List.of(new Item("ab", "odd", null)), "/properties/items", "/items"))
                .containsExactly(new JsonProblem("/items/0/pattern", "must have an even length, found 3"));
    }

    /**
     * The schema's patterns run on RE2/J: a pattern that needs backtracking is refused when the format is built, and
     * one a backtracking engine would take 2^40 steps on is answered at once.
     */
    @Test
    void schemaPatternsRunOnALinearTimeEngine() {
        assertThatThrownBy(() -> DocumentFormat.builder(String.class, "dev/keel/core/json/lookaround.schema.json")
                .build()).isInstanceOf(IllegalStateException.class).hasMessageContaining("lookaround.schema.json");

        String word = "a".repeat(40) + "!";
        assertThat(FORMAT.problems(new Sample("n", null, null, null, word, null, null, List.of())))
                .containsExactly(new JsonProblem("/word", "must match the pattern ^(a+)+$"));
    }

    @Test
    void theRecordAndTheSchemaDeclareTheSameMembers() {
        assertThat(FORMAT.mismatches()).isEmpty();

        record Short(String name, Integer count, String kind, java.math.BigDecimal ratio, String word, List<String> tags,
                Map<String, List<String>> groups, List<Item> items, String colour) {
        }
        assertThat(DocumentFormat.builder(Short.class, "dev/keel/core/json/sample.schema.json").build().mismatches())
                .containsExactly("/: colour is in Short, not in the schema");
        record Narrow(String id, @JsonProperty("flag") Boolean enabled) {
        }
        record Outer(String name, Integer count, String kind, java.math.BigDecimal ratio, String word, List<String> tags,
                Map<String, List<String>> groups, List<Narrow> items) {
        }
        assertThat(DocumentFormat.builder(Outer.class, "dev/keel/core/json/sample.schema.json").build().mismatches())
                .containsExactly("/items/*: pattern is in the schema, not in Narrow");
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        Map<String, Object> tree = Map.of("name", new java.math.BigDecimal("-1e-999999"), "count",
                new java.math.BigDecimal("1e999999"), "items", List.of());

        assertThatThrownBy(() -> FORMAT.read(tree, "", Bad::new)).isInstanceOfSatisfying(Bad.class,
                e -> assertThat(e.problems).extracting(JsonProblem::toString).containsExactly(
                        "/count: must be at most 10, found the number 1E+999999",
                        "/name: must be a string, found the number -1E-999999"));
    }

    /** Bounds compare exactly: a fraction is not cut to a whole number to meet a whole-number bound. */
    @Test
    void boundsCompareNumbersExactly() {
        assertThat(FORMAT.problems(new Sample("n", null, null, new java.math.BigDecimal("1.5"), null, null, null,
                List.of()))).containsExactly(new JsonProblem("/ratio", "must be at most 1"));
        assertThat(FORMAT.problems(new Sample("n", null, null, new java.math.BigDecimal("-0.01"), null, null, null,
                List.of()))).containsExactly(new JsonProblem("/ratio", "must be at least 0"));
        assertThat(FORMAT.problems(new Sample("n", null, null, new java.math.BigDecimal("1.00"), null, null, null,
                List.of()))).isEmpty();
    }

    /** However many problems a document has, at most 100 are listed, then how many more there were. */
    @Test
    void theProblemsListedAreBounded() {
        List<Object> tags = new java.util.ArrayList<>();
        for (int i = 0; i < 150; i++) {
            tags.add(java.math.BigDecimal.valueOf(i));
        }

        assertThat(problems(JsonCodec.strict().write(Map.of("name", "n", "items", List.of(), "tags", tags))))
                .hasSize(101).last().isEqualTo(new JsonProblem("", "and 50 more problems"));
    }

    @Test
    void aMissingSchemaFailsWhenTheFormatIsBuilt() {
        assertThatThrownBy(() -> DocumentFormat.builder(Sample.class, "dev/keel/core/json/none.schema.json").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("none.schema.json");
    }
}
