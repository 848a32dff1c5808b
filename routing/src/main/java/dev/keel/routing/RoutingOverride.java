package dev.keel.routing;

import java.util.Objects;

/**
 * Replaces the index's choice for one role (seed 000 §3.4.4, the auditor override): requests of that role get
 * {@code entry} whatever their index, and the decision records the override's name. The top-secret safeguard
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

    /** Seed 000 §3.4.4: auditors behave as if the index chose ChatGPT with detailed analysis. */
    public static RoutingOverride marpAuditor() {
        return new RoutingOverride("auditor_override", "auditor",
                new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"));
    }
}
