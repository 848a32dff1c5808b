package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidContractException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The government-services contracts say what {@code docs/stage-runtime.md} says; host contracts are checked when built. */
@SuppressWarnings("unchecked")
class StageContractTest {

    static List<String> builtInIds() {
        return StageFixtures.SERVICES_IDS;
    }

    private static StageContract builtIn(String id) {
        return StageFixtures.SERVICES.require(id);
    }

    @Test
    void theSeedsStagesShipInTopologyOrder() {
        assertThat(StageFixtures.SERVICES.ids()).containsExactlyElementsOf(StageFixtures.SERVICES_IDS);
        assertThat(builtIn("base_system").kind()).isEqualTo(StageKind.SYSTEM);
        assertThat(builtIn("base_system").nextStep().allowed()).containsExactly("judgement_v1");
        assertThat(builtIn("session_end").kind()).isEqualTo(StageKind.END);
        assertThat(StageFixtures.SERVICES.contracts()).filteredOn(c -> c.kind() == StageKind.MODEL).hasSize(6);
    }

    @Test
    void onlyStagesThatReadTheSessionEchoIt() {
        Map<String, SessionFields> sessionFields = StageFixtures.SERVICES.contracts().stream()
                .filter(c -> c.kind() == StageKind.MODEL).collect(Collectors.toMap(StageContract::id, StageContract::sessionFields));

        assertThat(sessionFields).containsEntry("judgement_v1", SessionFields.OMIT)
                .containsEntry("agency_detect_v1", SessionFields.ECHO).containsEntry("category_select_v1", SessionFields.ECHO)
                .containsEntry("semantic_analysis_v1", SessionFields.ECHO).containsEntry("service_select_v1", SessionFields.ECHO)
                .containsEntry("multi_agency_service_answer_v1", SessionFields.ECHO);
        assertThat(builtIn("judgement_v1").outputShape().field("session_id")).isEmpty();
        assertThat(builtIn("agency_detect_v1").outputShape().field("response_id")).isPresent();
    }

    @Test
    void inputSlotsAreTheSeeds() {
        assertThat(builtIn("judgement_v1").inputs()).containsExactly(new InputSlot("user_prompt", true),
                new InputSlot("chat_context_summary", false));
        // The user's question goes to every stage that selects something (docs/stage-runtime.md, readings).
        InputSlot question = new InputSlot("user_prompt", true);
        assertThat(builtIn("agency_detect_v1").inputs()).containsExactly(question, new InputSlot("cached_state", true),
                new InputSlot("runtime_directive", false));
        assertThat(builtIn("category_select_v1").inputs()).containsExactly(question, new InputSlot("cached_state", true),
                new InputSlot("KnowledgeBase_Dictionary", true));
        assertThat(builtIn("semantic_analysis_v1").inputs()).containsExactly(question, new InputSlot("cached_state", true),
                new InputSlot("KnowledgeBase_Dictionary", true));
        assertThat(builtIn("service_select_v1").inputs()).containsExactly(question, new InputSlot("cached_state", true),
                new InputSlot("service_index", true), new InputSlot("KnowledgeBase_Dictionary", false));
        assertThat(builtIn("multi_agency_service_answer_v1").inputs()).extracting(InputSlot::name)
                .containsExactly("user_prompt", "cached_state", "agency_service_snippets", "service_index");
    }

    @Test
    void eachStageMergesTheSlicesTheSeedDocuments() {
        Map<String, List<String>> slices = StageFixtures.SERVICES.contracts().stream()
                .collect(Collectors.toMap(StageContract::id, c -> c.stateMerge().stream().map(StateSlice::into).toList()));

        assertThat(slices).containsEntry("base_system", List.of()).containsEntry("session_end", List.of())
                .containsEntry("judgement_v1", List.of("judgement_v1"))
                .containsEntry("agency_detect_v1", List.of("agency_detect_v1", "nextStep"))
                .containsEntry("category_select_v1", List.of("category_select_v1", "nextStep"))
                .containsEntry("semantic_analysis_v1", List.of("semantic_analysis_v1", "nextStep"))
                .containsEntry("service_select_v1", List.of("service_select_v1", "nextStep"))
                .containsEntry("multi_agency_service_answer_v1", List.of("multi_agency_service_answer_v1", "nextStep"));
    }

    @Test
    void theNextStepsAreTheSeedsTopology() {
        assertThat(builtIn("judgement_v1").nextStep().allowed()).containsExactly("agency_detect_v1", "session_end");
        assertThat(builtIn("agency_detect_v1").nextStep().allowed())
                .containsExactly("category_select_v1", "semantic_analysis_v1", "session_end");
        assertThat(builtIn("agency_detect_v1").nextStep().otherwise()).isEqualTo("session_end");
        assertThat(builtIn("category_select_v1").nextStep().allowed()).containsExactly("service_select_v1");
        assertThat(builtIn("semantic_analysis_v1").nextStep().allowed()).containsExactly("service_select_v1");
        assertThat(builtIn("service_select_v1").nextStep().allowed()).containsExactly("session_end", "multi_agency_service_answer_v1");
        assertThat(builtIn("multi_agency_service_answer_v1").nextStep().allowed()).containsExactly("session_end");
    }

