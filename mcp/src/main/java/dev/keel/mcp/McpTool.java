package dev.keel.mcp;

import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.ToolPlacement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A tool one of the registered MCP servers serves, as a model is offered it: its name, its description and the JSON
 * Schema of its arguments (a plain JSON tree), with the server that serves it and where that server runs, as the
 * host registered it. Immutable and thread-safe.
 *
 * @param name        the tool's name, exactly as the server lists it and as calls name it
 * @param description for the model; empty when the server gives none
 * @param inputSchema the JSON Schema of the arguments, as the server lists it
 * @param server      the name the host registered the serving server under
 * @param placement   where the serving server runs, as the host registered it
 */
public record McpTool(String name, String description, Map<String, Object> inputSchema, String server,
                      ToolPlacement placement) {

    public McpTool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        inputSchema = Collections.unmodifiableMap(new LinkedHashMap<>(inputSchema));
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(placement, "placement");
    }

    /**
     * The tool as a model is offered it: its name, description and argument schema. With {@link #placement()} and
     * {@link McpToolSource#execute}, what a host offers a governed request ({@code docs/mcp.md}, "Offering the tools
     * to the governed call").
     */
    public ToolSpec spec() {
        return new ToolSpec(name, description, inputSchema);
    }
}
