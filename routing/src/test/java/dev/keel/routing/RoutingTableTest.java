package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RoutingTableTest {

    static final String MARP_JSON = "{\"pools\": ["
            + "{\"indexes\": [0], \"router_selected_llm\": \"chatgpt\", \"reasoning_mode\": \"detailed_analysis\", \"backend_target\": \"internal_chatgpt\"},"
            + "{\"indexes\": [1, 2, 3, 4, 5], \"router_selected_llm\": \"llama\", \"reasoning_mode\": \"balanced_summary\", \"backend_target\": \"llama\"},"
            + "{\"indexes\": [6, 7, 8, 9], \"router_selected_llm\": \"deepseek\", \"reasoning_mode\": \"policy_summary\", \"backend_target\": \"deepseek\"}],"
            + " \"internal_backend_target\": \"internal_chatgpt\","
            + " \"overrides\": [{\"name\": \"auditor_override\", \"role\": \"auditor\", \"router_selected_llm\": \"chatgpt\","
            + " \"reasoning_mode\": \"detailed_analysis\", \"backend_target\": \"internal_chatgpt\"}],"
            + " \"scenario_tag\": {\"keyword\": \"scenario\", \"tags\": [\"1\", \"2\", \"3\"], \"default\": \"0\"}}";

    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(resource("dev/keel/routing/schema/routing-table.schema.json"), InputFormat.JSON);

    private static String resource(String name) {
        try (InputStream in = RoutingTableTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theMarpTableIsTheSeedsTable() {
        RoutingTable table = SeedTable.table();

        assertThat(table.entries()).hasSize(10);
        assertThat(table.entries()).filteredOn(e -> e.backendTarget().equals("internal_chatgpt")).hasSize(1);
        assertThat(table.entries()).filteredOn(e -> e.routerSelectedLlm().equals("llama")).hasSize(5);
        assertThat(table.entries()).filteredOn(e -> e.routerSelectedLlm().equals("deepseek")).hasSize(4);
        assertThat(table.internalBackendTarget()).isEqualTo("internal_chatgpt");
        assertThat(table.overrides()).isEmpty();
    }

    @Test
    void theJsonFormReadsAndRoundTrips() {
        RoutingTable parsed = RoutingTable.parse(MARP_JSON);

        assertThat(parsed).isEqualTo(SeedTable.table().toBuilder().override(SeedTable.auditorOverride()).build());
        assertThat(RoutingTable.parse(JsonCodec.strict().write(parsed.toTree()))).isEqualTo(parsed);
        assertThat(parsed.overrideFor(" AUDITOR ")).contains(SeedTable.auditorOverride());
        assertThat(parsed.overrideFor("planner")).isEmpty();
    }

    /** The json block of docs/routing.md is the MARP table with the auditor override, and the schema accepts it. */
    @Test
    void theExampleInTheDocumentationIsTheMarpTable() throws IOException {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "routing.md"));
        int start = doc.indexOf("```json\n") + "```json\n".length();
        String json = doc.substring(start, doc.indexOf("```", start));

        assertThat(SCHEMA.validate(json, InputFormat.JSON)).isEmpty();
        assertThat(RoutingTable.parse(json))
                .isEqualTo(SeedTable.table().toBuilder().override(SeedTable.auditorOverride()).build());
    }

    @Test
    void theDocumentedTablesValidateAgainstTheSchema() {
        assertThat(SCHEMA.validate(MARP_JSON, InputFormat.JSON)).isEmpty();
        assertThat(SCHEMA.validate(JsonCodec.strict().write(SeedTable.table().toTree()), InputFormat.JSON)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "an index missing   | {\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools: indexes [9] are not covered | false",
        "an index twice     | {\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8,9],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"},{\"indexes\":[3],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/1/indexes/0: index 3 is already given at /pools/0/indexes/3 | false",
        "an index too large | {\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8,9,10],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/indexes/10: must be an integer from 0 to 9, found the number 10 | true",
        "an index not whole | {\"pools\":[{\"indexes\":[0.5],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/indexes/0: must be an integer from 0 to 9, found the number 0.5 | true",
        "a blank llm        | {\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8,9],\"router_selected_llm\":\" \",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\"} | /pools/0/router_selected_llm: must be a non-blank string | true",
        "no internal target | {\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8,9],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}]} | /internal_backend_target: required | true",
        "an unknown field   | {\"pools\":[],\"internal_backend_target\":\"i\",\"weights\":[]} | /weights: unknown key; expected one of internal_backend_target, overrides, pools, scenario_tag | true",
        "two overrides, one role | {\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8,9],\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}],\"internal_backend_target\":\"i\",\"overrides\":[{\"name\":\"x\",\"role\":\"auditor\",\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"},{\"name\":\"y\",\"role\":\"Auditor\",\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"}]} | /overrides/1/role: role 'Auditor' already has an override | false",
    })
    void anInvalidTableNamesTheProblem(String name, String json, String problem, boolean schemaCanTell) {
        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageStartingWith("invalid routing table: ")
                .hasMessageContaining(problem);
        // Coverage and uniqueness across pools are beyond JSON Schema; everything else it rejects too.
        if (schemaCanTell) {
            assertThat(SCHEMA.validate(json, InputFormat.JSON)).isNotEmpty();
        }
    }

    @Test
    void aSchemaMemberAtTheRootIsAccepted() {
        String json = "{\"$schema\": \"https://keel.dev/schema/routing/routing-table.schema.json\", "
                + MARP_JSON.substring(1);

        assertThat(SCHEMA.validate(json, InputFormat.JSON)).isEmpty();
        assertThat(RoutingTable.parse(json)).isEqualTo(RoutingTable.parse(MARP_JSON));
        assertThatThrownBy(() -> RoutingTable.parse("{\"$schema\": 7, " + MARP_JSON.substring(1)))
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("/$schema: must be a string");
    }

    @Test
    void everyProblemOfTheStructureIsNamedAtOnce() {
        String json = "{\"pools\": [{\"indexes\": [0, \"one\"], \"router_selected_llm\": 7, \"reasoning_mode\": \"b\"}],"
                + " \"overrides\": [{\"name\": \"x\", \"role\": \" \", \"router_selected_llm\": \"a\", \"reasoning_mode\": \"b\","
                + " \"backend_target\": \"c\", \"weight\": 2}], \"scenario_tag\": {\"keyword\": \"scenario\", \"tags\": [\"a b\"]}}";

        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: "
                        + "/pools/0/router_selected_llm: must be a non-blank string, found the number 7; "
                        + "/pools/0/backend_target: required; "
                        + "/pools/0/indexes/1: must be an integer from 0 to 9, found 'one'; "
                        + "/internal_backend_target: required; "
                        + "/overrides/0/weight: unknown key; expected one of backend_target, name, reasoning_mode, role, router_selected_llm; "
                        + "/overrides/0/role: must be a non-blank string, found ' '; "
                        + "/scenario_tag: the scenario tag must be a word, found 'a b'");
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        Map<String, Object> tree = new LinkedHashMap<>(JsonCodec.strict().parseObject(MARP_JSON));
        tree.put("internal_backend_target", new BigDecimal("1e999999"));

        assertThatThrownBy(() -> RoutingTable.fromTree(tree))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /internal_backend_target: must be a non-blank string, found the number 1E+999999");
    }

    @Test
    void theBuilderChecksCoverage() {
        assertThatThrownBy(() -> RoutingTable.builder().entries(0, 8, new PoolEntry("a", "b", "c"))
                .internalBackendTarget("i").build())
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("indexes [9] are not covered");
        assertThatThrownBy(() -> RoutingTable.builder().entries(0, 9, new PoolEntry("a", "b", "c"))
                .entries(9, 10, new PoolEntry("a", "b", "c")).internalBackendTarget("i").build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("index 9: index 9 is already given")
                .hasMessageContaining("index 10: 10 is not an index 0..9");
    }
}
