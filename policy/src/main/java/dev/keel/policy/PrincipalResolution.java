package dev.keel.policy;

import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The principal a request is evaluated as, where it came from, the prompt claim seen (if any) and reason
 * codes saying what was done with it: {@code principal_from_host}, {@code principal_from_default},
 * {@code principal_claim_applied}, {@code principal_claim_ignored}, {@code principal_claim_raises_privilege},
 * {@code principal_claim_conflicting}, {@code principal_claim_without_principal}, {@code principal_missing}.
 *
 * <p>Immutable and thread-safe.
 */
public final class PrincipalResolution {

    private final @Nullable Principal principal;
    private final PrincipalSource source;
    private final @Nullable PromptClaim claim;
    private final ReasonCodes reasonCodes;

    PrincipalResolution(@Nullable Principal principal, PrincipalSource source, @Nullable PromptClaim claim,
            ReasonCodes reasonCodes) {
        this.principal = principal;
        this.source = Objects.requireNonNull(source, "source");
        this.claim = claim;
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
    }

    /** The principal in canonical form; empty when there is none (the request is then denied). */
    public Optional<Principal> principal() {
        return Optional.ofNullable(principal);
    }

    public PrincipalSource source() {
        return source;
    }

    /** The claim found in the prompt, whether or not it was applied. */
    public Optional<PromptClaim> claim() {
        return Optional.ofNullable(claim);
    }

    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /** {@code {"role", "clearance", "principal_source", "reason_codes"}}; role and clearance null when none. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("role", principal == null ? null : principal.role());
        wire.put("clearance", principal == null ? null : principal.clearance());
        wire.put("principal_source", source.name().toLowerCase(Locale.ROOT));
        wire.put("reason_codes", reasonCodes.values());
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PrincipalResolution && ((PrincipalResolution) other).toWire().equals(toWire())
                && Objects.equals(((PrincipalResolution) other).claim, claim);
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
    }

    @Override
    public String toString() {
        return "PrincipalResolution" + toWire();
    }
}
