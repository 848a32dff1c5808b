package dev.keel.mcp;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.ReasonCodes;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.text.Names;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.policy.ToolResultVerdict;
import dev.keel.policy.ToolTurn;
import dev.keel.reading.OutboundFilter;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link McpToolSource} over the MCP Java SDK's synchronous clients. The tools are listed once, when the source
 * connects. Thread-safe: the state is fixed at construction and the clients are thread-safe.
 */
final class SdkToolSource implements McpToolSource {

    private static final Logger LOG = LoggerFactory.getLogger(McpToolSource.class);

    private final List<RegisteredServer> servers;
    private final Map<String, Served> byName;
    private final List<McpTool> tools;

    private record Served(McpTool tool, RegisteredServer server) {
    }

    private SdkToolSource(List<RegisteredServer> servers, Map<String, Served> byName) {
        this.servers = List.copyOf(servers);
        this.byName = Collections.unmodifiableMap(byName);
        this.tools = byName.values().stream().map(Served::tool).toList();
    }

    /**
     * Initializes every server's client and lists its tools.
     *
     * @throws RetriableBackendException naming the server that cannot be reached or listed (the clients the source
     *         opened are closed)
     * @throws ConfigurationException    when two tools, of one server or two, have the same name in canonical form
     */
    public static SdkToolSource connect(List<RegisteredServer> servers) {
        Map<String, Served> byName = new LinkedHashMap<>();
        // The policy and the gate know a tool by its canonical name: a second spelling would take the first's
        // policy entry, its placement and its arguments, from another server.
        Map<String, Served> byCanonicalName = new HashMap<>();
        try {
            for (RegisteredServer server : servers) {
                for (McpSchema.Tool tool : list(server)) {
                    Served served = new Served(new McpTool(tool.name(),
                            tool.description() == null ? "" : tool.description(),
                            tool.inputSchema() == null ? Map.of() : tool.inputSchema(), server.name(),
                            server.placement()), server);
                    Served previous = byCanonicalName.putIfAbsent(Names.canonical(tool.name()), served);
                    if (previous != null) {
                        throw new ConfigurationException(servedTwice(previous, served));
                    }
                    byName.put(tool.name(), served);
                }
            }
        } catch (RuntimeException e) {
            closeOwned(servers);
            throw e;
        }
        return new SdkToolSource(servers, byName);
    }

    private static String servedTwice(Served first, Served second) {
        String firstName = first.tool().name();
        String secondName = second.tool().name();
        String servers = first.server().name().equals(second.server().name()) ? "the MCP server " + first.server().name() + " serves"
                : "the MCP servers " + first.server().name() + " and " + second.server().name() + " serve";
        String tools = firstName.equals(secondName) ? " a tool named " + firstName + " twice"
                : " the tools " + firstName + " and " + secondName + ", one name in canonical form ("
                        + Names.canonical(secondName) + ")";
        return servers + tools + ": a policy names tools in canonical form, so each name must be served once";
    }

    private static List<McpSchema.Tool> list(RegisteredServer server) {
        try {
            if (!server.client().isInitialized()) {
                server.client().initialize();
            }
            List<McpSchema.Tool> listed = new ArrayList<>();
            String cursor = null;
            do {
                McpSchema.ListToolsResult page = cursor == null ? server.client().listTools()
                        : server.client().listTools(cursor);
                if (page.tools() != null) {
                    listed.addAll(page.tools());
                }
                cursor = page.nextCursor();
            } while (cursor != null);
            return listed;
        } catch (RuntimeException e) {
            throw new RetriableBackendException(server.name(), "the MCP server " + server.name()
                    + " could not be reached to list its tools", e);
        }
    }

    @Override
    public List<McpTool> tools() {
        return tools;
    }

    @Override
    public Optional<McpTool> tool(String name) {
        Served served = byName.get(name);
        return served == null ? Optional.empty() : Optional.of(served.tool());
    }

