package dev.keel.evidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The discovery primitives a runtime lets plans use, in registration order. {@link #defaults()} is the reference
 * registry the conformance suite checks; a host registers its own tools instead ({@link #of}) or as well
 * ({@link #with}).
 *
 * <p>Immutable and thread-safe.
 */
public final class PrimitiveRegistry {

    private static final PrimitiveRegistry DEFAULTS = of(List.of(DiscoveryPrimitive.SEARCH_BUSINESS_ENTITY,
            DiscoveryPrimitive.INSPECT_1C_METADATA, DiscoveryPrimitive.RESOLVE_ENTITY_REFERENCE,
            DiscoveryPrimitive.QUERY_MOVEMENTS, DiscoveryPrimitive.QUERY_DOCUMENTS, DiscoveryPrimitive.AGGREGATE_BY_AXIS,
            DiscoveryPrimitive.DRILLDOWN_RELATED_OBJECTS, DiscoveryPrimitive.PROBE_COVERAGE,
            DiscoveryPrimitive.EXPLAIN_EVIDENCE_BASIS));

    private final Map<String, DiscoveryPrimitive> byName;

    private PrimitiveRegistry(Map<String, DiscoveryPrimitive> byName) {
        this.byName = byName;
    }

    /** The reference registry: nine primitives for searching, inspecting, querying and explaining records. */
    public static PrimitiveRegistry defaults() {
        return DEFAULTS;
    }

    /** A registry of exactly {@code primitives}; a repeated one counts once. */
    public static PrimitiveRegistry of(Collection<DiscoveryPrimitive> primitives) {
        Map<String, DiscoveryPrimitive> byName = new LinkedHashMap<>();
        primitives.forEach(primitive -> byName.putIfAbsent(primitive.wireName(), primitive));
        return new PrimitiveRegistry(byName);
    }

    /** A registry of the primitives named {@code names} (see {@link DiscoveryPrimitive#of}). */
    public static PrimitiveRegistry of(String... names) {
        return of(Arrays.stream(names).map(DiscoveryPrimitive::of).toList());
    }

    /** This registry and {@code more}. */
    public PrimitiveRegistry with(DiscoveryPrimitive... more) {
        List<DiscoveryPrimitive> all = new ArrayList<>(byName.values());
        all.addAll(Arrays.asList(more));
        return of(all);
    }

    /** The primitive of exactly this name, if registered. */
    public Optional<DiscoveryPrimitive> find(String wireName) {
        return Optional.ofNullable(byName.get(wireName));
    }

    /** The primitives, in registration order. */
    public List<DiscoveryPrimitive> primitives() {
        return List.copyOf(byName.values());
    }

    @Override
    public String toString() {
        return "PrimitiveRegistry" + byName.keySet();
    }
}
