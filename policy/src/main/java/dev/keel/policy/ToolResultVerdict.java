package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the {@link ToolGate} made of a tool's result: the result labelled as evidence of the tool's domains, and the
 * turn's decision taken again over the turn's domains and the tool's, the lower winning, so that a tool never
 * unlocks what its caller may not see ({@code docs/tools.md}, "After the call").
 *
 * <p>Reason codes: those of the decision over the union of domains ({@code domain_not_allowed}...), and
 * {@code tool_result_lowered} when the result lowered the turn's decision; a result of a tool the caller could not
 * call is {@code DENY} with the refusal's codes ({@code tool_unknown}...). Immutable and thread-safe.
 *
 * @param tool        the tool's name as called
 * @param decision    the turn's decision after the result: never more permissive than the turn's
 * @param reasonCodes why
 * @param evaluation  the policy's decision over the principal and the union of domains; null when the call was
 *                    refused
 * @param result      the result, labelled: the tool's domains, internal only when one of them is, the decision
 */
public record ToolResultVerdict(String tool, Decision decision, ReasonCodes reasonCodes,
                                @Nullable PolicyDecision evaluation, Part.ToolResult result) {

    /** The result lowered the turn's decision. */
    public static final String LOWERED = "tool_result_lowered";

    public ToolResultVerdict {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(reasonCodes, "reasonCodes");
        Objects.requireNonNull(result, "result");
    }

    /** The result's labels: its domains, whether it must stay in the house, the decision it is read under. */
    public Labels labels() {
        return result.labels();
    }

    /**
     * For provenance and audit: {@code {"tool", "call_id", "decision", "reason_codes", "result_domains",
     * "internal_only"}}.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("tool", tool);
        wire.put("call_id", result.callId());
        wire.put("decision", decision.wireName());
        wire.put("reason_codes", reasonCodes.values());
        wire.put("result_domains", List.copyOf(labels().domains()));
        wire.put("internal_only", labels().internalOnly());
        return wire;
    }
}
