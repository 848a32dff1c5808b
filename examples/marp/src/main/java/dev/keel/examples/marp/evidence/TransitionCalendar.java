package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.util.List;
import java.util.Objects;

/**
 * One transition calendar of regulated knowledge (Calendar A, Calendar B): its structure, the capability
 * and dock utilisation ranges it keeps, its uncertainty band, budget envelope, bottlenecks and policy flags.
 * Immutable and thread-safe.
 */
public record TransitionCalendar(String id, String name, String description, ValueRange capabilityRange,
        ValueRange dockUtilisationRange, UncertaintyBand uncertaintyBand, BudgetEnvelope budget,
        List<Bottleneck> bottlenecks, List<PolicyFlag> policyFlags, Locator locator) {

    public TransitionCalendar {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(capabilityRange, "capabilityRange");
        Objects.requireNonNull(dockUtilisationRange, "dockUtilisationRange");
        Objects.requireNonNull(uncertaintyBand, "uncertaintyBand");
        Objects.requireNonNull(budget, "budget");
        bottlenecks = List.copyOf(bottlenecks);
        policyFlags = List.copyOf(policyFlags);
        Objects.requireNonNull(locator, "locator");
    }
}
