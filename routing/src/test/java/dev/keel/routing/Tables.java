package dev.keel.routing;

/**
 * The tables the tests route with: one internal model for a tenth of requests, two external ones for half and
 * two fifths (weights 1, 5, 4), the internal backend {@code internal_chatgpt}.
 */
final class Tables {

    static final PoolEntry CHATGPT = new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt");
    static final PoolEntry LLAMA = new PoolEntry("llama", "balanced_summary", "llama");
    static final PoolEntry DEEPSEEK = new PoolEntry("deepseek", "policy_summary", "deepseek");

    static final String WEIGHTED_JSON = "{\"pools\": ["
            + "{\"weight\": 1, \"router_selected_llm\": \"chatgpt\", \"reasoning_mode\": \"detailed_analysis\", \"backend_target\": \"internal_chatgpt\"},"
            + "{\"weight\": 5, \"router_selected_llm\": \"llama\", \"reasoning_mode\": \"balanced_summary\", \"backend_target\": \"llama\"},"
            + "{\"weight\": 4, \"router_selected_llm\": \"deepseek\", \"reasoning_mode\": \"policy_summary\", \"backend_target\": \"deepseek\"}],"
            + " \"internal_backend_target\": \"internal_chatgpt\","
            + " \"overrides\": [{\"name\": \"auditor_override\", \"role\": \"auditor\", \"router_selected_llm\": \"chatgpt\","
            + " \"reasoning_mode\": \"detailed_analysis\", \"backend_target\": \"internal_chatgpt\"}]}";

    private Tables() {
    }

    static RoutingTable weighted() {
        return RoutingTable.builder().pool(1, CHATGPT).pool(5, LLAMA).pool(4, DEEPSEEK)
                .internalBackendTarget("internal_chatgpt").build();
    }

    /** Auditors get ChatGPT with detailed analysis, whatever the strategy chose. */
    static RoutingOverride auditorOverride() {
        return new RoutingOverride("auditor_override", "auditor", CHATGPT);
    }

    static RoutingTable weightedWithAuditorOverride() {
        return weighted().toBuilder().override(auditorOverride()).build();
    }
}
