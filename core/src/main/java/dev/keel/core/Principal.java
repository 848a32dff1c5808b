package dev.keel.core;

import dev.keel.core.text.Names;
import java.util.Objects;

/**
 * Who is asking: the role and the clearance the host application authenticated.
 *
 * <p>Keel never authenticates anybody; the host supplies the principal. The names are kept as given
 * ({@link #role()}, {@link #clearance()}: what the audit record shows of the host's principal)
 * and put in canonical form once, here, when the principal is made ({@link #canonicalRole()},
 * {@link #canonicalClearance()}, see {@link Names#canonical}): policy evaluation compares those and never
 * normalises a principal again. Two principals are equal when their names as given are. Immutable and thread-safe.
 */
public final class Principal {

    private final String role;
    private final String clearance;
    private final String canonicalRole;
    private final String canonicalClearance;

    private Principal(String role, String clearance) {
        this.role = Objects.requireNonNull(role, "role");
        this.clearance = Objects.requireNonNull(clearance, "clearance");
        this.canonicalRole = Names.canonical(role);
        this.canonicalClearance = Names.canonical(clearance);
    }

    /**
     * A principal.
     *
     * @param role      the role name, for example {@code analyst}, {@code viewer}, {@code admin}
     * @param clearance the clearance, for example {@code public}, {@code internal}, {@code restricted}
     */
    public static Principal of(String role, String clearance) {
        return new Principal(role, clearance);
    }

    /** The role name as given. */
    public String role() {
        return role;
    }

    /** The clearance as given. */
    public String clearance() {
        return clearance;
    }

    /** The role name in canonical form ({@code "Data Analyst"} is {@code data_analyst}). */
    public String canonicalRole() {
        return canonicalRole;
    }

    /** The clearance in canonical form ({@code "Highly Restricted"} is {@code highly_restricted}). */
    public String canonicalClearance() {
        return canonicalClearance;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Principal && ((Principal) other).role.equals(role)
                && ((Principal) other).clearance.equals(clearance);
    }

    @Override
    public int hashCode() {
        return Objects.hash(role, clearance);
    }

    @Override
    public String toString() {
        return "Principal[role=" + role + ", clearance=" + clearance + "]";
    }
}
