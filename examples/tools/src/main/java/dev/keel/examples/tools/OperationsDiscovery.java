package dev.keel.examples.tools;

import dev.keel.core.text.NormalizedText;
import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.PrimitiveRegistry;
import dev.keel.evidence.ProbeResult;
import dev.keel.evidence.TurnMeaning;
import dev.keel.mcp.McpDiscovery;
import dev.keel.mcp.McpDiscoveryRun;
import dev.keel.mcp.McpProbe;
import dev.keel.mcp.McpToolSource;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What the assistant checks before an answer may stand: a discovery plan over the company's MCP tools, its probes
 * run through the tool gate, and the evidence gate's answer permission. Two discovery primitives are mapped to MCP
 * tools, and a plan may use no other: {@code query_documents} reads the ticket desk ({@code list_open_tickets}) and
 * {@code aggregate_by_axis} the payroll by team ({@code payroll_summary}); the external exchange-rate tool is no
 * source of facts.
 *
 * <p>The plan's proposal comes from the question: the payroll when it asks what a team costs or is paid, the ticket
 * desk when it asks about tickets or open work, or when it asks nothing else. The facts the evidence gate weighs are
 * what the answer rests on, one per source that answered with rows, and the unknowns one per source that did not;
 * none of them holds a figure. Thread-safe.
 */
public final class OperationsDiscovery {

    /** The ticket desk, as a discovery primitive. */
    public static final DiscoveryPrimitive TICKETS = DiscoveryPrimitive.QUERY_DOCUMENTS;
    /** The payroll by team, as a discovery primitive. */
    public static final DiscoveryPrimitive PAYROLL = DiscoveryPrimitive.AGGREGATE_BY_AXIS;

    private static final Pattern PAYROLL_WORDS = Pattern.compile("\\b(payroll|salar\\w*|wages?|paid|pay|costs?)\\b");
    private static final Pattern TICKET_WORDS = Pattern.compile("\\b(tickets?|backlog|repairs?|open|work)\\b");

    /** What one discovery found: the plan, its run, and the evidence gate's decision on it. */
    public record Outcome(DiscoveryPlan plan, McpDiscoveryRun run, DiscoveryEvidence evidence) {

        public Outcome {
            Objects.requireNonNull(plan, "plan");
            Objects.requireNonNull(run, "run");
            Objects.requireNonNull(evidence, "evidence");
        }

        /** For provenance: the plan's status, each probe (tool, outcome, reason codes), the run's decision. */
        public Map<String, Object> toWire() {
            Map<String, Object> wire = new LinkedHashMap<>();
            wire.put("plan_status", plan.planStatus().wireName());
            wire.put("allowed_primitives", plan.allowedPrimitives().stream().map(DiscoveryPrimitive::wireName)
                    .toList());
            wire.put("rejected_primitives", plan.rejectedPrimitives());
            List<Map<String, Object>> probes = new ArrayList<>();
            for (McpProbe probe : run.probes()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("primitive", probe.primitive().wireName());
                entry.put("tool", probe.tool());
                entry.put("outcome", probe.outcome().wireName());
                entry.put("reason_codes", probe.call() == null ? List.of() : probe.call().reasonCodes().values());
                probes.add(entry);
            }
            wire.put("probes", probes);
            wire.put("decision", run.decision().wireName());
            wire.put("answer_permission", evidence.answerPermission().wireName());
            wire.put("evidence_reason_codes", evidence.wireReasonCodes());
            wire.put("query_limitations", evidence.queryLimitations());
            return wire;
        }
    }

    private final McpDiscovery discovery;
    private final OperationsRecords records;

    private OperationsDiscovery(McpDiscovery discovery, OperationsRecords records) {
        this.discovery = discovery;
        this.records = records;
    }

