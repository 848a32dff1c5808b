package dev.keel.evidence;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A discovery primitive registered with the runtime (seed 004 {@code ASSISTANT_MCP_DISCOVERY_PRIMITIVES}), in the
 * reference's order. A model may propose any name; only these survive the runtime filter.
 *
 * <p>Immutable and thread-safe.
 */
public enum DiscoveryPrimitive {
    SEARCH_BUSINESS_ENTITY("search_business_entity"),
    INSPECT_1C_METADATA("inspect_1c_metadata"),
    RESOLVE_ENTITY_REFERENCE("resolve_entity_reference"),
    QUERY_MOVEMENTS("query_movements"),
    QUERY_DOCUMENTS("query_documents"),
    AGGREGATE_BY_AXIS("aggregate_by_axis"),
    DRILLDOWN_RELATED_OBJECTS("drilldown_related_objects"),
    PROBE_COVERAGE("probe_coverage"),
    EXPLAIN_EVIDENCE_BASIS("explain_evidence_basis");

    private final String wireName;

    DiscoveryPrimitive(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, exactly as seed 004 writes it. */
    public String wireName() {
        return wireName;
    }

    private static final Map<String, DiscoveryPrimitive> BY_WIRE_NAME = new HashMap<>();

    static {
        for (DiscoveryPrimitive value : values()) {
            BY_WIRE_NAME.put(value.wireName, value);
        }
    }

    /** The constant with this exact wire name, if any (the reference's {@code isAssistantMcpDiscoveryPrimitive}). */
    public static Optional<DiscoveryPrimitive> fromWireName(String wireName) {
        return Optional.ofNullable(BY_WIRE_NAME.get(wireName));
    }
}
