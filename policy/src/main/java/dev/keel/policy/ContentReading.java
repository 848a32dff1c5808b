package dev.keel.policy;

import dev.keel.core.content.Labels;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What governance reads in content that is not the user's question (a tool's result, a tool's specification):
 * the domains the policy's rules detect in it, a marking's domain included, and whether it must stay in the house
 * by a marking or an internal-only domain ({@link GovernancePlane#read}). Immutable and thread-safe.
 *
 * @param domains     the domains detected, in the order found
 * @param sensitivity whether the content must stay in the house, and by which rules
 */
public record ContentReading(List<String> domains, SensitivityDecision sensitivity) {

    public ContentReading {
        domains = List.copyOf(Objects.requireNonNull(domains, "domains"));
        Objects.requireNonNull(sensitivity, "sensitivity");
    }

    /** The labels the content carries by what was read: its domains, internal only when it must stay in the house. */
    public Labels labels() {
        return new Labels(Set.copyOf(domains), sensitivity.internalOnly(), null);
    }
}
