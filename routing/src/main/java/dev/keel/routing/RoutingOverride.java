package dev.keel.routing;

import java.util.Objects;

/**
 * Replaces the index's choice for one role (for example, auditors always get the most traceable model): requests of that role get
 * {@code entry} whatever their index, and the decision records the override's name. The internal-only safeguard
 * still applies on top of it.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name  recorded as the decision's {@code override}, for example {@code auditor_override}
 * @param role  the role it applies to, compared ignoring case and surrounding white space
 * @param entry what the role's requests get instead
 */
public record RoutingOverride(String name, String role, PoolEntry entry) {

    public RoutingOverride {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(entry, "entry");
    }
}
