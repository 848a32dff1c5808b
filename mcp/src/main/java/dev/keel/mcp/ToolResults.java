package dev.keel.mcp;

import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonCodec;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** An MCP tool result as a plain JSON value. Pure and thread-safe. */
final class ToolResults {

    private ToolResults() {
    }

    /**
     * The structured content when the server gives one; else the content's text (one item, itself; several, a
     * list), content other than text as {@code {"type": ...}}: a model reads text, and Keel does not pass on
     * images or embedded resources it cannot filter. Either under the JSON budget: content nested or sized past it
     * is the budget's placeholder, so that no server can fail the turn that called it.
     */
    static @Nullable Object plain(McpSchema.CallToolResult result) {
        if (result.structuredContent() != null) {
            return JsonBudget.within(JsonCodec.strict().toPlain(result.structuredContent()));
        }
        List<Object> items = new ArrayList<>();
        if (result.content() != null) {
            for (McpSchema.Content content : result.content()) {
                items.add(content instanceof McpSchema.TextContent text ? text.text()
                        : Map.of("type", content.type()));
            }
        }
        return JsonBudget.within(items.size() == 1 ? items.get(0) : List.copyOf(items));
    }
}
