package dev.keel.mcp;

import dev.keel.core.InvalidInputException;
import dev.keel.policy.ToolPlacement;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Registers MCP servers, each with a name and where it runs, and connects them into one {@link McpToolSource}:
 *
 * <pre>{@code
 * McpToolSource tools = McpServers.builder()
 *         .server("ledger", ToolPlacement.INTERNAL, HttpClientStreamableHttpTransport.builder(ledgerUrl).build())
 *         .server("markets", ToolPlacement.EXTERNAL, HttpClientStreamableHttpTransport.builder(marketsUrl).build())
 *         .build();
 * }</pre>
 * A server is given as an MCP client transport (the source opens a synchronous client on it, with the request
 * timeout, and closes it) or as a synchronous client the host built (initialized if it is not yet, never closed by
 * the source). Stateless: the builder is not thread-safe.
 */
public final class McpServers {

    /** The request timeout of the clients the source opens, unless set: a server slower than this fails the call. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(20);

    private McpServers() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the servers; {@link #build()} connects them and lists their tools. Not thread-safe. */
    public static final class Builder {
        private final List<Pending> servers = new ArrayList<>();
        private final Set<String> names = new LinkedHashSet<>();
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;

        private Builder() {
        }

        /** The request timeout of the clients the source opens on transports; {@link #DEFAULT_REQUEST_TIMEOUT} unless set. */
        public Builder requestTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new InvalidInputException("a request timeout must be positive, found " + timeout);
            }
            this.requestTimeout = timeout;
            return this;
        }

        /** A server reached through {@code transport}; the source opens its client and closes it. */
        public Builder server(String name, ToolPlacement placement, McpClientTransport transport) {
            Objects.requireNonNull(transport, "transport");
            return add(new Pending(name, placement, transport, null));
        }

        /** A server reached through the host's own {@code client}; the source never closes it. */
        public Builder server(String name, ToolPlacement placement, McpSyncClient client) {
            Objects.requireNonNull(client, "client");
            return add(new Pending(name, placement, null, client));
        }

        private Builder add(Pending pending) {
            Objects.requireNonNull(pending.placement, "placement");
            if (Objects.requireNonNull(pending.name, "name").isBlank()) {
                throw new InvalidInputException("an MCP server's name must not be blank");
            }
            if (!names.add(pending.name)) {
                throw new InvalidInputException("the MCP server " + pending.name + " is registered twice");
            }
            servers.add(pending);
            return this;
        }

        /**
         * Connects every server (initializing its client) and lists its tools.
         *
         * @throws dev.keel.core.RetriableBackendException naming the server when one cannot be reached or listed
         *         (the clients opened so far are closed)
         * @throws dev.keel.core.ConfigurationException    when two tools, of one server or two, have the same name in
         *         canonical form ({@link dev.keel.core.text.Names#canonical}: {@code payroll_summary} and
         *         {@code Payroll-Summary}), since the policy and the gate would take one for the other (the clients
         *         opened so far are closed)
         */
        public McpToolSource build() {
            List<RegisteredServer> registrations = new ArrayList<>(servers.size());
            for (Pending pending : servers) {
                McpSyncClient client = pending.client != null ? pending.client
                        : McpClient.sync(Objects.requireNonNull(pending.transport, "transport"))
                                .requestTimeout(requestTimeout).initializationTimeout(requestTimeout).build();
                registrations.add(new RegisteredServer(pending.name, pending.placement, client, pending.client == null));
            }
            return SdkToolSource.connect(registrations);
        }

        private record Pending(String name, ToolPlacement placement, @Nullable McpClientTransport transport,
                               @Nullable McpSyncClient client) {
        }
    }
}
