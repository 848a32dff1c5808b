package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The published JSON Schemas accept what Keel accepts, checked with an independent validator. */
class StageSchemaTest {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema CONTRACT_SCHEMA = REGISTRY.getSchema(resource("/dev/keel/stage/schema/stage-contract.schema.json"));

    static List<String> builtInIds() {
        return StageFixtures.SERVICES_IDS;
    }

    private static String resource(String name) {
        try (InputStream in = StageSchemaTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Error> contractErrors(String json) {
        return CONTRACT_SCHEMA.validate(json, InputFormat.JSON);
    }

    @ParameterizedTest
    @MethodSource("builtInIds")
    void everyShippedContractFollowsTheContractSchema(String id) {
        assertThat(contractErrors(resource("/dev/keel/examples/services/contracts/" + id + ".json"))).isEmpty();
        assertThat(contractErrors(StageFixtures.SERVICES.require(id).toJson())).isEmpty();
    }

    @Test
    void theDocumentedExampleFollowsTheContractSchema() {
        assertThat(contractErrors(DocsExamples.contractExample())).isEmpty();
    }

    @Test
    void aContractMayNameTheSchema() {
        String contract = StageFixtures.SERVICES.require("judgement_v1").toJson();
        String named = "{\"$schema\": \"https://keel.dev/schema/stage-contract.schema.json\", " + contract.substring(1);

        assertThat(contractErrors(named)).isEmpty();
        assertThat(StageContract.fromJson(named)).isEqualTo(StageContract.fromJson(contract));
    }

    @Test
    void theContractSchemaRefusesWhatTheReaderRefuses() {
        assertThat(contractErrors("{\"id\": \"x\", \"kind\": \"model\", \"next_step\": {\"allowed\": [\"end\"]}}")).isNotEmpty();
        assertThat(contractErrors("{\"id\": \"x y\", \"kind\": \"end\"}")).isNotEmpty();
        assertThat(contractErrors("{\"id\": \"x\", \"kind\": \"end\", \"output\": {\"type\": \"object\", \"properties\": {}, \"required\": []}}"))
                .isNotEmpty();
        assertThat(contractErrors("{\"id\": \"x\", \"kind\": \"system\", \"directive\": \"p\", \"next_step\": {\"allowed\": [\"a\", \"b\"]}}"))
                .isNotEmpty();
        assertThat(contractErrors(StageFixtures.SERVICES.require("judgement_v1").toJson()
                .replace("\"type\": \"boolean\"", "\"type\": \"bool\""))).isNotEmpty();
        assertThat(contractErrors(StageFixtures.SERVICES.require("agency_detect_v1").toJson()
                .replace("\"into\": \"nextStep\"", "\"into\": \"session_id\""))).isNotEmpty();
    }

    static List<Object[]> validOutputs() {
        return List.of(
                new Object[] {"judgement_v1", StageFixtures.JUDGEMENT_INQUIRY},
                new Object[] {"judgement_v1", StageFixtures.JUDGEMENT_SMALL_TALK},
                new Object[] {"agency_detect_v1", StageFixtures.AGENCY_LOW},
                new Object[] {"agency_detect_v1", StageFixtures.AGENCY_HIGH},
                new Object[] {"category_select_v1", StageFixtures.CATEGORY},
                new Object[] {"semantic_analysis_v1", StageFixtures.SEMANTIC},
                new Object[] {"service_select_v1", StageFixtures.SERVICE_LOW},
                new Object[] {"service_select_v1", StageFixtures.SERVICE_HIGH},
                new Object[] {"multi_agency_service_answer_v1", StageFixtures.MULTI_AGENCY});
    }

    private static Schema outputSchema(String stage) {
        return REGISTRY.getSchema(StageFixtures.CODEC.write(StageFixtures.SERVICES.require(stage).outputJsonSchema()));
    }

    @ParameterizedTest
    @MethodSource("validOutputs")
    void theExportedOutputSchemaAcceptsValidOutputs(String stage, String output) {
        assertThat(outputSchema(stage).validate(output, InputFormat.JSON)).isEmpty();
    }

    @Test
    void theExportedOutputSchemaRefusesStructuralViolations() {
        Schema judgement = outputSchema("judgement_v1");
        assertThat(judgement.validate(StageFixtures.JUDGEMENT_INQUIRY.replace("\"stageStatus\": \"ready\", ", ""), InputFormat.JSON))
                .isNotEmpty();
        assertThat(judgement.validate(StageFixtures.JUDGEMENT_INQUIRY.replace("{\"stage\"", "{\"session_id\": \"s\", \"stage\""),
                InputFormat.JSON)).isNotEmpty();
        Schema category = outputSchema("category_select_v1");
        assertThat(category.validate(StageFixtures.CATEGORY.replace("0.61", "0.41"), InputFormat.JSON)).isNotEmpty();
        assertThat(category.validate(StageFixtures.CATEGORY.replace("0.61", "1.61"), InputFormat.JSON)).isNotEmpty();
    }
}
