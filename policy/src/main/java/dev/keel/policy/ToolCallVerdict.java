package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Part.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the {@link ToolGate} decided before a tool call: {@code ALLOW} with the call as it may be sent, or
 * {@code DENY}, with reason codes either way ({@code docs/tools.md}, "Before the call"):
 * <ul>
 *   <li>{@code tool_allowed}: the call may be made, with {@link #call()}'s arguments;</li>
 *   <li>{@code tool_principal_missing}: the turn has no principal;</li>
 *   <li>{@code tool_unknown}: the policy lists no such tool (deny by default);</li>
 *   <li>{@code tool_role_not_allowed}: the caller's role is not one of the tool's {@code allowed_roles};</li>
 *   <li>{@code tool_clearance_not_allowed}: the caller's clearance is not one the tool or the role allows;</li>
 *   <li>{@code tool_external_internal_only}: an external tool, called in a turn that must stay in the house;</li>
 *   <li>{@code tool_turn_denied}: the turn's decision is {@code DENY};</li>
 *   <li>{@code tool_arguments_withheld}: the egress filter withheld the arguments whole (they are longer than it
 *       reads), or they were past the JSON budget when the call was read ({@code json_too_deep} or
 *       {@code json_too_large} follows: {@link dev.keel.core.json.JsonBudget}).</li>
 * </ul>
 * A refusal lists every check that failed, except that a missing principal and an unknown tool stop the checks, and
 * that the arguments are not filtered in a denied turn (nothing leaves it).
 * Immutable and thread-safe.
 *
 * @param tool       the tool's name as called
 * @param decision   {@code ALLOW} or {@code DENY}
 * @param reasonCodes why
 * @param policy     what the policy says of the tool; null when it lists no such tool
 * @param call       the call as it may be sent: an external tool's arguments egress-filtered under the turn's
 *                   decision, its sensitive arguments withheld whole; null when denied
 * @param redactions what was removed from the arguments, with pointers into them
 */
public record ToolCallVerdict(String tool, Decision decision, ReasonCodes reasonCodes, @Nullable ToolPolicy policy,
                              @Nullable ToolCall call, List<Redaction> redactions) {

    /** The reason code of an allowed call. */
    public static final String ALLOWED = "tool_allowed";
    /** The turn has no principal. */
    public static final String PRINCIPAL_MISSING = "tool_principal_missing";
    /** The policy lists no such tool. */
    public static final String UNKNOWN = "tool_unknown";
    /** The caller's role may not call the tool. */
    public static final String ROLE_NOT_ALLOWED = "tool_role_not_allowed";
    /** The caller's clearance may not call the tool. */
    public static final String CLEARANCE_NOT_ALLOWED = "tool_clearance_not_allowed";
    /** An external tool called in a turn that must stay in the house. */
    public static final String EXTERNAL_INTERNAL_ONLY = "tool_external_internal_only";
    /** The turn's decision is DENY. */
    public static final String TURN_DENIED = "tool_turn_denied";
    /** The egress filter withheld the arguments whole, or they were past the JSON budget when read. */
    public static final String ARGUMENTS_WITHHELD = "tool_arguments_withheld";
    /** The redaction kind of a sensitive argument withheld whole from an external tool. */
    public static final String SENSITIVE_ARGUMENT = "sensitive_argument";

    public ToolCallVerdict {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(reasonCodes, "reasonCodes");
        redactions = List.copyOf(redactions);
    }

    /** True when the call may be made, with {@link #call()}. */
    public boolean allowed() {
        return decision == Decision.ALLOW;
    }

    /** The call as it may be sent; empty when denied. */
    public Optional<ToolCall> sendable() {
        return Optional.ofNullable(call);
    }

    /** The data domains the tool's results carry; empty for an unknown tool. */
    public List<String> resultDomains() {
        return policy == null ? List.of() : policy.resultDomains();
    }

    /**
     * The {@code keel eval tool_gate} result: {@code {"decision", "reason_codes", "result_domains", "arguments"}},
     * the arguments as they would be sent ({@code null} when the call is denied).
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("decision", decision.wireName());
        wire.put("reason_codes", reasonCodes.values());
        wire.put("result_domains", resultDomains());
        wire.put("arguments", call == null ? null : call.arguments());
        return wire;
    }

    /** For provenance and audit: the wire form with the tool, the call's id, its placement and the redactions. */
    public Map<String, Object> toAuditWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("tool", tool);
        if (call != null) {
            wire.put("call_id", call.id());
        }
        wire.put("placement", policy == null ? null : policy.placement().wireName());
        wire.putAll(toWire());
        List<Object> redactionWire = new ArrayList<>(redactions.size());
        for (Redaction redaction : redactions) {
            redactionWire.add(redaction.toWire());
        }
        wire.put("redactions", redactionWire);
        return wire;
    }
}
