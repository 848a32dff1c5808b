package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import dev.keel.routing.loader.RoutingTables;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RoutingTableTest {

    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(resource("dev/keel/routing/schema/routing-table.schema.json"), InputFormat.JSON);

    private static final String FIXED_JSON = "{\"strategy\": \"fixed\", \"fixed\": {\"router_selected_llm\": \"a\","
            + " \"reasoning_mode\": \"b\", \"backend_target\": \"c\"}, \"internal_backend_target\": \"i\"}";

    private static String resource(String name) {
        try (InputStream in = RoutingTableTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theJsonFormReadsAndRoundTrips() {
        RoutingTable parsed = RoutingTable.parse(Tables.WEIGHTED_JSON);

        assertThat(parsed).isEqualTo(Tables.weightedWithAuditorOverride());
        assertThat(parsed.entries()).containsExactly(Tables.CHATGPT, Tables.LLAMA, Tables.DEEPSEEK);
        assertThat(RoutingTable.parse(JsonCodec.strict().write(parsed.toTree()))).isEqualTo(parsed);
        assertThat(SCHEMA.validate(JsonCodec.strict().write(parsed.toTree()), InputFormat.JSON)).isEmpty();
        assertThat(parsed.overrideFor(" AUDITOR ")).contains(Tables.auditorOverride());
        assertThat(parsed.overrideFor("planner")).isEmpty();
    }

    @Test
    void aDocumentThatIsNotAnObjectIsAnInvalidTable() {
        for (String json : List.of("null", "[]", "7", "\"table\"")) {
            assertThatThrownBy(() -> RoutingTable.parse(json)).as(json).isInstanceOf(InvalidPolicyException.class)
                    .hasMessageContaining("invalid routing table");
        }
    }

    @Test
    void theWeightedStrategyMayBeNamed() {
        assertThat(RoutingTable.parse("{\"strategy\": \"weighted\", " + Tables.WEIGHTED_JSON.substring(1)))
                .isEqualTo(Tables.weightedWithAuditorOverride());
    }

    /** The json block of docs/routing.md is the example table with the auditor override, and the schema accepts it. */
    @Test
    void theExampleInTheDocumentationIsTheWeightedTable() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "routing.md"));
        int start = doc.indexOf("```json\n") + "```json\n".length();
        String json = doc.substring(start, doc.indexOf("```", start));

        assertThat(SCHEMA.validate(json, InputFormat.JSON)).isEmpty();
        assertThat(RoutingTable.parse(json)).isEqualTo(Tables.weightedWithAuditorOverride());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no pools           | {\"internal_backend_target\":\"i\"} | /pools: is required",
        "empty pools        | {\"pools\":[],\"internal_backend_target\":\"i\"} | /pools: must hold at least one pool",
        "no weight          | {\"pools\":[{\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/weight: is required",
        "a weight of 0      | {\"pools\":[{\"weight\":0,\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/weight: must be an integer from 1 to 1000000, found the number 0",
        "a weight not whole | {\"pools\":[{\"weight\":1.5,\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/weight: must be an integer from 1 to 1000000, found the number 1.5",
        "the old indexes    | {\"pools\":[{\"indexes\":[0],\"weight\":1,\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/indexes: unknown key",
        "a blank llm        | {\"pools\":[{\"weight\":1,\"router_selected_llm\":\" \",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/router_selected_llm: must be a non-blank string",
        "no internal target | {\"pools\":[{\"weight\":1,\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}]} | /internal_backend_target: is required",
        "an unknown field   | {\"pools\":[{\"weight\":1,\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\",\"scenario_tag\":{}} | /scenario_tag: unknown key; expected one of",
        "a strategy not a word | {\"strategy\":7,\"internal_backend_target\":\"i\"} | /strategy: must be a non-blank string, found the number 7",
    })
    void anInvalidTableNamesTheProblemAndTheSchemaRefusesIt(String name, String json, String problem) {
        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageStartingWith("invalid routing table: ")
                .hasMessageContaining(problem);
        assertThat(SCHEMA.validate(json, InputFormat.JSON)).isNotEmpty();
    }

    @Test
    void twoOverridesForOneRoleAreRefusedAfterTheStructure() {
        String json = Tables.WEIGHTED_JSON.replace("}]}", "}, {\"name\": \"y\", \"role\": \"Auditor\","
                + " \"router_selected_llm\": \"a\", \"reasoning_mode\": \"b\", \"backend_target\": \"c\"}]}");

        assertThatThrownBy(() -> RoutingTable.parse(json)).isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /overrides/1/role: role 'Auditor' already has an override");
    }

    @Test
    void aSchemaMemberAtTheRootIsAccepted() {
        String json = "{\"$schema\": \"https://keel.dev/schema/routing/routing-table.schema.json\", "
                + Tables.WEIGHTED_JSON.substring(1);

        assertThat(SCHEMA.validate(json, InputFormat.JSON)).isEmpty();
        assertThat(RoutingTable.parse(json)).isEqualTo(RoutingTable.parse(Tables.WEIGHTED_JSON));
        assertThatThrownBy(() -> RoutingTable.parse("{\"$schema\": 7, " + Tables.WEIGHTED_JSON.substring(1)))
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("/$schema: must be a string");
    }

    @Test
    void everyProblemOfTheStructureIsNamedAtOnce() {
        String json = "{\"pools\": [{\"weight\": -1, \"router_selected_llm\": 7, \"reasoning_mode\": \"b\"}],"
                + " \"overrides\": [{\"name\": \"x\", \"role\": \" \", \"router_selected_llm\": \"a\", \"reasoning_mode\": \"b\","
                + " \"backend_target\": \"c\", \"weight\": 2}]}";

        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: "
                        + "/internal_backend_target: is required; "
                        + "/overrides/0/role: must be a non-blank string, found ' '; "
                        + "/overrides/0/weight: unknown key; expected one of backend_target, name, reasoning_mode, role, router_selected_llm; "
                        + "/pools/0/backend_target: is required; "
                        + "/pools/0/router_selected_llm: must be a non-blank string, found the number 7; "
                        + "/pools/0/weight: must be an integer from 1 to 1000000, found the number -1");
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        Map<String, Object> tree = new LinkedHashMap<>(JsonCodec.strict().parseObject(Tables.WEIGHTED_JSON));
        tree.put("internal_backend_target", new BigDecimal("1e999999"));

        assertThatThrownBy(() -> RoutingTable.fromTree(tree))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /internal_backend_target: must be a non-blank string, found the number 1E+999999");
    }

    @Test
    void theBuilderChecksItsPoolsAndStrategy() {
        assertThatThrownBy(() -> RoutingTable.builder().internalBackendTarget("i").build())
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("/pools: is required");
        assertThatThrownBy(() -> RoutingTable.builder().pool(1, Tables.LLAMA)
                .strategy(RoutingStrategy.weighted(List.of(new WeightedPool(1, Tables.LLAMA))))
                .internalBackendTarget("i").build())
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("not both");
        assertThatThrownBy(() -> RoutingTable.builder().pool(0, Tables.LLAMA))
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("from 1 to 1000000, found 0");
        assertThatThrownBy(() -> RoutingTable.builder().pool(1, new PoolEntry("a", " ", "c"))
                .internalBackendTarget("i").build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /pools/0/reasoning_mode: must be a non-blank string, found ' '");
    }

    /** The schema and the record the table binds to declare the same members. */
    @Test
    void theSchemaAndTheRecordAgree() {
        assertThat(RoutingTableFormat.mismatches()).isEmpty();
    }

    /** Blank is what Java calls white space: an em space is blank, a non-breaking space is text. */
    @Test
    void aNameOfWhiteSpaceIsBlankAsJavaSaysIt() {
        Map<String, Object> tree = new LinkedHashMap<>(JsonCodec.strict().parseObject(Tables.WEIGHTED_JSON));
        tree.put("internal_backend_target", "\u2003\u3000");

        assertThatThrownBy(() -> RoutingTable.fromTree(tree)).isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /internal_backend_target: must be a non-blank string, found"
                        + " '\u2003\u3000'");
        tree.put("internal_backend_target", "\u00a0");
        assertThat(RoutingTable.fromTree(tree).internalBackendTarget()).isEqualTo("\u00a0");
    }

    @Test
    void theOverridesNamesAndRolesAreCheckedInCodeAsInATable() {
        RoutingOverride auditor = Tables.auditorOverride();

        assertThatThrownBy(() -> Tables.weighted().toBuilder().override(auditor)
                .override(new RoutingOverride(auditor.name(), " AUDITOR", Tables.LLAMA)).build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /overrides/1/name: 'auditor_override' is used by another override;"
                        + " /overrides/1/role: role ' AUDITOR' already has an override");
        assertThatThrownBy(() -> RoutingTable.builder().pool(1, Tables.LLAMA).build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /internal_backend_target: is required");
    }

    // ---- a table naming a host's strategy ----

    @Test
    void aTableNamesAStrategyTheClassPathProvides() {
        RoutingTable table = RoutingTable.parse(FIXED_JSON);

        assertThat(table.strategy()).isEqualTo(new FixedStrategyProvider.Fixed(new PoolEntry("a", "b", "c")));
        assertThat(RoutingTable.parse(JsonCodec.strict().write(table.toTree()))).isEqualTo(table);
        assertThat(RoutingIndex.create(table).route(RoutingRequest.builder().role("r").clearance("c").prompt("p")
                .build()).backendTarget()).isEqualTo("c");
        // The library's schema checks the common members of such a table and leaves the strategy's to its own.
        assertThat(SCHEMA.validate(FIXED_JSON, InputFormat.JSON)).isEmpty();
    }

    @Test
    void aTableNamesAStrategyTheHostPassesInCode() {
        RoutingStrategies strategies = RoutingStrategies.builtIn().with(new FixedStrategyProvider());

        assertThat(RoutingTable.parse(FIXED_JSON, strategies).entries()).containsExactly(new PoolEntry("a", "b", "c"));
        assertThat(strategies.names()).containsExactly("weighted", "fixed");
    }

    @Test
    void anUnknownStrategyIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> RoutingTable.parse(FIXED_JSON, RoutingStrategies.builtIn()))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /strategy: unknown strategy 'fixed'; known: weighted");
    }

    @Test
    void aNamedStrategyReportsItsOwnProblemsAndUnknownKeysByPointer() {
        String json = "{\"strategy\": \"fixed\", \"fixed\": {\"router_selected_llm\": \"a\", \"reasoning_mode\": \"b\"},"
                + " \"pools\": [], \"internal_backend_target\": \"i\"}";

        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("/pools: unknown key; expected one of")
                .hasMessageContaining("/fixed/backend_target: is required");
    }

    @Test
    void twoStrategiesOfOneNameAreRefused() {
        assertThatThrownBy(() -> RoutingStrategies.discover(getClass().getClassLoader()).with(new FixedStrategyProvider()))
                .isInstanceOf(ConfigurationException.class).hasMessage("two routing strategies are named 'fixed'");
        assertThatThrownBy(() -> RoutingStrategies.builtIn().with(new WeightedStrategyProvider()))
                .isInstanceOf(ConfigurationException.class).hasMessage("two routing strategies are named 'weighted'");
    }

    @Test
    void theLoaderReadsFilesAndResourcesWithTheirStrategies(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("table.json");
        Files.writeString(file, FIXED_JSON);

        assertThat(RoutingTables.read(file)).isEqualTo(RoutingTable.parse(FIXED_JSON));
        assertThat(RoutingTables.read(file, RoutingStrategies.builtIn().with(new FixedStrategyProvider())))
                .isEqualTo(RoutingTable.parse(FIXED_JSON));
    }
}
