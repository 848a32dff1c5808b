package dev.keel.mcp;

import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Part;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolResultVerdict;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One governed call of an MCP tool ({@link McpToolSource#call}): what the gate said before it, whether the server
 * was called, and the result the model is given. Immutable and thread-safe.
 *
 * @param outcome     whether the call was made and answered
 * @param check       the gate's verdict before the call (for a call {@link McpToolSource} itself refused, a
 *                    {@code DENY} verdict with its code)
 * @param verdict     the gate's verdict on the result; null unless {@link Outcome#CALLED}
 * @param result      what the model is given: the labelled result when called; {@code {"refused": true,
 *                    "reason_codes": [...]}} when refused; {@code {"error": code}} when the call failed
 * @param decision    the turn's decision from now on: the result's when called, else the turn's, unchanged
 * @param reasonCodes why: the result verdict's codes when called (then {@code json_too_deep} or
 *                    {@code json_too_large} too when the result was past the {@link dev.keel.core.json.JsonBudget}
 *                    and the model is given its placeholder), the refusal's, or the failure's code
 */
public record McpToolCall(Outcome outcome, ToolCallVerdict check, @Nullable ToolResultVerdict verdict,
                          Part.ToolResult result, Decision decision, ReasonCodes reasonCodes) {

    /** How a governed call ended. */
    public enum Outcome {
        /** The server was called and answered; the result is labelled by the gate. */
        CALLED,
        /** The gate (or the source) refused the call; the server was not called. */
        REFUSED,
        /** The call was made but failed: an error answer, a timeout, an unreachable server. */
        FAILED;

        /** The wire name: {@code called}, {@code refused} or {@code failed}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public McpToolCall {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(reasonCodes, "reasonCodes");
    }

    /** True when the server was called and answered. */
    public boolean called() {
        return outcome == Outcome.CALLED;
    }

    /**
     * For provenance and audit: {@code {"outcome", "decision", "reason_codes", "check", "result"}}, the check as
     * {@link ToolCallVerdict#toAuditWire()} and the result verdict as {@link ToolResultVerdict#toWire()} (null
     * unless called).
     */
    public Map<String, Object> toAuditWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("outcome", outcome.wireName());
        wire.put("decision", decision.wireName());
        wire.put("reason_codes", reasonCodes.values());
        wire.put("check", check.toAuditWire());
        wire.put("result", verdict == null ? null : verdict.toWire());
        return wire;
    }
}