    @Override
    public @Nullable Object execute(String toolName, Map<String, Object> arguments) {
        Served served = byName.get(toolName);
        if (served == null) {
            throw new InvalidInputException("no registered MCP server serves a tool named " + toolName);
        }
        Invocation invocation = Invocation.of(served.server(), toolName, arguments);
        String failure = invocation.failure();
        if (failure == null) {
            return invocation.value();
        }
        String server = served.server().name();
        String message = "the MCP tool " + toolName + " of the server " + server + " failed: " + failure;
        if (TOOL_ERROR.equals(failure)) {
            throw new NonRetriableBackendException(server, message, invocation.cause());
        }
        throw new RetriableBackendException(server, message, invocation.cause());
    }

    @Override
    public McpToolCall call(ToolGate gate, ToolTurn turn, Part.ToolCall call) {
        ToolCallVerdict check = gate.check(turn, call);
        if (!check.allowed()) {
            return refused(turn, call, check);
        }
        Served served = byName.get(call.name());
        if (served == null) {
            return refused(turn, call, new ToolCallVerdict(call.name(), Decision.DENY, ReasonCodes.of(NOT_SERVED),
                    check.policy(), null, List.of()));
        }
        ToolPolicy policy = check.policy();
        // The gate passed the arguments as for an internal tool; they must not reach a server outside the house.
        if (served.server().placement() == ToolPlacement.EXTERNAL && (policy == null || !policy.external())) {
            return refused(turn, call, new ToolCallVerdict(call.name(), Decision.DENY,
                    ReasonCodes.of(PLACEMENT_CONFLICT), policy, null, List.of()));
        }
        Part.ToolCall sent = check.sendable().orElseThrow();
        Invocation invocation = Invocation.of(served.server(), call.name(), sent.arguments());
        String failure = invocation.failure();
        if (failure != null) {
            // The model is told only the reason code; the host's log keeps the cause, which may quote data.
            LOG.warn("the MCP tool {} of the server {} failed: {}", call.name(), served.server().name(), failure);
            LOG.debug("the MCP tool {} failed", call.name(), invocation.cause());
            return new McpToolCall(McpToolCall.Outcome.FAILED, check, null,
                    Part.ToolResult.of(call.id(), call.name(), Map.of("error", failure)),
                    turn.decision().decision(), ReasonCodes.of(failure));
        }
        ToolResultVerdict verdict = gate.result(turn, Part.ToolResult.of(call.id(), call.name(), invocation.value()));
        // A result past the JSON budget is its placeholder: the call says why the model is given no more.
        ReasonCodes codes = JsonBudget.withheldCode(invocation.value())
                .map(code -> verdict.reasonCodes().concat(ReasonCodes.of(code))).orElse(verdict.reasonCodes());
        return new McpToolCall(McpToolCall.Outcome.CALLED, check, verdict, verdict.result(), verdict.decision(), codes);
    }

    private static McpToolCall refused(ToolTurn turn, Part.ToolCall call, ToolCallVerdict check) {
        Map<String, Object> refusal = new LinkedHashMap<>();
        refusal.put("refused", true);
        refusal.put("reason_codes", check.reasonCodes().values());
        return new McpToolCall(McpToolCall.Outcome.REFUSED, check, null,
                Part.ToolResult.of(call.id(), call.name(), refusal), turn.decision().decision(), check.reasonCodes());
    }

    @Override
    public ToolGate gate(PolicyDocument policy) {
        return gate(policy, OutboundFilter.create(policy));
    }

    @Override
    public ToolGate gate(PolicyDocument policy, OutboundFilter egress) {
        return ToolGate.create(policy, egress, placements());
    }

    /** Every tool at its server's placement: the gate takes the stricter of it and the policy's. */
    private Map<String, ToolPlacement> placements() {
        Map<String, ToolPlacement> placements = new LinkedHashMap<>();
        tools.forEach(tool -> placements.put(tool.name(), tool.placement()));
        return placements;
    }

    @Override
    public void close() {
        closeOwned(servers);
    }

    private static void closeOwned(List<RegisteredServer> servers) {
        for (RegisteredServer server : servers) {
            if (server.owned()) {
                server.client().close();
            }
        }
    }

    @Override
    public String toString() {
        return "McpToolSource" + servers.stream().map(RegisteredServer::name).toList();
    }
}
