package dev.keel.mcp;

import dev.keel.policy.ToolPlacement;
import io.modelcontextprotocol.client.McpSyncClient;
import java.util.Objects;

/**
 * A registered MCP server: its name, where it runs, the client it is called with, and whether the source opened
 * that client (and so closes it). Immutable; the client is thread-safe.
 */
record RegisteredServer(String name, ToolPlacement placement, McpSyncClient client, boolean owned) {

    public RegisteredServer {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(client, "client");
    }
}
