package dev.keel.core;

import java.util.Objects;

/**
 * Who is asking: the role and the clearance the host application authenticated.
 *
 * <p>Keel never authenticates anybody; the host supplies the principal. Values are kept as given
 * (policy evaluation decides how to compare them). Immutable and thread-safe.
 *
 * @param role      the role name, for example {@code planner}, {@code guest}, {@code auditor}
 * @param clearance the clearance, for example {@code unclassified}, {@code secret}, {@code top_secret}
 */
public record Principal(String role, String clearance) {

    public Principal {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(clearance, "clearance");
    }

    /** Same as the canonical constructor; reads better at call sites. */
    public static Principal of(String role, String clearance) {
        return new Principal(role, clearance);
    }
}
