package dev.keel.routing;

import dev.keel.core.Principal;

/**
 * The deterministic router: a replayable choice of model and backend per request, which never sends an
 * internal-only request outside (described in {@code docs/routing.md}).
 *
 * <ol>
 *   <li>the table's {@link RoutingStrategy} selects a {@link PoolEntry} from the request, with the facts that
 *       replay the choice (the routing key among them);</li>
 *   <li>an override for the role replaces that entry, and is recorded;</li>
 *   <li>when the request is internal-only ({@link RoutingRequest#internalOnly()}, decided by the caller from its
 *       policy's sensitivity), {@code backend_target} becomes the table's internal backend, while
 *       {@code router_selected_llm} stays as selected.</li>
 * </ol>
 *
 * <p>Steps 2 and 3 hold whatever the strategy: no strategy can route an internal-only request outside. Route only
 * requests that governance let through (ALLOW or PARTIAL). Implementations are pure and thread-safe.
 */
public interface RoutingIndex {

    /** Routes with {@code table}'s strategy, overrides and internal backend. */
    static RoutingIndex create(RoutingTable table) {
        return new TableRoutingIndex(table);
    }

    RoutingTable table();

    /** Routes one request. */
    RoutingDecision route(RoutingRequest request);

    /** Routes {@code prompt} for {@code principal} with the default digest. */
    default RoutingDecision route(Principal principal, String prompt) {
        return route(RoutingRequest.of(principal, prompt));
    }
}
