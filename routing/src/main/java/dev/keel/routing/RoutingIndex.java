package dev.keel.routing;

import dev.keel.core.Principal;

/**
 * Seed 000 §3.4's deterministic router: a pseudo-random but replayable choice of LLM and backend per request,
 * which never sends top-secret work outside.
 *
 * <ol>
 *   <li>{@code K = "<role>|<clearance>|<scenario_tag>|<prompt_digest>"} (§3.4.1), with the scenario tag from
 *       the table's {@link ScenarioTagger} and the caller's digest or {@link PromptSignals#digest};</li>
 *   <li>remove every {@code |} and every white-space character ({@link PromptSignals#isWhiteSpace}) from K;</li>
 *   <li>{@code N} = the number of Unicode code points left;</li>
 *   <li>{@code index = N mod 10} selects a {@link PoolEntry} from the {@link RoutingTable} (§3.4.2);</li>
 *   <li>an override for the role replaces that entry (§3.4.4), and is recorded;</li>
 *   <li>when the clearance or the prompt mentions top secret ({@link PromptSignals#mentionsTopSecret}),
 *       {@code backend_target} becomes the table's internal backend and {@code top_secret_internal_only} is
 *       true, while {@code router_selected_llm} stays as computed (§3.4.3).</li>
 * </ol>
 *
 * <p>Route only requests that governance let through (ALLOW or PARTIAL). Implementations are pure and
 * thread-safe.
 */
public interface RoutingIndex {

    static RoutingIndex create(RoutingTable table) {
        return new TableRoutingIndex(table);
    }

    /**
     * {@code N} for a key made of these parts: their code points, not counting {@code |} or white space. The same
     * as building K and counting, without building it.
     */
    static int keyLength(String role, String clearance, String scenarioTag, String promptDigest) {
        return TableRoutingIndex.countKeyCodePoints(role) + TableRoutingIndex.countKeyCodePoints(clearance)
                + TableRoutingIndex.countKeyCodePoints(scenarioTag) + TableRoutingIndex.countKeyCodePoints(promptDigest);
    }

    RoutingTable table();

    /** Routes one request. */
    RoutingDecision route(RoutingRequest request);

    /** Routes {@code prompt} for {@code principal} with the default digest. */
    default RoutingDecision route(Principal principal, String prompt) {
        return route(RoutingRequest.of(principal, prompt));
    }

    /**
     * Steps 1 to 4 only, for callers that already have the key's parts: the entry index {@code N mod 10} selects.
     * No allocation.
     */
    default PoolEntry select(String role, String clearance, String scenarioTag, String promptDigest) {
        return table().entry(keyLength(role, clearance, scenarioTag, promptDigest) % RoutingTable.SIZE);
    }
}
