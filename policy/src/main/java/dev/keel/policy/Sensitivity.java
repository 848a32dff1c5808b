package dev.keel.policy;

import java.util.List;

/**
 * What a policy says must never leave the house: requests by a principal of an internal-only clearance, requests
 * about an internal-only data domain, and requests that carry an internal-only marking. Routing sends such
 * requests only to internal backends, whatever the prompt says. Immutable and thread-safe.
 *
 * @param internalOnlyClearances clearances whose requests stay internal ({@code top_secret}, {@code phi})
 * @param internalOnlyDomains    data domains whose requests stay internal ({@code patient_records})
 * @param markings               markings that make a request internal-only wherever they appear in it
 */
public record Sensitivity(List<String> internalOnlyClearances, List<String> internalOnlyDomains,
                          List<Marking> markings) {

    private static final Sensitivity NONE = new Sensitivity(List.of(), List.of(), List.of());

    public Sensitivity {
        internalOnlyClearances = List.copyOf(internalOnlyClearances);
        internalOnlyDomains = List.copyOf(internalOnlyDomains);
        markings = List.copyOf(markings);
    }

    /** Nothing is internal-only. */
    public static Sensitivity none() {
        return NONE;
    }

    public boolean isEmpty() {
        return internalOnlyClearances.isEmpty() && internalOnlyDomains.isEmpty() && markings.isEmpty();
    }
}
