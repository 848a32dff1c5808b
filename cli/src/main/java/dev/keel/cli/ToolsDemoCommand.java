package dev.keel.cli;

import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.examples.tools.McpHttpServer;
import dev.keel.examples.tools.OperationsAssistant;
import dev.keel.examples.tools.OperationsDiscovery;
import dev.keel.examples.tools.OperationsServers;
import dev.keel.examples.tools.RecordedModel;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.policy.PolicyDocument;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code keel demo tools}: governed tool calls over MCP servers the example starts itself. */
@Command(
        name = "tools",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Ask Northwind's operations assistant about its teams' open tickets, their payroll, and what they come to "
                + "in euros, as a guest, staff or finance. Without a question, the shipped questions are asked in "
                + "turn.",
            "",
            "The assistant starts two MCP servers on 127.0.0.1 (the MCP Java SDK's, over streamable HTTP): one inside "
                + "the company (list_open_tickets, payroll_summary) and a market-data server outside it "
                + "(exchange_rate). Every tool call the model asks for passes the policy's tool gate: a guest may not "
                + "call the payroll; a payroll result lowers a staff member's answer to PARTIAL and keeps the turn "
                + "inside; what the external server receives is egress-filtered. After the answer the discovery "
                + "plan probes the same tools and the evidence gate decides what the answer may claim.",
            "",
            "Offline: the model is a replay of recorded replies, not a language model; the output and the "
                + "provenance say so."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo tools",
            "  keel demo tools --role guest \"What does the operations team cost us this month?\"",
            "  keel demo tools --role staff \"What does the operations team cost us this month?\"",
            "  keel demo tools --role finance --json \"What is the operations payroll in euros?\""
        })
final class ToolsDemoCommand implements Callable<Integer> {

    @Option(names = "--role", paramLabel = "ROLE", defaultValue = "staff",
            description = "Who asks: guest, staff or finance (default: ${DEFAULT-VALUE}).")
    String role;

    @Option(names = "--clearance", paramLabel = "CLEARANCE",
            description = "Their clearance: public, internal or confidential (default: the highest the role allows).")
    String clearance;

    @Option(names = "--json", description = "Print, for each question, the answer with its trace and provenance, and "
            + "the calls each MCP server received, as one JSON object a line.")
    boolean json;

    @Parameters(paramLabel = "QUESTION", arity = "0..*", description = "The question (words are joined by spaces); "
            + "the shipped questions when none is given.")
    List<String> question;

    @Override
    public Integer call() {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        List<String> questions = question == null || question.isEmpty() ? OperationsAssistant.SAMPLE_QUESTIONS
                : List.of(String.join(" ", question));
        try (OperationsAssistant assistant = OperationsAssistant.builder().build()) {
            PolicyDocument policy = assistant.policy();
            Principal principal = Principal.of(role, clearance != null ? clearance : Clearances.highest(policy, role));
            if (!json) {
                out.println("# Northwind operations assistant, asked by " + principal.role() + " / "
                        + principal.clearance() + ". Offline: the model is a replay of recorded replies ("
                        + RecordedModel.ID + "), not a language model.");
                out.println("MCP servers: " + OperationsServers.HOUSE + " (inside the company) at "
                        + assistant.servers().house().url() + ", " + OperationsServers.MARKET
                        + " (outside) at " + assistant.servers().market().url() + ".");
            }
            for (String asked : questions) {
                int house = assistant.servers().house().served().size();
                int market = assistant.servers().market().served().size();
                GovernedAnswer answer = assistant.ask(principal, asked);
                List<McpHttpServer.Served> toHouse = since(assistant.servers().house(), house);
                List<McpHttpServer.Served> toMarket = since(assistant.servers().market(), market);
                if (json) {
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("question", asked);
                    line.put("answer", answer.toWire());
                    line.put("served", Map.of(OperationsServers.HOUSE, wire(toHouse),
                            OperationsServers.MARKET, wire(toMarket)));
                    out.println(JsonCodec.strict().write(line));
                } else {
                    print(out::println, asked, answer, toMarket);
                }
            }
        }
        return 0;
    }

