package dev.keel.examples.tools;

import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonCodec;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * One of the company's MCP servers: the MCP Java SDK's server over streamable HTTP, on an embedded Tomcat bound to
 * 127.0.0.1 on a free port, its endpoint {@value #ENDPOINT}. It keeps a log of the calls it served, with the
 * arguments as they arrived, as a server's access log would: what left the assistant is what the log shows.
 *
 * <p>Thread-safe; {@link #close()} stops it.
 */
public final class McpHttpServer implements AutoCloseable {

    /** The path of the MCP endpoint under the server's address. */
    public static final String ENDPOINT = "/mcp";

    /** A call as the server received it. */
    public record Served(String tool, Map<String, Object> arguments) {

        public Served {
            Objects.requireNonNull(tool, "tool");
            arguments = Map.copyOf(arguments);
        }
    }

    /** A tool the server serves: what it answers, as structured content, to the arguments it receives. */
    public record Tool(String name, String description, Map<String, Object> inputSchema,
                       Function<Map<String, Object>, Map<String, Object>> handler) {
    }

    // Held so the level stays set: the container's start and stop lines are not the application's output.
    private static final Logger CONTAINER_LOG = Logger.getLogger("org.apache");

    static {
        CONTAINER_LOG.setLevel(Level.SEVERE);
    }

    private final String name;
    private final Tomcat tomcat;
    private final McpSyncServer server;
    private final int port;
    private final List<Served> served;
    private final Path base;

    private McpHttpServer(String name, Tomcat tomcat, McpSyncServer server, int port, List<Served> served,
            Path base) {
        this.name = name;
        this.tomcat = tomcat;
        this.server = server;
        this.port = port;
        this.served = served;
        this.base = base;
    }

    /** Starts a server named {@code name} serving {@code tools}. */
    public static McpHttpServer start(String name, List<Tool> tools) {
        List<Served> served = new CopyOnWriteArrayList<>();
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .mcpEndpoint(ENDPOINT).build();
        List<SyncToolSpecification> specs = new ArrayList<>();
        for (Tool tool : tools) {
            specs.add(SyncToolSpecification.builder()
                    .tool(McpSchema.Tool.builder(tool.name(), tool.inputSchema()).description(tool.description())
                            .build())
                    .callHandler((exchange, request) -> {
                        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
                        served.add(new Served(tool.name(), arguments));
                        Map<String, Object> result = tool.handler().apply(arguments);
                        // Both forms, as MCP servers give them: structured content, and its JSON as text.
                        return McpSchema.CallToolResult.builder().structuredContent(result)
                                .addTextContent(JsonCodec.strict().write(result)).build();
                    })
                    .build());
        }
        McpSyncServer server = McpServer.sync(transport).serverInfo(name, "1.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(specs).build();
        Tomcat tomcat = new Tomcat();
        Path base = null;
        try {
            base = Files.createTempDirectory("keel-mcp-" + name + "-");
            tomcat.setBaseDir(base.toString());
            Connector connector = new Connector();
            connector.setPort(0);
            connector.setProperty("address", "127.0.0.1");
            tomcat.getService().addConnector(connector);
            tomcat.setConnector(connector);
            Context context = tomcat.addContext("", base.toString());
            Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
            context.addServletMappingDecoded("/*", "mcp");
            tomcat.start();
            return new McpHttpServer(name, tomcat, server, connector.getLocalPort(), served, base);
        } catch (IOException | LifecycleException e) {
            server.close();
            if (base != null) {
                deleteQuietly(base);
            }
            throw new ConfigurationException("the MCP server " + name + " could not be started", e);
        }
    }

    public String name() {
        return name;
    }

    /** The server's base address, {@code http://127.0.0.1:port}; its MCP endpoint is {@value #ENDPOINT} under it. */
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** A client transport to this server, for {@code McpServers}. */
    public McpClientTransport transport() {
        return HttpClientStreamableHttpTransport.builder(url()).endpoint(ENDPOINT).build();
    }

    /** Every call served so far, in order. */
    public List<Served> served() {
        return List.copyOf(served);
    }

    /** The calls of {@code tool} served so far, in order. */
    public List<Served> served(String tool) {
        return served.stream().filter(call -> call.tool().equals(tool)).toList();
    }

    /** Stops the server and removes the container's working directory. */
    @Override
    public void close() {
        server.close();
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new ConfigurationException("the MCP server " + name + " did not stop cleanly", e);
        } finally {
            deleteQuietly(base);
        }
    }

    /** Deletes {@code directory} and what it holds; what cannot be deleted stays (a temporary directory). */
    private static void deleteQuietly(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // Left for the system's temporary directory cleaning: the server has stopped either way.
        }
    }
}
