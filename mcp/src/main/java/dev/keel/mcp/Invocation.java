package dev.keel.mcp;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One call of an MCP tool on its server's client, and how it ended: a plain JSON value, or a failure's reason code
 * ({@link McpToolSource#TOOL_ERROR}, {@link McpToolSource#TIMEOUT}, {@link McpToolSource#UNREACHABLE}) with the
 * cause for the host's own debugging. Immutable.
 */
record Invocation(@Nullable Object value, @Nullable String failure, @Nullable Throwable cause) {

    static Invocation of(RegisteredServer server, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result;
        try {
            result = server.client().callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
        } catch (RuntimeException e) {
            return new Invocation(null, classify(e), e);
        }
        if (Boolean.TRUE.equals(result.isError())) {
            return new Invocation(null, McpToolSource.TOOL_ERROR, null);
        }
        try {
            return new Invocation(ToolResults.plain(result), null, null);
        } catch (RuntimeException e) {
            // A result that is no JSON value (the codec refuses it) is no answer the model can be given.
            return new Invocation(null, McpToolSource.UNREACHABLE, e);
        }
    }

    // The client reports every failure as an unchecked exception: a JSON-RPC error the server answered, a timeout
    // somewhere in its cause chain, or a transport that failed.
    private static String classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof McpError) {
                return McpToolSource.TOOL_ERROR;
            }
            if (t instanceof TimeoutException) {
                return McpToolSource.TIMEOUT;
            }
        }
        return McpToolSource.UNREACHABLE;
    }
}
