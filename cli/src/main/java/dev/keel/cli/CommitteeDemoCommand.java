package dev.keel.cli;

import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.examples.committee.ChatExchange;
import dev.keel.examples.committee.ChatService;
import dev.keel.examples.committee.CommitteeModels;
import dev.keel.examples.committee.CommitteeServiceProperties;
import dev.keel.examples.committee.NoRecordingException;
import dev.keel.examples.committee.RecordedConversation;
import dev.keel.examples.committee.RecordedReplies;
import dev.keel.models.Environment;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.committee.CommitteeReasoning;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keel demo committee}: a chat request through the committee service's own path ({@code ChatService}): a
 * short summary (the decision, the reply, the scores in one table, the calls that needed a re-ask or failed), and
 * with {@code --audit} the meta, the governed call and the committee's audit appendix from the stored audit record
 * ({@code docs/committee.md}). Models are read from {@code --config} and the environment, as the service reads them.
 */
@Command(
        name = "committee",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Ask the committee of models: the master plans, the agents answer, a scorer scores them, the master "
                + "synthesises, and the code keeps the rules (statuses and c_final computed, DISCARD never cited, one "
                + "A/B/C question below the threshold, the execution-time estimate computed).",
            "",
            "With --config llm.config.json real models answer (their keys and model names from the environment). "
                + "Without it no model is configured, and every model call is answered from the recorded replies "
                + "shipped with the committee example: only the sample requests can be answered then.",
            "",
            "Without a question the shipped sample requests are played, each in its recorded mode.",
            "",
            "Each answer is summarised: the decision, the reply, the agents' scores in one table, and the calls that"
                + " were re-asked or failed. --audit adds the meta, the governed call and the full audit appendix."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo committee",
            "  keel demo committee --audit",
            "  keel demo committee --config llm.config.json --mode deep \"How do we add an index without downtime?\""
        })