    private static void print(Consumer<String> out, String asked, GovernedAnswer answer,
            List<McpHttpServer.Served> toMarket) {
        out.accept("");
        out.accept("## " + asked);
        String lowered = answer.governance().decision() == answer.decision() ? ""
                : " (asked under " + answer.governance().decision().wireName() + ")";
        out.accept(answer.decision().wireName() + lowered + ", " + answer.outcome().wireName());
        out.accept("");
        out.accept(answer.text());
        out.accept("");
        out.accept("What happened:");
        List<Map<String, Object>> tools = toolsOf(answer);
        if (tools.isEmpty()) {
            out.accept("  no tool was called"
                    + (answer.calls().isEmpty() ? ": the request was decided before any model was asked" : ""));
        }
        int external = 0;
        for (Map<String, Object> tool : tools) {
            StringBuilder line = new StringBuilder("  tool " + tool.get("tool") + " (" + tool.get("placement") + "): ");
            if ("DENY".equals(tool.get("decision"))) {
                line.append("refused by the tool gate (").append(codes(tool.get("reason_codes")))
                        .append("); nothing was sent, and the model was told");
            } else if (!(tool.get("result") instanceof Map<?, ?> result)) {
                line.append("not answered (").append(codes(tool.get("reason_codes"))).append(")");
            } else {
                line.append("called; its result, of domain ").append(codes(tool.get("result_domains")));
                List<?> resultCodes = result.get("reason_codes") instanceof List<?> list ? list : List.of();
                line.append(resultCodes.contains("tool_result_lowered")
                        ? ", lowered the decision to " + result.get("decision") + " (tool_result_lowered)"
                        : ", leaves the decision " + result.get("decision"));
                if ("external".equals(tool.get("placement")) && external < toMarket.size()) {
                    line.append("; the external server received ")
                            .append(JsonCodec.strict().write(toMarket.get(external++).arguments()));
                    if (tool.get("withheld") instanceof Map<?, ?> withheld && !withheld.isEmpty()) {
                        line.append(" (withheld: ").append(String.join(", ", withheld.keySet().stream()
                                .map(String::valueOf).toList())).append(")");
                    }
                }
            }
            out.accept(line.toString());
        }
        OperationsAssistant.discoveryOf(answer).ifPresent(discovery -> out.accept(evidenceLine(discovery)));
        out.accept("  " + whoAnswered(answer));
    }

    private static String evidenceLine(OperationsDiscovery.Outcome discovery) {
        String probes = String.join(", ", discovery.run().probes().stream()
                .map(probe -> probe.primitive().wireName() + " -> " + probe.tool() + " " + probe.outcome().wireName()
                        + (probe.call() == null || probe.call().called() ? ""
                        : " (" + String.join(", ", probe.call().reasonCodes().values()) + ")"))
                .toList());
        String permission = discovery.evidence().answerPermission().wireName();
        String effect = switch (discovery.evidence().answerPermission()) {
            case CONFIRMED_ANSWER -> "the answer stands";
            case BOUNDED_INFERENCE -> "the answer is given as an inference";
            case CHECKED_SOURCES_ONLY -> "the answer says only what was checked";
        };
        return "  evidence gate: " + permission + " (" + discovery.evidence().confidenceReason() + "): " + effect
                + "; discovery probes: " + (probes.isEmpty() ? "none" : probes);
    }

    private static String whoAnswered(GovernedAnswer answer) {
        if (answer.provenance().backendUsed() == null) {
            return "no model was asked";
        }
        if (answer.provenance().extension("model") instanceof Map<?, ?> model
                && Boolean.TRUE.equals(model.get("replay"))) {
            return "written by " + answer.provenance().backendUsed() + ": a replay of the recorded replies"
                    + (model.get("recording") == null ? "" : " (recording " + model.get("recording") + ")")
                    + ", not a language model";
        }
        return "written by " + answer.provenance().backendUsed();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> toolsOf(GovernedAnswer answer) {
        return answer.provenance().extension("tools") instanceof List<?> list
                ? (List<Map<String, Object>>) list : List.of();
    }

    private static String codes(Object codes) {
        return codes instanceof List<?> list ? String.join(", ", list.stream().map(String::valueOf).toList())
                : String.valueOf(codes);
    }

    private static List<McpHttpServer.Served> since(McpHttpServer server, int from) {
        List<McpHttpServer.Served> served = server.served();
        return served.subList(Math.min(from, served.size()), served.size());
    }

    private static List<Map<String, Object>> wire(List<McpHttpServer.Served> served) {
        return served.stream().map(call -> Map.<String, Object>of("tool", call.tool(), "arguments", call.arguments()))
                .toList();
    }
}
