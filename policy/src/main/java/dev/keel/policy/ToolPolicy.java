package dev.keel.policy;

import java.util.List;
import java.util.Objects;

/**
 * What a policy document says of one tool ({@code tools} in {@code docs/policy.md}): the roles that may call it,
 * the clearances that may (every clearance the role allows when the list is empty), the data domains its results
 * carry, where it runs, and the arguments withheld whole when it runs outside the house.
 *
 * <p>A {@link PolicyDocument} only holds tool policies that passed validation: names canonical, every role one of
 * the policy's, at least one role. Lists keep document order. Immutable and thread-safe.
 *
 * @param description        for people; empty when the document gives none
 * @param allowedRoles       the roles that may call the tool ({@code allowed_roles})
 * @param allowedClearances  the clearances that may call it ({@code allowed_clearances}); empty for every clearance
 *                           the caller's role allows
 * @param resultDomains      the data domains the tool's results carry ({@code result_domains})
 * @param placement          where the tool runs ({@code placement})
 * @param sensitiveArguments the names of the arguments withheld whole when the tool is external
 *                           ({@code sensitive_arguments}), as written: a member of the arguments is withheld, at any
 *                           depth (in nested objects and in arrays of objects), when its name is one of these in
 *                           canonical form ({@link dev.keel.core.text.Names#canonical})
 */
public record ToolPolicy(String description, List<String> allowedRoles, List<String> allowedClearances,
                         List<String> resultDomains, ToolPlacement placement, List<String> sensitiveArguments) {

    public ToolPolicy {
        Objects.requireNonNull(description, "description");
        allowedRoles = List.copyOf(allowedRoles);
        allowedClearances = List.copyOf(allowedClearances);
        resultDomains = List.copyOf(resultDomains);
        Objects.requireNonNull(placement, "placement");
        sensitiveArguments = List.copyOf(sensitiveArguments);
    }

    /** A tool without description, clearance list or sensitive arguments. */
    public static ToolPolicy of(List<String> allowedRoles, List<String> resultDomains, ToolPlacement placement) {
        return new ToolPolicy("", allowedRoles, List.of(), resultDomains, placement, List.of());
    }

    /** True when the tool runs outside the house. */
    public boolean external() {
        return placement == ToolPlacement.EXTERNAL;
    }

    /**
     * This tool placed at least as strictly as {@code placement} ({@link ToolPlacement#stricter}): external when
     * either says so; this very tool when its placement is already the stricter.
     */
    public ToolPolicy placedAtLeast(ToolPlacement placement) {
        ToolPlacement stricter = this.placement.stricter(placement);
        return stricter == this.placement ? this
                : new ToolPolicy(description, allowedRoles, allowedClearances, resultDomains, stricter,
                sensitiveArguments);
    }

    /** This tool with {@code clearances} as the clearances that may call it. */
    public ToolPolicy withAllowedClearances(List<String> clearances) {
        return new ToolPolicy(description, allowedRoles, clearances, resultDomains, placement, sensitiveArguments);
    }

    /** This tool with {@code names} as its sensitive arguments. */
    public ToolPolicy withSensitiveArguments(List<String> names) {
        return new ToolPolicy(description, allowedRoles, allowedClearances, resultDomains, placement, names);
    }
}
