package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** {@link PrincipalResolver} configured by its builder. Immutable and thread-safe. */
final class ClaimAwarePrincipalResolver implements PrincipalResolver {

    private final PromptClaimMode mode;
    private final @Nullable Principal defaultPrincipal;
    private final @Nullable PolicyDocument policy;
    private final List<String> clearanceLevels;

    ClaimAwarePrincipalResolver(PrincipalResolver.Builder builder) {
        this.mode = builder.mode;
        this.defaultPrincipal = builder.defaultPrincipal == null ? null : canonical(builder.defaultPrincipal);
        this.policy = builder.policy;
        List<String> configured = builder.clearanceLevels != null ? builder.clearanceLevels
                : policy != null && !policy.clearanceLevels().isEmpty() ? policy.clearanceLevels()
                : DEFAULT_CLEARANCE_LEVELS;
        List<String> levels = new ArrayList<>();
        for (String level : configured) {
            levels.add(Names.canonical(level));
        }
        this.clearanceLevels = List.copyOf(levels);
    }

    // The resolved principal is spelt canonically; the host principal keeps its own spelling for the audit record.
    private static Principal canonical(Principal principal) {
        return Principal.of(principal.canonicalRole(), principal.canonicalClearance());
    }

    @Override
    public PrincipalResolution resolve(@Nullable Principal hostPrincipal, @Nullable String prompt) {
        Principal base = hostPrincipal != null ? canonical(hostPrincipal) : defaultPrincipal;
        PrincipalSource baseSource = hostPrincipal != null ? PrincipalSource.HOST
                : defaultPrincipal != null ? PrincipalSource.DEFAULT : PrincipalSource.NONE;
        PromptClaimParser.Claims claims = PromptClaimParser.parse(prompt == null ? "" : prompt);
        ReasonCodes.Builder codes = ReasonCodes.builder();
        if (claims.isEmpty()) {
            return fromBase(base, baseSource, null, codes);
        }
        if (claims.isConflicting()) {
            codes.add("principal_claim_conflicting");
            return fromBase(base, baseSource, null, codes);
        }
        PromptClaim claim = new PromptClaim(first(claims.roles()), first(claims.clearances()));
        // The host's principal is authenticated: against it, a claim may only ever lower privilege.
        PromptClaimMode mode = this.mode == PromptClaimMode.AUTHORITATIVE && hostPrincipal != null
                ? PromptClaimMode.LOWER_ONLY : this.mode;
        if (mode == PromptClaimMode.IGNORE) {
            codes.add("principal_claim_ignored");
            return fromBase(base, baseSource, claim, codes);
        }
        if (mode == PromptClaimMode.LOWER_ONLY && base == null) {
            codes.add("principal_claim_without_principal");
            return fromBase(null, PrincipalSource.NONE, claim, codes);
        }
        String role = claim.role() != null ? claim.role() : base == null ? null : base.role();
        String clearance = claim.clearance() != null ? claim.clearance() : base == null ? null : base.clearance();
        if (role == null || clearance == null) {
            return fromBase(null, PrincipalSource.NONE, claim, codes);
        }
        Principal claimed = Principal.of(role, clearance);
        // Under LOWER_ONLY a claim without a base principal has returned above.
        if (mode == PromptClaimMode.LOWER_ONLY && !isAtMostAsPrivileged(claimed, Objects.requireNonNull(base))) {
            codes.add("principal_claim_raises_privilege");
            return fromBase(base, baseSource, claim, codes);
        }
        codes.add("principal_claim_applied");
        return new PrincipalResolution(claimed, PrincipalSource.PROMPT_CLAIM, claim, codes.build());
    }

    private static @Nullable String first(Set<String> values) {
        return values.isEmpty() ? null : values.iterator().next();
    }

    private static PrincipalResolution fromBase(@Nullable Principal base, PrincipalSource source,
            @Nullable PromptClaim claim, ReasonCodes.Builder codes) {
        switch (source) {
            case HOST:
                codes.add("principal_from_host");
                break;
            case DEFAULT:
                codes.add("principal_from_default");
                break;
            default:
                codes.add("principal_missing");
                break;
        }
        return new PrincipalResolution(base, source, claim, codes.build());
    }

    private boolean isAtMostAsPrivileged(Principal claimed, Principal base) {
        return clearanceIsAtMost(claimed.clearance(), base.clearance()) && decidesAtMostAsPermissively(claimed, base);
    }

    private boolean clearanceIsAtMost(String claimed, String base) {
        if (claimed.equals(base)) {
            return true;
        }
        int claimedLevel = clearanceLevels.indexOf(claimed);
        int baseLevel = clearanceLevels.indexOf(base);
        return claimedLevel >= 0 && baseLevel >= 0 && claimedLevel <= baseLevel;
    }

    /**
     * True when {@code claimed} never gets a more permissive decision than {@code base}, whatever domains are
     * requested. With the evaluation rules (docs/policy.md): a principal whose role is unknown or whose clearance the role does not
     * allow is always denied; otherwise the claimed role must deny every domain the base role denies (asking about
     * one denies the base), and, for the domains neither denies, the claimed default must be no more permissive
     * and either the claimed role allows no domain the base role does not or its default is PARTIAL (a domain
     * outside the base role gives PARTIAL there, so only a PARTIAL default stays at or below it). Without a policy
     * only the same role is known to pass.
     */
    private boolean decidesAtMostAsPermissively(Principal claimed, Principal base) {
        if (claimed.role().equals(base.role()) && claimed.clearance().equals(base.clearance())) {
            return true;
        }
        if (policy == null) {
            return claimed.role().equals(base.role());
        }
        RolePolicy claimedRole = policy.roles().get(claimed.role());
        if (claimedRole == null || !claimedRole.allowedClearances().contains(claimed.clearance())) {
            return true;
        }
        RolePolicy baseRole = policy.roles().get(base.role());
        if (baseRole == null || !baseRole.allowedClearances().contains(base.clearance())) {
            return false;
        }
        Decision claimedDefault = claimedRole.defaultDecision();
        return claimedRole.deniedDomains().containsAll(baseRole.deniedDomains())
                && claimedDefault.isAtMostAsPermissiveAs(baseRole.defaultDecision())
                && (baseRole.allowedDomains().containsAll(claimedRole.allowedDomains())
                        || claimedDefault == Decision.PARTIAL);
    }
}
