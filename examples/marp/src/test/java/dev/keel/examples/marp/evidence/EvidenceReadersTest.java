package dev.keel.examples.marp.evidence;

import dev.keel.evidence.loader.MalformedEvidenceException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The readers on the example files, and on broken files: each failure names the file, the place and the problem. */
class EvidenceReadersTest {

    static final String JSON_NAME = "marp_regulated_knowledge.json";
    static final String CSV_NAME = "marp_governed_data_view.csv";
    private static final String HEADER = "calendar_id,week,capability,dock_utilisation,crew_readiness,spares_coverage,budget_committed,budget_envelope\n";

    static String resource(String name) {
        try (InputStream in = Objects.requireNonNull(EvidenceReadersTest.class.getResourceAsStream("/marp/" + name), name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static GovernedData csv(String text) {
        return GovernedDataReader.read(CSV_NAME, text);
    }

    private static RegulatedKnowledge json(String text) {
        return RegulatedKnowledgeReader.read(JSON_NAME, text);
    }

    @Test
    void theExampleFilesReadWithLocators() {
        RegulatedKnowledge knowledge = json(resource(JSON_NAME));
        assertThat(knowledge.calendars()).extracting(c -> c.id()).containsExactly("A", "B");
        assertThat(knowledge.calendar("B").orElseThrow().capabilityRange().locator().child("min").toString())
                .isEqualTo("marp_regulated_knowledge.json#/calendars/1/capability_range/min");
        assertThat(knowledge.thresholds().get(0).minimum()).isEqualByComparingTo("0.80");

        GovernedData data = csv(resource(CSV_NAME));
        assertThat(data.rows()).hasSize(24);
        WeeklyRow first = data.rows().get(0);
        assertThat(first.locator().line()).isEqualTo(2);
        assertThat(first.locator().child("dock_utilisation").toString())
                .isEqualTo("marp_governed_data_view.csv#line=2&column=dock_utilisation");
        assertThat(data.rows().get(23).locator().line()).isEqualTo(25);
        assertThat(data.calendarIds()).containsExactly("A", "B");
    }

    @Test
    void aQuotedValueSpanningLinesKeepsLaterLineNumbersRight() {
        GovernedData data = csv(HEADER + "\"A\n\",1,0.9,0.5,0.5,0.5,1,2\nB,1,0.9,0.5,0.5,0.5,1,2\n");
        assertThat(data.rows().get(1).locator().line()).isEqualTo(4);
    }

    @Test
    void badCsvQuotingNamesTheLine() {
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,0.5,0.5,0.5,1,2\nB,\"2\"x,0.9,0.5,0.5,0.5,1,2\n"))
                .isInstanceOfSatisfying(MalformedEvidenceException.class, e -> {
                    assertThat(e.source()).isEqualTo(CSV_NAME);
                    assertThat(e.location()).isEqualTo("line 3");
                    assertThat(e.problem()).startsWith("malformed CSV: ");
                });
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,0.5,0.5,0.5,1,\"2\n"))
                .isInstanceOf(MalformedEvidenceException.class).hasMessageStartingWith(CSV_NAME + " line 2: malformed CSV");
    }

    @Test
    void aMissingColumnIsNamed() {
        assertThatThrownBy(() -> csv("calendar_id,week,capability,dock_utilisation,crew_readiness,budget_committed,budget_envelope\n"))
                .isInstanceOfSatisfying(MalformedEvidenceException.class, e -> {
                    assertThat(e.location()).isEqualTo("line 1");
                    assertThat(e.problem()).contains("header must be calendar_id,week,capability,dock_utilisation,crew_readiness,spares_coverage");
                });
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,0.5,0.5,0.5,1\n"))
                .isInstanceOf(MalformedEvidenceException.class).hasMessage(CSV_NAME + " line 2: expected 8 values, found 7");
    }

    @Test
    void aValueOfTheWrongTypeIsNamedWithItsColumn() {
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,0.5,0.5,0.5,1,2\nA,two,0.9,0.5,0.5,0.5,1,2\n"))
                .hasMessage(CSV_NAME + " line 3, column week: must be a whole number of at least 1, was \"two\"");
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,1.5,0.5,0.5,1,2\n"))
                .hasMessage(CSV_NAME + " line 2, column dock_utilisation: must be a decimal number from 0 to 1, was \"1.5\"");
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,0.5,0.5,0.5,-1,2\n"))
                .hasMessageContaining("column budget_committed: must be a non-negative decimal number");
        assertThatThrownBy(() -> csv(HEADER + "A,1,0.9,0.5,0.5,0.5,1,2\nA,1,0.9,0.5,0.5,0.5,1,2\n"))
                .hasMessage(CSV_NAME + " line 3: calendar A week 1 appears twice");
    }

    @Test
    void truncatedJsonNamesLineAndColumn() {
        String text = resource(JSON_NAME);
        assertThatThrownBy(() -> json(text.substring(0, text.length() / 2)))
                .isInstanceOfSatisfying(MalformedEvidenceException.class, e -> {
                    assertThat(e.source()).isEqualTo(JSON_NAME);
                    assertThat(e.location()).matches("line \\d+, column \\d+");
                });
    }

    @Test
    void wrongJsonContentNamesThePointer() {
        String text = resource(JSON_NAME);
        assertThatThrownBy(() -> json(text.replace("\"min\": 0.80, \"max\": 0.98", "\"min\": \"0.80\", \"max\": 0.98")))
                .hasMessage(JSON_NAME + " /calendars/1/capability_range/min: must be a number, found '0.80'");
        assertThatThrownBy(() -> json(text.replace("\"budget\": { \"envelope\": 110.0, ", "\"budget\": { ")))
                .hasMessage(JSON_NAME + " /calendars/1/budget/envelope: is required");
        assertThatThrownBy(() -> json(text.replace("\"envelope\": 110.0", "\"envelope\": -110.0")))
                .hasMessage(JSON_NAME + " /calendars/1/budget/envelope: must be a number of at least 0, found the number -110.0");
        assertThatThrownBy(() -> json(text.replace("\"min\": 0.82, \"max\": 0.95", "\"min\": 0.99, \"max\": 0.95")))
                .hasMessage(JSON_NAME + " /calendars/0/capability_range: min 0.99 is above max 0.95");
        assertThatThrownBy(() -> json(text.replace("\"case_id\"", "\"surprise\": 1, \"case_id\"")))
                .hasMessage(JSON_NAME + " /surprise: unknown key; expected one of calendars, capability_thresholds, case_id,"
                        + " schema_version");
    }

    @Test
    void theKnowledgeMayNameItsSchema() {
        String text = resource(JSON_NAME);
        String named = text.replaceFirst("\\{", "{ \"\\$schema\": \"https://keel.dev/schema/evidence/regulated-knowledge.schema.json\",");

        assertThat(json(named)).isEqualTo(json(text));
        assertThat(SchemaFiles.problems("regulated-knowledge.schema.json", named)).isEmpty();
        assertThatThrownBy(() -> json(text.replaceFirst("\\{", "{ \"\\$schema\": 1,")))
                .hasMessage(JSON_NAME + " /$schema: must be a string (the URI of a JSON Schema), found the number 1");
    }

    @Test
    void everyProblemOfTheKnowledgeIsNamedAtOnce() {
        String text = resource(JSON_NAME)
                .replace("\"min\": 0.80, \"max\": 0.98", "\"min\": \"0.80\", \"max\": 0.98")
                .replace("\"budget\": { \"envelope\": 110.0, ", "\"budget\": { ")
                .replace("\"case_id\"", "\"surprise\": 1, \"case_id\"");

        assertThatThrownBy(() -> json(text)).isInstanceOfSatisfying(MalformedEvidenceException.class, e -> {
            assertThat(e.location()).isEqualTo("/calendars/1/budget/envelope");
            assertThat(e.getMessage()).isEqualTo(JSON_NAME + " /calendars/1/budget/envelope: is required; "
                    + "/calendars/1/capability_range/min: must be a number, found '0.80'; "
                    + "/surprise: unknown key; expected one of calendars, capability_thresholds, case_id,"
                    + " schema_version");
        });
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        String text = resource(JSON_NAME).replace("\"min\": 0.82, \"max\": 0.95", "\"min\": 1e999, \"max\": 0.95");
        assertThatThrownBy(() -> json(text))
                .hasMessage(JSON_NAME + " /calendars/0/capability_range: min 1e999 is above max 0.95");

        Object tree = JsonCodec.strict().parse(resource(JSON_NAME)
                .replace("\"min\": 0.82, \"max\": 0.95", "\"min\": \"HUGE\", \"max\": 0.95")
                .replace("\"case_id\": \"", "\"case_id\": \"TINY\", \"unused\": \""));
        Object hostile = swap(swap(tree, "HUGE", new BigDecimal("1e999999")), "TINY", new BigDecimal("1e-999999"));
        assertThatThrownBy(() -> RegulatedKnowledgeReader.fromTree(JSON_NAME, hostile)).hasMessageContaining(
                "/case_id: must be a non-blank string, found the number 1E-999999; ");
        // The range is checked once the schema accepts the document.
        Object huge = swap(JsonCodec.strict().parse(resource(JSON_NAME)
                .replace("\"min\": 0.82, \"max\": 0.95", "\"min\": \"HUGE\", \"max\": 0.95")), "HUGE",
                new BigDecimal("1e999999"));
        assertThatThrownBy(() -> RegulatedKnowledgeReader.fromTree(JSON_NAME, huge))
                .hasMessage(JSON_NAME + " /calendars/0/capability_range: min 1E+999999 is above max 0.95");
    }

    /** The schema and the record the document binds to declare the same members. */
    @Test
    void theSchemaAndTheRecordAgree() {
        assertThat(RegulatedKnowledgeReader.mismatches()).isEmpty();
    }

    /** A copy of {@code tree} with every value equal to {@code from} replaced by {@code to}. */
    private static Object swap(Object tree, Object from, Object to) {
        if (tree instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<?, ?>) tree).forEach((key, value) -> copy.put((String) key, swap(value, from, to)));
            return copy;
        }
        if (tree instanceof List) {
            return ((List<?>) tree).stream().map(item -> swap(item, from, to)).toList();
        }
        return from.equals(tree) ? to : tree;
    }

    @Test
    void fileSourcesReadOnceAndNameTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve(CSV_NAME);
        Files.writeString(file, resource(CSV_NAME));
        var source = EvidenceFiles.governedData(file);
        assertThat(source.name()).isEqualTo(CSV_NAME);
        assertThat(source.read()).isSameAs(source.read());
        Path broken = dir.resolve(JSON_NAME);
        Files.writeString(broken, "{\"schema_version\": ");
        assertThatThrownBy(() -> EvidenceFiles.regulatedKnowledge(broken).read()).isInstanceOf(MalformedEvidenceException.class)
                .hasMessageStartingWith(JSON_NAME + " line 1");
        assertThatThrownBy(() -> EvidenceFiles.regulatedKnowledge(dir.resolve("absent.json")).read())
                .hasMessageContaining("cannot read evidence file");
    }
}