    @ParameterizedTest
    @MethodSource("builtInIds")
    void eachBuiltInRoundTripsThroughTheJsonForm(String id) {
        StageContract contract = builtIn(id);

        StageContract again = StageContract.fromJson(contract.toJson());

        assertThat(again).isEqualTo(contract).hasSameHashCodeAs(contract);
        assertThat(again.toJson()).isEqualTo(contract.toJson());
        assertThat(contract.toBuilder().build()).isEqualTo(contract);
    }

    @Test
    void aHostContractBuiltInJavaEqualsTheSameContractReadFromJson() {
        StageContract java = StageContract.builder("document_checklist_v1")
                .purpose("List the documents the selected service needs.")
                .directive("List the documents the user must bring for the service in input.cached_state.service_select_v1.")
                .input(InputSlot.CACHED_STATE, true).input(StageFixtures.SERVICE_INDEX_SLOT, true)
                .sessionFields(SessionFields.ECHO)
                .output(Shape.object()
                        .required("documents", Shape.array(Shape.object()
                                        .required("name", Shape.nonBlankString())
                                        .required("mandatory", Shape.bool()))
                                .withMinItems(1).withUniqueBy("name"))
                        .required("documentCount", Shape.integer().withMinimum(1))
                        .required("confidence", Shape.score().withMinimum("0.50")))
                .rule(StageRule.countEqualsLength("/documentCount", "/documents"))
                .rule(StageRule.stateEquals("/service_select_v1/serviceSelection/matchedField", "name"))
                .nextStep(NextStepRule.anyOf("session_end"))
                .mergeSlice(StateSlice.pick("document_checklist_v1", Map.of("documents", "/documents")))
                .mergeSlice(StateSlice.copy("nextStep", "/nextStep"))
                .build();

        assertThat(StageContract.fromJson(DocsExamples.contractExample())).isEqualTo(java);
    }

    @Test
    void theExportedJsonSchemaDescribesTheWholeOutput() {
        Map<String, Object> schema = builtIn("judgement_v1").outputJsonSchema();

        assertThat(schema).containsEntry("$schema", "https://json-schema.org/draft/2020-12/schema")
                .containsEntry("additionalProperties", false);
        assertThat((List<Object>) schema.get("required"))
                .containsExactly("stage", "stageStatus", "judgements", "assistantReply", "nextStep", "telemetry");
    }

    // ---- refused contracts ----

    private static void assertRefused(String json, String messageStart) {
        assertThatThrownBy(() -> StageContract.fromJson(json)).isInstanceOf(InvalidContractException.class)
                .hasMessageStartingWith(messageStart);
    }

    private static String model(String output, String rest) {
        return "{\"id\": \"host_v1\", \"kind\": \"model\", \"inputs\": [{\"slot\": \"cached_state\", \"required\": true}],"
                + " \"session_fields\": \"echo\", \"output\": " + output + ", \"next_step\": {\"allowed\": [\"session_end\"]}"
                + rest + "}";
    }

    private static final String OUTPUT = "{\"type\": \"object\", \"properties\": {\"items\": {\"type\": \"array\"},"
            + " \"label\": {\"type\": \"string\"}}, \"required\": [\"items\"]}";

    @Test
    void theJsonFormIsReadStrictlyWithPointersInEveryMessage() {
        assertRefused(model(OUTPUT, ", \"colour\": \"blue\""), "/colour: unknown key");
        assertRefused(model(OUTPUT, "").replace("\"required\": true}]", "\"required\": \"yes\"}]"),
                "/inputs/0/required: must be a boolean, found 'yes'");
        assertRefused(model("{\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"float\"}}, \"required\": []}", ""),
                "/output/properties/n/type: unknown shape type 'float'");
        assertRefused(model("{\"type\": \"object\", \"properties\": {}, \"required\": [\"n\"]}", ""),
                "/output/required/0: 'n' is required but not among the properties");
        assertRefused(model("{\"type\": \"array\"}", ""), "/output: the output of a stage is an object shape");
        assertRefused(model(OUTPUT, "").replace("\"session_fields\": \"echo\", ", ""), "/session_fields: is required");
        assertRefused(model(OUTPUT, ", \"rules\": [{\"rule\": \"at_most\"}]"), "/rules/0/rule: unknown rule 'at_most'");
        assertRefused(model("{\"type\": \"object\", \"properties\": {\"s\": {\"type\": \"score\", \"minimum\": 1.5}}, \"required\": []}", ""),
                "/output/properties/s: a score minimum must be within 0.00 and 1.00");
    }

