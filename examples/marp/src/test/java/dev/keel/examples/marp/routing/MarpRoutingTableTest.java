package dev.keel.examples.marp.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import dev.keel.examples.marp.MarpData;
import dev.keel.routing.RoutingOverride;
import dev.keel.routing.RoutingStrategies;
import dev.keel.routing.RoutingTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The MARP routing table: the seed's strategy named by a table, its reader, its schema. */
class MarpRoutingTableTest {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema MARP_SCHEMA = schema("dev/keel/examples/marp/schema/marp-routing-table.schema.json");
    private static final Schema LIBRARY_SCHEMA = schema("dev/keel/routing/schema/routing-table.schema.json");
    private static final String TABLE_JSON = text("dev/keel/examples/marp/marp_routing_table.json");
    private static final String POOL = "\"router_selected_llm\":\"a\",\"reasoning_mode\":\"b\",\"backend_target\":\"c\"";

    private static String text(String resource) {
        try (InputStream in = MarpRoutingTableTest.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema schema(String resource) {
        return REGISTRY.getSchema(text(resource), InputFormat.JSON);
    }

    private static String table(String pools) {
        return "{\"strategy\":\"marp_length_mod_10\",\"pools\":" + pools + ",\"internal_backend_target\":\"i\"}";
    }

    @Test
    void theShippedTableIsTheSeedsTableWithTheAuditorOverride() {
        RoutingTable table = MarpData.routingTable();

        assertThat(table).isEqualTo(LengthModTenStrategyTest.seedTable().toBuilder()
                .override(new RoutingOverride("auditor_override", "auditor", LengthModTenStrategyTest.CHATGPT)).build());
        assertThat(table.entries()).containsExactly(LengthModTenStrategyTest.CHATGPT, LengthModTenStrategyTest.LLAMA,
                LengthModTenStrategyTest.DEEPSEEK);
        assertThat(MARP_SCHEMA.validate(TABLE_JSON, InputFormat.JSON)).isEmpty();
        // The library's schema checks the common members and leaves the strategy's to the example's.
        assertThat(LIBRARY_SCHEMA.validate(TABLE_JSON, InputFormat.JSON)).isEmpty();
    }

    @Test
    void theTableRoundTripsAndReadsWhereverTheExampleIsOnTheClassPath() {
        RoutingTable table = MarpData.routingTable();
        String written = JsonCodec.strict().write(table.toTree());

        // No strategies given: the provider listed in the example's META-INF/services is found.
        assertThat(RoutingTable.parse(written)).isEqualTo(table);
        assertThat(RoutingTable.parse(TABLE_JSON)).isEqualTo(table);
        assertThat(MARP_SCHEMA.validate(written, InputFormat.JSON)).isEmpty();
        assertThat(RoutingStrategies.discover(getClass().getClassLoader()).names())
                .containsExactly("weighted", "marp_length_mod_10");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "an index missing   | [{\"indexes\":[0,1,2,3,4,5,6,7,8]," + POOL + "}] | /pools: indexes [9] are not covered | false",
        "an index twice     | [{\"indexes\":[0,1,2,3,4,5,6,7,8,9]," + POOL + "},{\"indexes\":[3]," + POOL + "}] | /pools/1/indexes/0: index 3 is already given at /pools/0/indexes/3 | false",
        "an index too large | [{\"indexes\":[0,1,2,3,4,5,6,7,8,9,10]," + POOL + "}] | /pools/0/indexes/10: must be an integer from 0 to 9, found the number 10 | true",
        "an index not whole | [{\"indexes\":[0.5]," + POOL + "}] | /pools/0/indexes/0: must be an integer from 0 to 9, found the number 0.5 | true",
        "a weight           | [{\"weight\":1,\"indexes\":[0,1,2,3,4,5,6,7,8,9]," + POOL + "}] | /pools/0/weight: unknown key | true",
    })
    void anInvalidTableNamesTheProblem(String name, String pools, String problem, boolean schemaCanTell) {
        String json = table(pools);

        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageStartingWith("invalid routing table: ")
                .hasMessageContaining(problem);
        // Coverage and uniqueness across pools are beyond JSON Schema; everything else it rejects too.
        if (schemaCanTell) {
            assertThat(MARP_SCHEMA.validate(json, InputFormat.JSON)).isNotEmpty();
        }
    }

    @Test
    void everyProblemOfTheStructureIsNamedAtOnce() {
        String json = "{\"strategy\": \"marp_length_mod_10\", \"pools\": [{\"indexes\": [0, \"one\"],"
                + " \"router_selected_llm\": 7, \"reasoning_mode\": \"b\"}],"
                + " \"overrides\": [{\"name\": \"x\", \"role\": \" \", \"router_selected_llm\": \"a\", \"reasoning_mode\": \"b\","
                + " \"backend_target\": \"c\", \"weight\": 2}], \"scenario_tag\": {\"keyword\": \"scenario\", \"tags\": [\"a b\"]}}";

        assertThatThrownBy(() -> RoutingTable.parse(json))
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: "
                        + "/internal_backend_target: is required; "
                        + "/overrides/0/role: must be a non-blank string, found ' '; "
                        + "/overrides/0/weight: unknown key; expected one of backend_target, name, reasoning_mode, role, router_selected_llm; "
                        + "/pools/0/backend_target: is required; "
                        + "/pools/0/indexes/1: must be an integer from 0 to 9, found 'one'; "
                        + "/pools/0/router_selected_llm: must be a non-blank string, found the number 7; "
                        + "/scenario_tag/tags/0: must be a word (no white space), found 'a b'");
        assertThat(MARP_SCHEMA.validate(json, InputFormat.JSON)).isNotEmpty();
    }

    @Test
    void aScenarioWordWithAnyUnicodeWhiteSpaceIsRefused() {
        String json = "{\"strategy\":\"marp_length_mod_10\",\"pools\":[{\"indexes\":[0,1,2,3,4,5,6,7,8,9]," + POOL
                + "}],\"scenario_tag\":{\"keyword\":\"scenario\",\"tags\":[\"a\u2003b\"]},\"internal_backend_target\":\"i\"}";

        assertThatThrownBy(() -> RoutingTable.parse(json)).isInstanceOf(InvalidPolicyException.class)
                .hasMessage("invalid routing table: /scenario_tag: the scenario tag must be a word, found 'a\u2003b'");
    }

    /** The schema and the record the table binds to declare the same members. */
    @Test
    void theSchemaAndTheRecordAgree() {
        assertThat(LengthModTenStrategyProvider.mismatches()).isEmpty();
    }

    @Test
    void theBuilderChecksCoverage() {
        assertThatThrownBy(() -> LengthModTenStrategy.builder().entries(0, 8, LengthModTenStrategyTest.LLAMA).build())
                .isInstanceOf(InvalidPolicyException.class).hasMessageContaining("indexes [9] are not covered");
        assertThatThrownBy(() -> LengthModTenStrategy.builder().entries(0, 9, LengthModTenStrategyTest.LLAMA)
                .entries(9, 10, LengthModTenStrategyTest.LLAMA).build())
                .isInstanceOf(InvalidPolicyException.class)
                .hasMessageContaining("index 9: index 9 is already given")
                .hasMessageContaining("index 10: 10 is not an index 0..9");
    }
}
