package dev.keel.examples.tools;

import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.LlmBackend;
import dev.keel.mcp.McpServers;
import dev.keel.mcp.McpTool;
import dev.keel.mcp.McpToolSource;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.Tools;
import dev.keel.pipeline.TurnKey;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolPlacement;
import dev.keel.routing.RoutingTable;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Northwind's operations assistant: questions about the teams' open tickets, their payroll, and what they come to in
 * euros, answered through the governed call ({@link Pipeline}) with tools served by MCP servers. Described in
 * {@code docs/tools.md} ("Example").
 *
 * <p>{@link Builder#build()} starts the company's two MCP servers on 127.0.0.1 ({@link OperationsServers}: the house
 * server inside, the market-data server outside), registers them with {@link McpServers} with their placement, and
 * offers their tools to the model on every request ({@link Tools}: one door, every call through the policy's tool
 * gate). After the model's answer, the discovery plan's probes run on the same MCP tools through the source's gate,
 * and the evidence gate decides what the answer may claim ({@link OperationsDiscovery}).
 *
 * <p>Offline, the model is a replay of recorded replies ({@link RecordedModel}), and the provenance says so (the
 * extension {@code model}: {@code replay} true). Thread-safe once built; {@link #close()} stops the servers.
 */
public final class OperationsAssistant implements AutoCloseable {

    /** The backend target of the house model, inside the company. */
    public static final String HOUSE_MODEL = "house_model";

    /** The questions the recorded replies answer, in the order the demo asks them. */
    public static final List<String> SAMPLE_QUESTIONS = List.of(
            "Which tickets are open for the operations team?",
            "What does the operations team cost us this month?",
            "What do the open tickets come to in euros?",
            "What is the operations payroll in euros?");

    /** What the discovery and the evidence gate found for an answer. */
    public static final TurnKey<OperationsDiscovery.Outcome> DISCOVERY = TurnKey.of("operations.discovery",
            OperationsDiscovery.Outcome.class);

    private final PolicyDocument policy;
    private final OperationsServers servers;
    private final McpToolSource tools;
    private final OperationsDiscovery discovery;
    private final Pipeline pipeline;
    private final Tools offered;

    private OperationsAssistant(Builder b) {
        this.policy = b.policy;
        this.servers = OperationsServers.start(b.records);
        try {
            this.tools = McpServers.builder()
                    .server(OperationsServers.HOUSE, ToolPlacement.INTERNAL, servers.house().transport())
                    .server(OperationsServers.MARKET, ToolPlacement.EXTERNAL, servers.market().transport())
                    .build();
        } catch (RuntimeException e) {
            servers.close();
            throw e;
        }
        try {
            this.discovery = OperationsDiscovery.over(tools, b.records);
            this.offered = offered(tools);
            this.pipeline = Pipeline.builder()
                    .policy(policy)
                    .policySources(OperationsData.POLICY)
                    .routing(b.routingTable)
                    .backends(Backends.builder().internal(HOUSE_MODEL, b.model).build())
                    .reasoning(new EvidenceGatedReasoning(discovery, tools.gate(policy),
                            b.model instanceof RecordedModel recorded ? recorded : null))
                    .auditSink(b.auditSink)
                    .clock(b.clock)
                    .idSource(b.idSource)
                    .build();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Answers {@code question} for {@code principal}, the person the host authenticated (null: nobody, and the
     * answer is a denial).
     */
    public GovernedAnswer ask(Principal principal, String question) {
        return pipeline.call(GovernedRequest.builder().principal(principal).message(question).tools(offered).build());
    }

    /** What the discovery and the evidence gate found for {@code answer}; empty when the turn ended before them. */
    public static Optional<OperationsDiscovery.Outcome> discoveryOf(GovernedAnswer answer) {
        return answer.value(DISCOVERY);
    }

    public PolicyDocument policy() {
        return policy;
    }

    /** The company's MCP servers, with the calls each served. */
    public OperationsServers servers() {
        return servers;
    }

    /** The MCP tools as registered: each with its server and placement. */
    public McpToolSource tools() {
        return tools;
    }

    /** The discovery plan and evidence gate over the MCP tools. */
    public OperationsDiscovery discovery() {
        return discovery;
    }

    /** Closes the MCP clients and stops the servers. */
    @Override
    public void close() {
        try {
            tools.close();
        } finally {
            servers.close();
        }
    }

    /**
     * Every MCP tool, offered to the model at its server's placement and run by its server with the arguments the
     * gate lets it send: the gate takes the stricter of that placement and the policy's, so the market-data server's
     * tools are external whatever the policy says.
     */
    private static Tools offered(McpToolSource source) {
        Tools.Builder builder = Tools.builder();
        for (McpTool tool : source.tools()) {
            builder.tool(tool.spec(), call -> source.execute(call.name(), call.arguments()), tool.placement());
        }
        return builder.build();
    }

    /** Configures an {@link OperationsAssistant}; not thread-safe. */
    public static final class Builder {
        private PolicyDocument policy = OperationsData.policy();
        private RoutingTable routingTable = OperationsData.routingTable();
        private OperationsRecords records = OperationsRecords.shipped();
        private LlmBackend model = RecordedModel.shipped();
        private AuditSink auditSink = AuditSink.noop();
        private Clock clock = Clock.systemUTC();
        private IdSource idSource = IdSource.randomUuid();

        private Builder() {
        }

        /** The policy; the shipped {@value OperationsData#POLICY} unless set. */
        public Builder policy(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** The routing table; the shipped {@value OperationsData#ROUTING_TABLE} unless set. */
        public Builder routingTable(RoutingTable table) {
            this.routingTable = Objects.requireNonNull(table, "table");
            return this;
        }

        /** What the company's servers serve; {@link OperationsRecords#shipped()} unless set. */
        public Builder records(OperationsRecords records) {
            this.records = Objects.requireNonNull(records, "records");
            return this;
        }

        /** The house model, inside the company; the replay of recorded replies ({@link RecordedModel}) unless set. */
        public Builder model(LlmBackend model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /** Where every call's audit record goes; nowhere unless set. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /** When audit records are written; the system clock unless set. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Where request ids come from; random UUIDs unless set. */
        public Builder idSource(IdSource ids) {
            this.idSource = Objects.requireNonNull(ids, "ids");
            return this;
        }

        /** Starts the MCP servers, connects them and builds the assistant. */
        public OperationsAssistant build() {
            return new OperationsAssistant(this);
        }
    }
}