    @Test
    void aContractMayNameItsSchema() {
        String named = model(OUTPUT, "").replaceFirst("\\{", "{\"\\$schema\": \"https://keel.dev/schema/stage-contract.schema.json\", ");

        assertThat(StageContract.fromJson(named)).isEqualTo(StageContract.fromJson(model(OUTPUT, "")));
        assertRefused(named.replace("\"https://keel.dev/schema/stage-contract.schema.json\"", "true"),
                "/$schema: must be a string");
    }

    @Test
    void everyProblemOfTheJsonFormIsNamedAtOnce() {
        String json = "{\"id\": \"host_v1\", \"kind\": \"model\", \"colour\": \"blue\", \"session_fields\": \"shout\","
                + " \"inputs\": [{\"slot\": \"cached_state\", \"required\": \"yes\"}],"
                + " \"output\": {\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"float\"},"
                + " \"items\": {\"type\": \"array\", \"min_items\": -1}}, \"required\": [\"m\"]},"
                + " \"rules\": [{\"rule\": \"member_of\", \"path\": \"label\", \"values\": \"/items/*\"}],"
                + " \"next_step\": {\"allowed\": \"session_end\"}}";

        assertThatThrownBy(() -> StageContract.fromJson(json)).isInstanceOf(InvalidContractException.class)
                .hasMessage("/colour: unknown key; expected one of directive, id, inputs, kind, next_step, output, purpose,"
                        + " rules, session_fields, state_merge; "
                        + "/inputs/0/required: must be a boolean, found 'yes'; "
                        + "/next_step/allowed: must be an array, found 'session_end'; "
                        + "/output/properties/items/min_items: must be an integer from 0 to 1000000, found the number -1; "
                        + "/output/properties/n/type: unknown shape type 'float'; known: any, null, string, boolean, integer,"
                        + " score, object, array, map; "
                        + "/rules/0/path: 'label' is not a JSON pointer: it must be empty or start with '/', with ~ written"
                        + " only as ~0 or ~1; "
                        + "/session_fields: must be one of echo, omit, found 'shout'");
        // What the contract's own types check is named once the document matches the schema.
        assertRefused(json.replace(", \"colour\": \"blue\"", "").replace("\"shout\"", "\"echo\"")
                        .replace("\"yes\"", "true").replace("{\"type\": \"float\"}", "{\"type\": \"string\"}")
                        .replace("-1", "1").replace("\"label\"", "\"/label\"").replace("\"allowed\": \"session_end\"",
                                "\"allowed\": [\"session_end\"]"),
                "/output/required/0: 'm' is required but not among the properties");
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        Map<String, Object> tree = new java.util.LinkedHashMap<>(dev.keel.core.json.JsonCodec.strict().parseObject(model(OUTPUT, "")));
        tree.put("output", Map.of("type", "object", "properties", Map.of("n", Map.of("type", "array",
                "min_items", new java.math.BigDecimal("1e999999"))), "required", List.of()));
        tree.put("purpose", new java.math.BigDecimal("-1e-999999"));

        assertThatThrownBy(() -> StageContract.fromTree(tree)).isInstanceOf(InvalidContractException.class)
                .hasMessage("/output/properties/n/min_items: must be an integer from 0 to 1000000, found the number 1E+999999; "
                        + "/purpose: must be a string, found the number -1E-999999");
    }

