package dev.keel.policy;

import dev.keel.core.Principal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The turn a tool is called in, as the {@link ToolGate} needs it: who asks, the turn's decision (whose
 * {@link PolicyDecision#partialKinds()} the egress filter applies to an external tool's arguments), the domains the
 * turn requested, and whether the turn must stay in the house. Immutable and thread-safe.
 *
 * @param principal    the principal of the turn; null when there is none (every call is then refused)
 * @param decision     the turn's decision
 * @param domains      the domains the turn requested, in any form
 * @param internalOnly whether nothing of the turn may leave the house (the policy's sensitivity said so)
 */
public record ToolTurn(@Nullable Principal principal, PolicyDecision decision, List<String> domains,
                       boolean internalOnly) {

    public ToolTurn {
        Objects.requireNonNull(decision, "decision");
        domains = List.copyOf(domains);
    }

    /** The turn a governance bundle assessed: its principal, decision, domains and sensitivity. */
    public static ToolTurn of(GovernanceBundle bundle) {
        return new ToolTurn(bundle.principal().orElse(null), bundle.policyDecision(), bundle.domains(),
                bundle.sensitivity().internalOnly());
    }
}
