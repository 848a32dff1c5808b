package dev.keel.routing;

import java.util.List;

/**
 * The routing table the tests check the algorithm against, as the MARP assistant configures it: index 0 selects
 * ChatGPT (detailed analysis, internal), 1 to 5 Llama (balanced summary), 6 to 9 Deepseek (policy summary); the
 * internal backend is {@code internal_chatgpt}; the scenario tag is {@code SCENARIO 1}, {@code 2} or {@code 3}.
 */
final class SeedTable {

    static final ScenarioTagger TAGGER = ScenarioTagger.of("scenario", List.of("1", "2", "3"), "0");

    private SeedTable() {
    }

    static RoutingTable table() {
        return RoutingTable.builder()
                .entries(0, 0, new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))
                .entries(1, 5, new PoolEntry("llama", "balanced_summary", "llama"))
                .entries(6, 9, new PoolEntry("deepseek", "policy_summary", "deepseek"))
                .internalBackendTarget("internal_chatgpt")
                .scenarioTagger(TAGGER)
                .build();
    }

    /** Auditors behave as if the index chose ChatGPT with detailed analysis. */
    static RoutingOverride auditorOverride() {
        return new RoutingOverride("auditor_override", "auditor",
                new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"));
    }

    static RoutingIndex index() {
        return RoutingIndex.create(table());
    }
}
