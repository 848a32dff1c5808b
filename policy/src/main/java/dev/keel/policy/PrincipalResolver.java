package dev.keel.policy;

import dev.keel.core.Principal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Decides which principal a request is evaluated as: the one the host authenticated, a
 * configured default, and a "ROLE / CLEARANCE" claim written in the prompt (see {@link PromptClaim}), as
 * {@link PromptClaimMode} allows.
 *
 * <p>By default ({@link #builder()} unchanged) there is no default principal and claims may only lower
 * privilege: no host principal means no principal, and the policy decision is {@code DENY}. "Lower" means: the
 * claimed clearance is at or below the authenticated one in the clearance order ({@link Builder#clearanceLevels},
 * else the policy's {@link PolicyDocument#clearanceLevels()}, else {@link #DEFAULT_CLEARANCE_LEVELS}), and under the
 * policy given to {@link Builder#policy} the claimed principal never gets a more permissive decision than the
 * authenticated one, whatever domains are requested. Several different roles or clearances claimed in one
 * prompt are ignored ({@code principal_claim_conflicting}).
 *
 * <p>Resolved names are canonical (lower case, {@code top secret} as {@code top_secret}). Implementations are
 * pure and thread-safe.
 */
public interface PrincipalResolver {

    /** Clearance levels, lowest first, used when none are configured. */
    List<String> DEFAULT_CLEARANCE_LEVELS = List.of("unclassified", "restricted", "confidential", "secret",
            "top_secret");

    static Builder builder() {
        return new Builder();
    }

    /**
     * The principal for one request.
     *
     * @param hostPrincipal what the host authenticated, or null when it authenticated nobody
     * @param prompt        the user's message; null reads as empty
     */
    PrincipalResolution resolve(@Nullable Principal hostPrincipal, @Nullable String prompt);

    /** Configures a {@link PrincipalResolver}. Not thread-safe. */
    final class Builder {
        PromptClaimMode mode = PromptClaimMode.LOWER_ONLY;
        @Nullable Principal defaultPrincipal;
        @Nullable PolicyDocument policy;
        @Nullable List<String> clearanceLevels;

        Builder() {
        }

        /** How prompt claims count; {@link PromptClaimMode#LOWER_ONLY} unless set. */
        public Builder promptClaims(PromptClaimMode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** The principal used when the host authenticated nobody; none unless set. */
        public Builder defaultPrincipal(Principal principal) {
            this.defaultPrincipal = principal;
            return this;
        }

        /**
         * The policy whose roles are compared when a claim names another role (without it only the same role
         * passes), and whose clearance order is used unless {@link #clearanceLevels} is set.
         */
        public Builder policy(PolicyDocument policy) {
            this.policy = policy;
            return this;
        }

        /**
         * Clearance names (any form), lowest first; unless set, the policy's order when it has one, else
         * {@link #DEFAULT_CLEARANCE_LEVELS}.
         */
        public Builder clearanceLevels(List<String> levels) {
            this.clearanceLevels = List.copyOf(levels);
            return this;
        }

        public PrincipalResolver build() {
            return new ClaimAwarePrincipalResolver(this);
        }
    }
}
