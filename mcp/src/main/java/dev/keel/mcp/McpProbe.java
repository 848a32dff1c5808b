package dev.keel.mcp;

import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.ProbeResult;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One probe of a discovery run ({@link McpDiscovery#run}): the plan's primitive, the MCP tool it is mapped to, how the
 * probe ended, the governed call and the probe result the evidence gate is given. Immutable and thread-safe.
 *
 * @param primitive the plan's primitive
 * @param tool      the MCP tool it is mapped to; empty when it is mapped to none
 * @param outcome   how the probe ended
 * @param call      the governed call; null when the probe was not run
 * @param result    what the evidence gate is given; null when the probe was not run
 */
public record McpProbe(DiscoveryPrimitive primitive, String tool, Outcome outcome, @Nullable McpToolCall call,
                       @Nullable ProbeResult result) {

    /** How a probe ended. */
    public enum Outcome {
        /** The tool answered with rows: status {@code ok}, the rows as read. */
        OK,
        /** The tool answered with no row, or with a result the gate denies the turn: status {@code ok}, no row. */
        EMPTY,
        /** The call failed (an error answer, a timeout, an unreachable server): status {@code error}, no row. */
        FAILED,
        /** The gate refused the call; the tool was not called: status {@code skipped}, no row. */
        REFUSED,
        /** Not run: past the plan's probe budget, or the primitive is mapped to no tool; no probe result. */
        NOT_RUN;

        /** The wire name: {@code ok}, {@code empty}, {@code failed}, {@code refused} or {@code not_run}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public McpProbe {
        Objects.requireNonNull(primitive, "primitive");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** The probe result the evidence gate is given; empty when the probe was not run. */
    public Optional<ProbeResult> probeResult() {
        return Optional.ofNullable(result);
    }
}
