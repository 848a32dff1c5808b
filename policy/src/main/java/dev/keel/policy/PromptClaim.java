package dev.keel.policy;

import org.jspecify.annotations.Nullable;

/**
 * A role and/or clearance written in a prompt, in canonical form. Recognised forms (case-insensitive):
 * {@code ROLE: auditor}, {@code role=auditor}, {@code CLEARANCE: top secret}, {@code clearance level: secret},
 * and the combined {@code ROLE / CLEARANCE: auditor / top_secret}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param role      the claimed role, or null when the prompt claims none
 * @param clearance the claimed clearance, or null when the prompt claims none
 */
public record PromptClaim(@Nullable String role, @Nullable String clearance) {
}
