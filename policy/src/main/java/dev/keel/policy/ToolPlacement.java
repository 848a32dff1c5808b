package dev.keel.policy;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a tool runs, in the words the governed call uses for its backends: {@link #INTERNAL} inside the house, where
 * every argument may go; {@link #EXTERNAL} outside it (an external MCP server, a third party's API), where arguments
 * pass the egress filter and no internal-only request may reach. Immutable and thread-safe.
 */
public enum ToolPlacement {
    INTERNAL,
    EXTERNAL;

    /** The wire name: {@code internal} or {@code external}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The stricter of this placement and {@code other}: {@link #EXTERNAL} when either is. Where the policy and the
     * host that runs a tool disagree on where it runs, the gate must treat it as running outside, or arguments the
     * host sends out would leave unfiltered.
     */
    public ToolPlacement stricter(ToolPlacement other) {
        return this == EXTERNAL || other == EXTERNAL ? EXTERNAL : INTERNAL;
    }

    /** The placement of wire name {@code text}; empty when it is neither. */
    public static Optional<ToolPlacement> parse(String text) {
        for (ToolPlacement placement : values()) {
            if (placement.wireName().equals(text)) {
                return Optional.of(placement);
            }
        }
        return Optional.empty();
    }
}
