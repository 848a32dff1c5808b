/**
 * Tools served by MCP servers, governed as any other tool ({@code docs/mcp.md}): {@link dev.keel.mcp.McpServers}
 * registers each server with where it runs (inside or outside the house) and gives a {@link dev.keel.mcp.McpToolSource}
 * that lists the servers' tools as specs, calls them plainly ({@code execute}) or through the policy's tool gate
 * ({@code call}); {@link dev.keel.mcp.McpDiscovery} maps MCP tools to discovery primitives and runs a discovery plan's
 * probes on them through the gate, for the evidence gate to decide the answer permission from.
 *
 * <p>Values here are immutable and thread-safe; builders are not thread-safe. A tool source and a discovery do I/O
 * (they call MCP servers) and are thread-safe. A refusal, a failed call and a failed probe are values with reason
 * codes, never exceptions; only {@code execute}, the plain call, throws when a server fails.
 */
package dev.keel.mcp;
