package dev.keel.mcp;

import dev.keel.core.json.JsonCodec;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * A real MCP server, the SDK's own, served over streamable HTTP on 127.0.0.1 by an embedded Tomcat on a free port.
 * Every call a tool receives is recorded, with its arguments as they arrived, so tests can tell whether a tool was
 * called and with what.
 */
final class LoopbackMcpServer implements AutoCloseable {

    /** A call as the server received it. */
    record Received(String tool, Map<String, Object> arguments) {
    }

    // Held so the level stays set: the container's start and stop lines would drown the test output.
    private static final Logger CONTAINER_LOG = Logger.getLogger("org.apache");

    static {
        CONTAINER_LOG.setLevel(Level.SEVERE);
    }

    private final Tomcat tomcat;
    private final McpSyncServer server;
    private final int port;
    private final List<Received> received;

    private LoopbackMcpServer(Tomcat tomcat, McpSyncServer server, int port, List<Received> received) {
        this.tomcat = tomcat;
        this.server = server;
        this.port = port;
        this.received = received;
    }

    /** A tool: name, description, JSON Schema of its arguments, and what it answers to the arguments it receives. */
    record Tool(String name, String description, Map<String, Object> inputSchema,
                Function<Map<String, Object>, McpSchema.CallToolResult> handler) {
    }

    static Tool tool(String name, String description, Function<Map<String, Object>, McpSchema.CallToolResult> handler) {
        return new Tool(name, description, Map.of("type", "object", "properties", Map.of()), handler);
    }

    /** A result with structured content {@code value} (and its JSON as text, as MCP servers give both). */
    static McpSchema.CallToolResult structured(Map<String, Object> value) {
        return McpSchema.CallToolResult.builder().structuredContent(value)
                .addTextContent(JsonCodec.strict().write(value)).build();
    }

    static McpSchema.CallToolResult text(String text) {
        return McpSchema.CallToolResult.builder().addTextContent(text).build();
    }

    static LoopbackMcpServer start(String name, List<Tool> tools) {
        List<Received> received = new CopyOnWriteArrayList<>();
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .mcpEndpoint("/mcp").build();
        List<SyncToolSpecification> specs = new ArrayList<>();
        for (Tool tool : tools) {
            specs.add(SyncToolSpecification.builder()
                    .tool(McpSchema.Tool.builder(tool.name(), tool.inputSchema()).description(tool.description())
                            .build())
                    .callHandler((exchange, request) -> {
                        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
                        received.add(new Received(tool.name(), arguments));
                        return tool.handler().apply(arguments);
                    })
                    .build());
        }
        McpSyncServer server = McpServer.sync(transport).serverInfo(name, "1.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(specs).build();
        Tomcat tomcat = new Tomcat();
        try {
            Path base = Files.createTempDirectory("mcp-server-");
            tomcat.setBaseDir(base.toString());
            Connector connector = new Connector();
            connector.setPort(0);
            connector.setProperty("address", "127.0.0.1");
            // Tomcat closes a connection idle for 20 s; the JDK's client may reuse it in that instant and see a
            // transport failure instead of the tool's answer. A test's pauses under load must not look like that.
            connector.setProperty("keepAliveTimeout", "600000");
            tomcat.getService().addConnector(connector);
            tomcat.setConnector(connector);
            Context context = tomcat.addContext("", base.toString());
            Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
            context.addServletMappingDecoded("/*", "mcp");
            tomcat.start();
            return new LoopbackMcpServer(tomcat, server, connector.getLocalPort(), received);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The server's base address; its MCP endpoint is {@code /mcp} under it. */
    String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Every call received so far, in order. */
    List<Received> received() {
        return List.copyOf(received);
    }

    /** The calls of {@code tool} received so far. */
    List<Received> received(String tool) {
        return received.stream().filter(r -> r.tool().equals(tool)).toList();
    }

    @Override
    public void close() {
        server.close();
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }
}
