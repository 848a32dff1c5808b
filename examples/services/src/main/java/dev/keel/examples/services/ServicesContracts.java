package dev.keel.examples.services;

import dev.keel.stage.StageContract;
import dev.keel.stage.StageContracts;
import java.util.List;

/**
 * The government-services assistant's workflow as stage contracts: the persona block, judgement, agency detection,
 * the low branch (category selection) or the high branch (semantic analysis), service selection, the multi-agency
 * answer, and the session end. They ship as JSON resources of this module ({@code contracts/<id>.json}); the
 * protocol is described in {@code docs/stage-runtime.md}.
 *
 * <p>Immutable and thread-safe.
 */
public final class ServicesContracts {

    /** The stage ids, in topology order. */
    public static final List<String> IDS = List.of("base_system", "judgement_v1", "agency_detect_v1",
            "category_select_v1", "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1",
            StageContract.SESSION_END);
    /** The input slot of the selected agency's category dictionary. */
    public static final String KNOWLEDGE_BASE_DICTIONARY = "KnowledgeBase_Dictionary";
    /** The input slot of the selected agency's service index. */
    public static final String SERVICE_INDEX = "service_index";
    /** The input slot of the other detected agencies' service indexes, for the multi-agency answer. */
    public static final String AGENCY_SERVICE_SNIPPETS = "agency_service_snippets";

    private static final StageContracts CONTRACTS = StageContracts.fromResources(ServicesContracts.class,
            "/dev/keel/examples/services/contracts/", IDS);

    private ServicesContracts() {
    }

    /** The workflow's contracts, in topology order. */
    public static StageContracts all() {
        return CONTRACTS;
    }
}