    @Test
    void rulesMustNameValuesTheOutputHas() {
        assertRefused(model(OUTPUT, ", \"rules\": [{\"rule\": \"count_equals_length\", \"count\": \"/count\", \"of\": \"/items\"}]"),
                "/rules/0/count: '/count' names nothing in the output shape");
        assertRefused(model(OUTPUT, ", \"rules\": [{\"rule\": \"count_equals_length\", \"count\": \"/label\", \"of\": \"/items\"}]"),
                "/rules/0/count: '/label' names string in the output shape, not an integer");
        assertRefused(model(OUTPUT, ", \"rules\": [{\"rule\": \"member_of\", \"path\": \"label\", \"values\": \"/items/*\"}]"),
                "/rules/0/path: 'label' is not a JSON pointer");
        assertRefused(model(OUTPUT, ", \"rules\": [{\"rule\": \"highest_total\", \"path\": \"/label\", \"groups\": \"/label\","
                        + " \"key\": \"id\", \"scores\": \"/score\"}]"),
                "/rules/0/groups: '/label' names string in the output shape, not an array");
        String groups = "{\"type\": \"object\", \"properties\": {\"label\": {\"type\": \"string\"}, \"groups\": {\"type\": \"array\","
                + " \"items\": {\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"string\"}, \"score\": {\"type\": \"score\"},"
                + " \"note\": {\"type\": \"string\"}}, \"required\": []}}}, \"required\": []}";
        assertRefused(model(groups, ", \"rules\": [{\"rule\": \"highest_total\", \"path\": \"/label\", \"groups\": \"/groups\","
                        + " \"key\": \"name\", \"scores\": \"/score\"}]"),
                "/rules/0/key: the items of '/groups' have no property 'name'");
        assertRefused(model(groups, ", \"rules\": [{\"rule\": \"highest_total\", \"path\": \"/label\", \"groups\": \"/groups\","
                        + " \"key\": \"id\", \"scores\": \"/note\"}]"),
                "/rules/0/scores: '/note' names string in the items of '/groups', not numbers");
        assertThat(StageContract.fromJson(model(groups, ", \"rules\": [{\"rule\": \"highest_total\", \"path\": \"/label\","
                + " \"groups\": \"/groups\", \"key\": \"id\", \"scores\": \"/score\"}]")).rules())
                .containsExactly(StageRule.highestTotal("/label", "/groups", "id", "/score"));
        assertRefused(model(OUTPUT, ", \"state_merge\": [{\"into\": \"host_v1\", \"from\": \"/missing\"}]"),
                "/state_merge/0/from: '/missing' names nothing in the output shape");
        assertRefused(model(OUTPUT, ", \"state_merge\": [{\"into\": \"session_id\", \"from\": \"/label\"}]"),
                "/state_merge/0: no stage may merge into cached_state.session_id");
        assertRefused(model(OUTPUT, "").replace("{\"allowed\": [\"session_end\"]}",
                        "{\"allowed\": [\"session_end\"], \"branches\": [{\"if\": {\"output\": \"/label\", \"equals\": \"x\"}, \"then\": \"elsewhere\"}]}"),
                "/next_step: next_step branch chooses 'elsewhere'");
    }

    @Test
    void theEnvelopeBelongsToEveryStageAndIsNotDeclared() {
        assertRefused(model("{\"type\": \"object\", \"properties\": {\"nextStep\": {\"type\": \"string\"}}, \"required\": []}", ""),
                "/output/properties/nextStep: 'nextStep' belongs to the shared envelope");
        assertRefused(model(OUTPUT, "").replace("{\"slot\": \"cached_state\", \"required\": true}", ""),
                "/session_fields: a stage that echoes session_id must read the cached_state input slot");
        assertRefused(model(OUTPUT, "").replace("\"host_v1\"", "\"host v1\""), "/id: a stage id is letters");
    }

    @Test
    void systemAndEndStagesHaveNoOutput() {
        assertRefused("{\"id\": \"persona\", \"kind\": \"system\", \"next_step\": {\"allowed\": [\"a\"]}}",
                "/directive: a system stage's directive is the base persona block");
        assertRefused("{\"id\": \"persona\", \"kind\": \"system\", \"directive\": \"x\", \"next_step\": {\"allowed\": [\"a\", \"b\"]}}",
                "/next_step: a system stage names exactly one next stage");
        assertRefused("{\"id\": \"done\", \"kind\": \"end\", \"rules\": []}", "/rules: an end stage has no model output");
        assertRefused("{\"id\": \"done\", \"kind\": \"end\", \"next_step\": {\"allowed\": [\"a\"]}}",
                "/next_step: an end stage has no next stage");
    }

    @Test
    void shapesThatMakeNoSenseAreRefusedInJavaToo() {
        assertThatThrownBy(() -> Shape.oneOf("low", "low")).isInstanceOf(InvalidContractException.class);
        assertThatThrownBy(() -> Shape.object().required("a", Shape.string()).optional("a", Shape.bool()))
                .isInstanceOf(InvalidContractException.class).hasMessageContaining("'a' twice");
        assertThatThrownBy(() -> Shape.array(Shape.string()).withUniqueBy("id")).isInstanceOf(InvalidContractException.class);
        assertThatThrownBy(() -> Condition.output("/a/*", true)).isInstanceOf(InvalidContractException.class);
        assertThatThrownBy(() -> StageContracts.of(builtIn("judgement_v1"), builtIn("judgement_v1")))
                .isInstanceOf(InvalidContractException.class);
    }

    @Test
    void hostContractsReplaceBuiltInsById() {
        StageContract shorter = builtIn("judgement_v1").toBuilder().directive("Classify the turn.").build();

        StageContracts contracts = StageFixtures.SERVICES.with(shorter);

        assertThat(contracts.require("judgement_v1").directive()).isEqualTo("Classify the turn.");
        assertThat(contracts.ids()).containsExactlyElementsOf(StageFixtures.SERVICES_IDS);
        assertThatThrownBy(() -> contracts.require("nope")).hasMessageContaining("known stages: base_system");
    }
}
