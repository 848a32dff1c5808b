package dev.keel.policy;

import dev.keel.core.content.Part;
import java.util.Map;
import java.util.Optional;

/**
 * The tool gate ({@code docs/tools.md}): what the policy's {@code tools} say of a model's call of a tool, before and
 * after it.
 *
 * <ul>
 *   <li><b>Before</b> ({@link #check}): {@code ALLOW} or {@code DENY} with {@code tool_*} reason codes. A tool the
 *       policy does not list is refused; so is a caller whose role or clearance the tool does not allow, an external
 *       tool in a turn that must stay in the house, and any call in a denied turn. An external tool's arguments pass
 *       the egress filter as a JSON part under the turn's decision (and what a PARTIAL answer withholds for it), its
 *       sensitive arguments withheld whole first (every member, at any depth, whose name is one of them in
 *       canonical form); an internal tool's are sent as given.</li>
 *   <li><b>After</b> ({@link #result}): the result is labelled with the tool's domains, and the turn's decision is
 *       taken again over the principal and the turn's domains with the tool's, the lower winning: a result never
 *       raises a decision.</li>
 * </ul>
 * Both verdicts are values with reason codes and a wire form, for provenance and audit; the gate throws on no input.
 * Tool names are compared in canonical form. Implementations are pure and thread-safe.
 *
 * <p><b>The host's placement.</b> The policy says where a tool runs, but the host runs it, and only the host knows
 * for sure where its executor sends the arguments (an MCP server it registered outside, a third party's API). A gate
 * made with the host's placements ({@link #create(PolicyDocument, EgressFilter, Map)}) places each tool at the
 * stricter of the two: a tool either calls external is external, its arguments egress-filtered and never sent from
 * a turn that must stay in the house. The host can make a tool stricter, never laxer: a tool the policy calls
 * external stays external whatever the host says.
 */
public interface ToolGate {

    /**
     * The gate of {@code policy}'s tools, egress-filtering external tools' arguments with {@code egress} (the policy's
     * outbound filter, as a rule: {@code ToolGate.create(policy, OutboundFilter.create(policy))}).
     */
    static ToolGate create(PolicyDocument policy, EgressFilter egress) {
        return new PolicyToolGate(policy, egress, Map.of());
    }

    /**
     * The gate of {@code policy}'s tools with each tool {@code hostPlacements} names (as the model calls it; compared
     * in canonical form) placed at the stricter of the policy's placement and the host's, egress-filtering external
     * tools' arguments with {@code egress}. A tool the host places but the policy does not list is still refused.
     */
    static ToolGate create(PolicyDocument policy, EgressFilter egress, Map<String, ToolPlacement> hostPlacements) {
        return new PolicyToolGate(policy, egress, hostPlacements);
    }

    /** The policy whose tools this gate applies. */
    PolicyDocument policy();

    /**
     * What this gate applies to the tool named {@code name}: the policy's word for it, placed at the stricter of the
     * policy's and the host's placement; empty when the policy does not list it.
     */
    default Optional<ToolPolicy> tool(String name) {
        return policy().tool(name);
    }

    /** Decides whether {@code call} may be made in {@code turn}, and with which arguments. */
    ToolCallVerdict check(ToolTurn turn, Part.ToolCall call);

    /**
     * Labels {@code result} as evidence of its tool's domains and takes the turn's decision again over them. A result
     * of a call {@link #check} would refuse (for the principal, the role, the clearance or the turn) is {@code DENY}.
     */
    ToolResultVerdict result(ToolTurn turn, Part.ToolResult result);
}