    /**
     * The discovery over {@code tools}, the company's MCP tools, for questions about {@code records}' teams.
     *
     * @throws dev.keel.core.ConfigurationException when a mapped tool is not served
     */
    public static OperationsDiscovery over(McpToolSource tools, OperationsRecords records) {
        return new OperationsDiscovery(McpDiscovery.builder(tools)
                .primitive(TICKETS.wireName(), OperationsServers.LIST_OPEN_TICKETS)
                .primitive(PAYROLL.wireName(), OperationsServers.PAYROLL_SUMMARY)
                .build(), Objects.requireNonNull(records, "records"));
    }

    /** The primitives a plan may use: the mapped ones, and none other. */
    public PrimitiveRegistry registry() {
        return discovery.registry();
    }

    /** The plan for {@code question}: its proposal from the question's words, filtered by {@link #registry()}. */
    public DiscoveryPlan plan(String question) {
        return DiscoveryPlanBuilder.create(registry()).build(planInput(question));
    }

    /** The plan's input for {@code question}: what it needs, the domain family asked, the primitives proposed. */
    public DiscoveryPlanInput planInput(String question) {
        String words = words(question);
        List<String> proposed = new ArrayList<>();
        if (PAYROLL_WORDS.matcher(words).find()) {
            proposed.add(PAYROLL.wireName());
        }
        if (TICKET_WORDS.matcher(words).find() || proposed.isEmpty()) {
            proposed.add(TICKETS.wireName());
        }
        String family = proposed.get(0).equals(PAYROLL.wireName()) ? "payroll" : "operations";
        return DiscoveryPlanInput.builder()
                .semanticDataNeed(question.isBlank() ? null : question.strip())
                .turnMeaning(TurnMeaning.builder().askedDomainFamily(family)
                        .explicitOrganizationScope(teamOf(question)).build())
                .proposedPrimitives(proposed)
                .build();
    }

    /** Runs {@code plan}'s probes through {@code gate} in {@code turn}, for the team {@code question} names. */
    public McpDiscoveryRun run(ToolGate gate, ToolTurn turn, DiscoveryPlan plan, String question) {
        String team = teamOf(question);
        return discovery.run(gate, turn, plan, primitive -> primitive.equals(PAYROLL)
                ? Map.of("team", team, "month", records.month()) : Map.of("team", team));
    }

    /**
     * The evidence gate's decision on {@code run}: the facts the answer rests on are the sources that answered with
     * matched rows, confirmed by them; the sources that did not are unknowns.
     */
    public DiscoveryEvidence evidence(McpDiscoveryRun run) {
        List<String> confirmed = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        for (McpProbe probe : run.probes()) {
            ProbeResult result = probe.result();
            if (result == null) {
                continue;
            }
            String fact = (probe.primitive().equals(PAYROLL) ? "the payroll" : "the open tickets") + " as "
                    + probe.tool() + " reports them";
            if (probe.outcome() == McpProbe.Outcome.OK && result.rowsMatched() > 0) {
                confirmed.add(fact);
                rows.add(probe.tool() + ": " + (long) result.rowsMatched() + " of " + (long) result.rowsReceived()
                        + " rows");
            } else {
                unknown.add(fact);
            }
        }
        return EvidenceGate.create().resolve(run.evidenceInput()
                .confirmedFacts(confirmed)
                .unknownFacts(unknown)
                .sourceRowsSummary(rows.isEmpty() ? null : String.join("; ", rows))
                .build());
    }

    /** Plans for {@code question}, runs the plan in {@code turn} and has the evidence gate decide. */
    public Outcome discover(ToolGate gate, ToolTurn turn, String question) {
        DiscoveryPlan plan = plan(question);
        McpDiscoveryRun run = run(gate, turn, plan, question);
        return new Outcome(plan, run, evidence(run));
    }

    /** The team {@code question} names; the operations team when it names none. */
    public String teamOf(String question) {
        String words = words(question);
        return records.teams().stream()
                .filter(team -> Pattern.compile("\\b" + Pattern.quote(team) + "\\b").matcher(words).find())
                .findFirst().orElse("operations");
    }

    private static String words(String question) {
        return NormalizedText.of(question).text().toLowerCase(Locale.ROOT);
    }
}
