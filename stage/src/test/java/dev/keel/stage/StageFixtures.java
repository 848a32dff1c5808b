package dev.keel.stage;

import dev.keel.core.json.JsonCodec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workflow the tests run, a government-services help desk, with a valid output of every stage and the cached
 * states they run in, for one session. Low path: a tax question for one agency; high path: opening a café, which
 * needs the tax agency and the civil registry. The contracts are the services example's, read from its resources
 * (the build adds them to this module's test class path).
 */
final class StageFixtures {

    /** The workflow's stage ids, in topology order. */
    static final List<String> SERVICES_IDS = List.of("base_system", "judgement_v1", "agency_detect_v1",
            "category_select_v1", "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1",
            StageContract.SESSION_END);
    static final StageContracts SERVICES = StageContracts.fromResources(StageFixtures.class,
            "/dev/keel/examples/services/contracts/", SERVICES_IDS);
    /** The slot of the per-agency category dictionary. */
    static final String KNOWLEDGE_BASE_DICTIONARY = "KnowledgeBase_Dictionary";
    /** The slot of the selected agency's service index. */
    static final String SERVICE_INDEX_SLOT = "service_index";

    static final String SESSION = "7d1f3c2a-5b8e-4f0a-9c6d-2e4b8a1f0c3d";
    static final JsonCodec CODEC = JsonCodec.strict();

    static final String JUDGEMENT_INQUIRY = """
            {"stage": "judgement_v1", "stageStatus": "ready", "judgements": {"inquiry": true},
             "assistantReply": null, "nextStep": "agency_detect_v1", "telemetry": {"notes": null}}""";

    static final String JUDGEMENT_SMALL_TALK = """
            {"stage": "judgement_v1", "stageStatus": "ready", "judgements": {"inquiry": false},
             "assistantReply": "I can help with government services, such as taxes or civil registration. What do you need?",
             "nextStep": "session_end", "telemetry": {"notes": null}}""";

    static final String AGENCY_LOW = """
            {"session_id": "%s", "response_id": "r-agency-1", "stage": "agency_detect_v1",
             "judgements": {"agencyDetected": ["tax_agency"],
               "agencyInfo": [{"agencyId": "tax_agency", "name": "National Tax Agency", "path": "/agencies/tax",
                               "description": "Income and business taxes"}],
               "agencyCount": 1, "complexity": "low"},
             "nextStep": "category_select_v1", "telemetry": {"notes": null}}""".formatted(SESSION);

    static final String AGENCY_HIGH = """
            {"session_id": "%s", "response_id": "r-agency-2", "stage": "agency_detect_v1",
             "judgements": {"agencyDetected": ["tax_agency", "civil_registry"],
               "agencyInfo": [{"agencyId": "tax_agency", "name": "National Tax Agency", "path": "/agencies/tax",
                               "description": "Income and business taxes"},
                              {"agencyId": "civil_registry", "name": "Civil Registry Office", "path": "/agencies/registry",
                               "description": "Residence and family records"}],
               "agencyCount": 2, "complexity": "high"},
             "nextStep": "semantic_analysis_v1", "telemetry": {"notes": null}}""".formatted(SESSION);

    static final String CATEGORY = """
            {"session_id": "%s", "response_id": "r-category-1", "stage": "category_select_v1",
             "categorySelection": {"candidates": {
               "income_tax_filing": {"value": "Filing the yearly income tax return", "score": 0.92},
               "tax_refund": {"value": "Refunds of overpaid tax", "score": 0.61}}},
             "nextStep": "service_select_v1", "telemetry": {"notes": null}}""".formatted(SESSION);

    static final String SEMANTIC = """
            {"session_id": "%s", "response_id": "r-semantic-1", "stage": "semantic_analysis_v1",
             "semanticAnalysis": {
               "agencies": [
                 {"agencyId": "tax_agency", "agencyName": "National Tax Agency",
                  "categorySelection": {"candidates": {"business_registration": {"value": "Registering a business", "score": 0.88}}}},
                 {"agencyId": "civil_registry", "agencyName": "Civil Registry Office",
                  "categorySelection": {"candidates": {"address_report": {"value": "Reporting a new address", "score": 0.57}}}}],
               "primaryAgency": {"agencyId": "tax_agency", "reason": "highest cumulative relevance"}},
             "nextStep": "service_select_v1", "telemetry": {"notes": null}}""".formatted(SESSION);

    static final String SERVICE_LOW = """
            {"session_id": "%s", "response_id": "r-service-1", "stage": "service_select_v1",
             "serviceSelection": {"serviceKey": "income_tax_return", "name": "Income Tax Return",
               "path": "/services/tax/income-return", "matchedField": "name", "score": 0.90},
             "template": {"placeholders": {"service_name": "{service_name}", "deadline": "{deadline}"},
               "rules": "Name {service_name}, then say it is due by {deadline}."},
             "nextStep": "session_end", "telemetry": {"notes": null}}""".formatted(SESSION);

    static final String SERVICE_HIGH = """
            {"session_id": "%s", "response_id": "r-service-2", "stage": "service_select_v1",
             "serviceSelection": {"serviceKey": "business_registration", "name": "Business Registration",
               "path": "/services/tax/business-registration", "matchedField": "overview", "score": 0.84},
             "template": {"placeholders": {"service_name": "{service_name}"},
               "rules": "Start with {service_name}; then the civil registry steps."},
             "nextStep": "multi_agency_service_answer_v1", "telemetry": {"notes": null}}""".formatted(SESSION);

    static final String MULTI_AGENCY = """
            {"session_id": "%s", "response_id": "r-answer-1", "stage": "multi_agency_service_answer_v1",
             "assistantReply": "To open your café, first apply for Business Registration at the National Tax Agency, then report the shop address to the Civil Registry Office within 14 days.",
             "sourcesUsed": [
               {"agencyId": "tax_agency", "serviceKey": "business_registration", "path": "/services/tax/business-registration"},
               {"agencyId": "civil_registry", "serviceKey": "", "path": "/agencies/registry"}],
             "nextStep": "session_end", "telemetry": {"notes": null}}""".formatted(SESSION);

    private StageFixtures() {
    }

    static StageContract contract(String id) {
        return StageFixtures.SERVICES.require(id);
    }

    static Map<String, Object> parse(String json) {
        return CODEC.parseObject(json);
    }

    /** A mutable copy of a parsed output, for editing one value. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> mutable(String json) {
        return (Map<String, Object>) mutableCopy(parse(json));
    }

    static Object mutableCopy(Object value) {
        if (value instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<?, ?>) value).forEach((key, item) -> copy.put((String) key, mutableCopy(item)));
            return copy;
        }
        if (value instanceof java.util.List) {
            java.util.List<Object> copy = new java.util.ArrayList<>();
            ((java.util.List<?>) value).forEach(item -> copy.add(mutableCopy(item)));
            return copy;
        }
        return value;
    }

    /** The state in which the stage after {@code judgement_v1} runs. */
    static Map<String, Object> afterJudgement() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("session_id", SESSION);
        state.put("judgement_v1", Map.of("inquiry", true));
        return state;
    }

    /** The state after agency detection with the given output. */
    static Map<String, Object> afterAgency(String agencyOutput) {
        Map<String, Object> state = afterJudgement();
        state.putAll(validate("agency_detect_v1", agencyOutput, state).statePatch().orElseThrow());
        return state;
    }

    static Map<String, Object> lowState() {
        return afterAgency(AGENCY_LOW);
    }

    static Map<String, Object> highState() {
        return afterAgency(AGENCY_HIGH);
    }

    /** The state in which multi_agency_service_answer_v1 runs. */
    static Map<String, Object> beforeAnswer() {
        Map<String, Object> state = highState();
        state.putAll(validate("semantic_analysis_v1", SEMANTIC, state).statePatch().orElseThrow());
        state.putAll(validate("service_select_v1", SERVICE_HIGH, state).statePatch().orElseThrow());
        return state;
    }

    static StageValidation validate(String stage, String output, Map<String, Object> state) {
        return StageValidator.create().validate(contract(stage), output, ValidationContext.of(state));
    }
}
