package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;

/**
 * What filters a part before it leaves the house under a decision: the {@link ToolGate} passes an external tool's
 * arguments through one ({@code docs/tools.md}). The outbound filter of {@code keel-reading} is one; a host may wrap
 * it (to filter under a lower decision, say), but the gate sends whatever the filter keeps. Implementations are pure
 * and thread-safe.
 */
@FunctionalInterface
public interface EgressFilter {

    /**
     * Filters {@code part} for {@code decision}, PARTIAL withholding {@code kinds}: the part that may leave, of the
     * same kind and with the same labels, or nothing under {@code DENY}, and what was removed from it.
     */
    FilteredPart apply(Decision decision, PartialKinds kinds, Part part);
}
