package dev.keel.mcp;

import dev.keel.core.content.Part;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import dev.keel.reading.OutboundFilter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The tools of the MCP servers a host registered ({@link McpServers}), each with its server's placement: listed as
 * specs a model is offered, called plainly ({@link #execute}) or through the policy's tool gate ({@link #call}).
 *
 * <p><b>Placement.</b> A tool's placement is its server's registration, and the policy's word for the tool must
 * agree: where the host registered a server as external and the policy says one of its tools is internal, the
 * stricter, external, wins. {@link #gate(PolicyDocument)} is the gate of the policy with those tools made external
 * (their arguments egress-filtered, never called in a turn that must stay in the house); {@link #call} refuses,
 * with {@link #PLACEMENT_CONFLICT}, to send arguments to an external server that a gate passed as internal.
 *
 * <p><b>Names.</b> The policy and the gate know a tool by its name in canonical form
 * ({@link dev.keel.core.text.Names#canonical}), so no two tools of the registered servers may share one: a source is
 * never built where {@code payroll_summary} of a server inside and {@code Payroll-Summary} of one outside would both
 * take the payroll tool's policy entry ({@link McpServers.Builder#build()}). A call names its tool as the server
 * lists it.
 *
 * <p>Thread-safe; calls block until the server answers or the request times out. {@link #close()} closes the
 * clients the source opened.
 */
public interface McpToolSource extends AutoCloseable {

    /** The reason code of a call the gate allowed but no registered server serves. */
    String NOT_SERVED = "mcp_tool_not_served";
    /** The reason code of a call to an external server's tool that the gate passed as internal. */
    String PLACEMENT_CONFLICT = "mcp_tool_placement_conflict";
    /** The reason code of a call the server answered with an error (a tool error or a protocol error). */
    String TOOL_ERROR = "mcp_tool_error";
    /** The reason code of a call the server did not answer within the request timeout. */
    String TIMEOUT = "mcp_tool_timeout";
    /** The reason code of a call that did not reach the server, or whose answer could not be read. */
    String UNREACHABLE = "mcp_server_unreachable";

    /** Every tool of every registered server, servers in registration order, each server's tools as it lists them. */
    List<McpTool> tools();

    /** The tool named exactly {@code name}; empty when no registered server serves it. */
    Optional<McpTool> tool(String name);

    /**
     * Calls the tool with {@code arguments} as given, ungoverned: for a host that decides elsewhere. The result as a
     * plain JSON value: the structured content when the server gives one (an object is a {@code Map}), else the
     * text of the content (one text, a {@code String}; several, a list), other content as {@code {"type": ...}}.
     *
     * @throws dev.keel.core.InvalidInputException           when no registered server serves the tool
     * @throws dev.keel.core.NonRetriableBackendException    when the server answers with an error
     * @throws dev.keel.core.RetriableBackendException       when the server cannot be reached or does not answer in time
     */
    @Nullable Object execute(String toolName, Map<String, Object> arguments);

    /**
     * Calls {@code call}'s tool through {@code gate} in {@code turn}: the gate decides first, and a refused call
     * never reaches the server; an allowed one sends the arguments as the gate passed them (an external tool's
     * egress-filtered), and its result comes back labelled by {@link ToolGate#result} with the turn's decision taken
     * again, never higher. A server that fails or times out is a failed call, not an exception.
     */
    McpToolCall call(ToolGate gate, ToolTurn turn, Part.ToolCall call);

    /**
     * The gate of {@code policy}'s tools with every tool served by an external server external, whatever the policy
     * says (the stricter placement wins), egress-filtering with the policy's outbound filter.
     */
    ToolGate gate(PolicyDocument policy);

    /** As {@link #gate(PolicyDocument)}, egress-filtering external tools' arguments with {@code egress}. */
    ToolGate gate(PolicyDocument policy, OutboundFilter egress);

    /** Closes the clients this source opened; clients the host gave stay open. */
    @Override
    void close();
}
