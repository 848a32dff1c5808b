/**
 * Implementation details of the MCP module: the tool source over the MCP Java SDK's synchronous clients, the
 * reading of tool results as plain JSON, the policy with the stricter placement, and the discovery run. Not API:
 * types here may change without notice. Thread-safety is stated per type.
 */
package dev.keel.mcp.internal;
