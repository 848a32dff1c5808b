package dev.keel.evidence;

import dev.keel.core.InvalidInputException;
import java.util.Objects;

/**
 * A discovery primitive: the name of a tool the runtime lets a discovery plan call (a probe). A model may propose
 * any name; only the primitives of the {@link PrimitiveRegistry} in use survive the runtime filter. The constants
 * are the default registry's primitives ({@link PrimitiveRegistry#defaults()}); a host registers its own tools with
 * {@link #of(String)}.
 *
 * <p>Immutable and thread-safe; equal when the names are equal.
 */
public final class DiscoveryPrimitive {

    public static final DiscoveryPrimitive SEARCH_BUSINESS_ENTITY = of("search_business_entity");
    public static final DiscoveryPrimitive INSPECT_1C_METADATA = of("inspect_1c_metadata");
    public static final DiscoveryPrimitive RESOLVE_ENTITY_REFERENCE = of("resolve_entity_reference");
    public static final DiscoveryPrimitive QUERY_MOVEMENTS = of("query_movements");
    public static final DiscoveryPrimitive QUERY_DOCUMENTS = of("query_documents");
    public static final DiscoveryPrimitive AGGREGATE_BY_AXIS = of("aggregate_by_axis");
    public static final DiscoveryPrimitive DRILLDOWN_RELATED_OBJECTS = of("drilldown_related_objects");
    public static final DiscoveryPrimitive PROBE_COVERAGE = of("probe_coverage");
    public static final DiscoveryPrimitive EXPLAIN_EVIDENCE_BASIS = of("explain_evidence_basis");

    private final String wireName;

    private DiscoveryPrimitive(String wireName) {
        this.wireName = wireName;
    }

    /**
     * The primitive named {@code wireName}, exactly as plans and probe results write it.
     *
     * @throws InvalidInputException when the name is blank or has white space at either end (a plan's names are
     *         trimmed, so such a primitive could never be proposed)
     */
    public static DiscoveryPrimitive of(String wireName) {
        Objects.requireNonNull(wireName, "wireName");
        if (wireName.isBlank() || !wireName.strip().equals(wireName)) {
            throw new InvalidInputException("a primitive name must be non-blank and trimmed, found '" + wireName + "'");
        }
        return new DiscoveryPrimitive(wireName);
    }

    /** The name on the wire. */
    public String wireName() {
        return wireName;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DiscoveryPrimitive && ((DiscoveryPrimitive) other).wireName.equals(wireName);
    }

    @Override
    public int hashCode() {
        return wireName.hashCode();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
