package dev.keel.examples.tools;

import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.routing.RoutingTable;
import dev.keel.routing.loader.RoutingTables;

/**
 * The files the operations assistant runs on, shipped with this example as class path resources under
 * {@code dev/keel/examples/tools/}: its policy (with the tools it may call) and its routing table. Every reader
 * validates its file completely and fails naming the file, the place and the problem. Stateless and thread-safe.
 */
public final class OperationsData {

    public static final String POLICY = "operations_policy.json";
    public static final String ROUTING_TABLE = "operations_routing.json";

    private static final String FOLDER = "dev/keel/examples/tools/";

    private OperationsData() {
    }

    /**
     * Roles guest, staff and finance; the tools {@code list_open_tickets}, {@code payroll_summary} and
     * {@code exchange_rate}.
     */
    public static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(OperationsData.class.getClassLoader(), FOLDER + POLICY);
    }

    /** Every request to the house model, inside the company. */
    public static RoutingTable routingTable() {
        return RoutingTables.readResource(OperationsData.class.getClassLoader(), FOLDER + ROUTING_TABLE);
    }
}
