package dev.keel.routing;

import dev.keel.core.Principal;

/**
 * The deterministic router: a pseudo-random but replayable choice of model and backend per request, which never
 * sends an internal-only request outside (described in {@code docs/routing.md}).
 *
 * <ol>
 *   <li>{@code K = "<role>|<clearance>|<scenario_tag>|<prompt_digest>"}, with the scenario tag from the table's
 *       {@link ScenarioTagger} and the caller's digest or {@link PromptSignals#digest};</li>
 *   <li>remove every {@code |} and every white-space character ({@link PromptSignals#isWhiteSpace}) from K;</li>
 *   <li>{@code N} = the number of Unicode code points left;</li>
 *   <li>{@code index = N mod 10} selects a {@link PoolEntry} from the {@link RoutingTable};</li>
 *   <li>an override for the role replaces that entry, and is recorded;</li>
 *   <li>when the request is internal-only ({@link RoutingRequest#internalOnly()}, decided by the caller from its
 *       policy's sensitivity), {@code backend_target} becomes the table's internal backend, while
 *       {@code router_selected_llm} stays as computed.</li>
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