final class CommitteeDemoCommand implements Callable<Integer> {

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "ask",
            description = "ask, audit or deep, for a question (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--config", paramLabel = "FILE",
            description = "The committee's llm.config.json: real models answer. Without it, recorded replies do.")
    Path config;

    @Option(names = "--audit", description = "Also print the meta, the governed call and the committee's full audit"
            + " appendix.")
    boolean audit;

    @Parameters(paramLabel = "QUESTION", arity = "0..*", description = "The question (words are joined by spaces).")
    List<String> question;

    @Spec
    CommandSpec spec;

    /** Where the model names and the API keys of {@code --config} are read from. */
    private final Environment environment;

    CommitteeDemoCommand() {
        this(Environment.system());
    }

    CommitteeDemoCommand(Environment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws IOException {
        if (!List.of("ask", "audit", "deep").contains(mode)) {
            throw new ParameterException(spec.commandLine(), "--mode must be ask, audit or deep, not " + mode);
        }
        PrintWriter out = spec.commandLine().getOut();
        InMemoryAuditSink records = new InMemoryAuditSink();
        CommitteeModels models;
        if (config != null) {
            models = CommitteeModels.live(Files.readString(config), environment);
            out.println("Real models answer, as configured in " + config + ".");
        } else {
            models = CommitteeModels.replaying(RecordedReplies.sampleConfigJson(), environment,
                    RecordedReplies.shipped());
            out.println("No provider is configured (--config): every model call is answered from the recorded"
                    + " replies shipped with the committee example; no model is called.");
        }
        out.println("Every request is a governed call for the role " + CommitteeServiceProperties.DEFAULT_ROLE
                + " (clearance " + CommitteeServiceProperties.DEFAULT_CLEARANCE + ") under the service's policy ("
                + CommitteeModels.POLICY + "): the committee's prompts pass the egress filter, its reply the"
                + " outbound filter.");
        ChatService service = ChatService.builder().pipeline(models.pipeline(records, Clock.systemUTC()))
                .models(models).principal(Principal.of(CommitteeServiceProperties.DEFAULT_ROLE,
                        CommitteeServiceProperties.DEFAULT_CLEARANCE)).build();
        List<Map<String, Object>> requests = new ArrayList<>();
        if (question == null || question.isEmpty()) {
            RecordedReplies.shipped().conversations().stream().map(RecordedConversation::request)
                    .forEach(request -> requests.add(request.toWire()));
        } else {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("source", "cli");
            request.put("mode", mode);
            request.put("user", Map.of("id", "cli", "name", "keel demo"));
            request.put("context", Map.of());
            request.put("message", String.join(" ", question));
            requests.add(request);
        }
        for (Map<String, Object> request : requests) {
            try {
                print(out, request, service.answer(request, UUID.randomUUID().toString()), records);
            } catch (NoRecordingException notRecorded) {
                out.println();
                out.println(notRecorded.getMessage() + ". Configure a provider with --config llm.config.json, or"
                        + " run without a question to play the samples.");
                out.flush();
                return 1;
            }
        }
        out.flush();
        return 0;
    }

    @SuppressWarnings("unchecked") // the wire meta and the audit details are the JSON objects Keel made
    private void print(PrintWriter out, Map<String, Object> request, ChatExchange exchange, InMemoryAuditSink records) {
        JsonCodec codec = JsonCodec.strict();
        GovernedAnswer answer = exchange.answer();
        AuditRecord stored = records.find(answer.requestId()).orElseThrow();
        Map<String, Object> details = (Map<String, Object>) stored.payload().getOrDefault("details", Map.of());
        Map<String, Object> record = details.get(CommitteeReasoning.AUDIT_DETAIL) instanceof Map<?, ?> committee
                ? (Map<String, Object>) committee : Map.of();
        Map<String, Object> appendix = record.get("audit") instanceof Map<?, ?> map ? (Map<String, Object>) map
                : Map.of();
        Map<String, Object> meta = new LinkedHashMap<>((Map<String, Object>) exchange.wire().get("meta"));
        Map<String, Object> budget = meta.get("budget") instanceof Map<?, ?> map ? (Map<String, Object>) map
                : Map.of();
        out.println();
        out.println("# " + request.get("message") + " (" + request.get("mode") + ")");
        exchange.replayed().ifPresent(name -> out.println("Replayed from the recording " + name + "."));
        out.println("Decision " + answer.decision().wireName() + " " + answer.provenance().reasonCodes().values()
                + ", outcome " + answer.outcome().wireName() + ", committee "
                + appendix.getOrDefault("outcome", "not run") + ", c_final " + plain(meta.get("c_final"))
                + ", spent " + plain(budget.get("estimatedUsd")) + " of " + plain(budget.get("capUsd")) + " USD"
                + (Boolean.TRUE.equals(budget.get("modeCapExceeded")) ? " (the cap left work out)" : "") + ".");
        out.println();
        out.println("## Reply");
        out.println(exchange.wire().get("reply"));
        out.println();
        printScores(out, appendix);
        List<String> troubles = troubles(appendix);
        if (!troubles.isEmpty()) {
            out.println("Calls that did not answer at once:");
            troubles.forEach(line -> out.println("  " + line));
        }
        if (audit) {
            meta.remove("provenance");
            out.println();
            out.println("## Meta (the answer's provenance is under meta.provenance on the wire)");
            out.println(codec.writePretty(meta));
            out.println();
            out.println("## Governed call");
            out.println("decision " + answer.decision().wireName() + " " + answer.provenance().reasonCodes().values()
                    + ", outcome " + answer.outcome().wireName() + ", withheld from the reply "
                    + answer.withheldCounts());
            for (BackendCall call : answer.calls()) {
                out.println("  " + call.target() + " -> " + call.used() + (call.external() ? " (external"
                        : " (internal") + (call.withheld().isEmpty() ? "" : ", withheld from the prompt "
                        + call.withheld()) + ")" + (call.usedReason() == null ? "" : ": " + call.usedReason()));
            }
            out.println();
            out.println("## Audit record (" + stored.kind() + ", request " + stored.requestId() + "): the committee's"
                    + " audit appendix");
            if (details.get("replay") != null) {
                out.println("Replay: " + codec.write(details.get("replay")));
            }
            out.println(appendix.isEmpty() ? "(no committee ran: " + answer.outcome().wireName() + ")"
                    : codec.writePretty(appendix));
        }
        out.println();
        out.println("Reply invariants: " + (exchange.violations().isEmpty() ? "all hold"
                : "broken " + exchange.violations()));
    }

    /** One table: each agent's five axes, its credibility and its status, as the stored appendix has them. */
    private static void printScores(PrintWriter out, Map<String, Object> appendix) {
        if (!(appendix.get("agents") instanceof List<?> agents) || agents.isEmpty()) {
            out.println("No agent was scored.");
            out.println();
            return;
        }
        List<String> axes = List.of("coherence", "alignment", "verifiability", "signalDensity", "compliance");
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("agent"));
        header.addAll(axes);
        header.addAll(List.of("cred", "status"));
        rows.add(header);
        for (Object item : agents) {
            Map<?, ?> agent = item instanceof Map<?, ?> map ? map : Map.of();
            Map<?, ?> scores = agent.get("axes") instanceof Map<?, ?> map ? map : Map.of();
            List<String> row = new ArrayList<>(List.of(plain(agent.get("agent"))));
            axes.forEach(axis -> row.add(plain(scores.get(axis))));
            row.add(plain(agent.get("cred")));
            row.add(agent.get("status") == null ? "not scored" : plain(agent.get("status")));
            rows.add(row);
        }
        int[] widths = new int[header.size()];
        rows.forEach(row -> {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        out.println("## Scores");
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder("|");
            for (int i = 0; i < widths.length; i++) {
                line.append(' ').append(String.format("%-" + widths[i] + "s", rows.get(r).get(i))).append(" |");
            }
            out.println(line);
            if (r == 0) {
                StringBuilder rule = new StringBuilder("|");
                for (int width : widths) {
                    rule.append('-').append("-".repeat(width)).append("-|");
                }
                out.println(rule);
            }
        }
        out.println();
    }

    /**
     * A line for each call that needed more than one attempt or did not succeed: its purpose, then each attempt's
     * outcome with its first problem (cut short: a problem may quote the rejected reply).
     */
    private static List<String> troubles(Map<String, Object> appendix) {
        Map<String, Object> calls = new LinkedHashMap<>();
        calls.put("master_plan", appendix.get("planCall"));
        if (appendix.get("agents") instanceof List<?> agents) {
            for (Object item : agents) {
                if (item instanceof Map<?, ?> agent && agent.get("calls") instanceof List<?> agentCalls) {
                    for (Object call : agentCalls) {
                        Object round = call instanceof Map<?, ?> map ? map.get("round") : null;
                        calls.put("agent:" + agent.get("agent") + ":round" + plain(round), call);
                    }
                }
            }
        }
        calls.put("score", appendix.get("scoringCall"));
        calls.put("master_synthesis", appendix.get("synthesisCall"));
        List<String> lines = new ArrayList<>();
        calls.forEach((purpose, value) -> {
            if (!(value instanceof Map<?, ?> call) || !(call.get("attempts") instanceof List<?> attempts)) {
                return;
            }
            if (attempts.size() <= 1 && "ok".equals(call.get("status"))) {
                return;
            }
            List<String> said = new ArrayList<>();
            for (Object item : attempts) {
                Map<?, ?> attempt = item instanceof Map<?, ?> map ? map : Map.of();
                String outcome = plain(attempt.get("outcome"));
                if (attempt.get("problems") instanceof List<?> problems && !problems.isEmpty()) {
                    String first = plain(problems.get(0));
                    outcome += " (" + (first.length() > 120 ? first.substring(0, 120) + "..." : first)
                            + (problems.size() > 1 ? "; " + (problems.size() - 1) + " more" : "") + ")";
                } else if (attempt.get("code") != null) {
                    outcome += " (" + plain(attempt.get("code")) + ")";
                }
                said.add("attempt " + plain(attempt.get("attempt")) + " " + outcome);
            }
            lines.add(purpose + ": " + plain(call.get("status")) + "; " + String.join(", ", said));
        });
        return lines;
    }

    /** A JSON value as the summary shows it: a number in plain digits, a string as it is. */
    private static String plain(Object value) {
        return value instanceof java.math.BigDecimal number ? number.toPlainString() : String.valueOf(value);
    }
}
