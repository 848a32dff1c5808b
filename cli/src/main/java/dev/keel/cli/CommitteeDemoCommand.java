package dev.keel.cli;

import dev.keel.committee.CommitteeConfig;
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
import dev.keel.llm.adapters.Environment;
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
 * {@code keel demo committee}: a chat request through the committee service's own path ({@code ChatService}), with
 * the reply, the meta and the stored audit record printed ({@code docs/committee.md}).
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
            "Without a question the shipped sample requests are played, each in its recorded mode."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo committee",
            "  keel demo committee --config llm.config.json --mode deep \"How do we add an index without downtime?\""
        })
final class CommitteeDemoCommand implements Callable<Integer> {

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "ask",
            description = "ask, audit or deep, for a question (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--config", paramLabel = "FILE",
            description = "The committee's llm.config.json: real models answer. Without it, recorded replies do.")
    Path config;

    @Parameters(paramLabel = "QUESTION", arity = "0..*", description = "The question (words are joined by spaces).")
    List<String> question;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!List.of("ask", "audit", "deep").contains(mode)) {
            throw new ParameterException(spec.commandLine(), "--mode must be ask, audit or deep, not " + mode);
        }
        PrintWriter out = spec.commandLine().getOut();
        InMemoryAuditSink audit = new InMemoryAuditSink();
        CommitteeModels models;
        if (config != null) {
            models = CommitteeModels.live(Files.readString(config), Environment.system());
            out.println("Real models answer, as configured in " + config + ".");
        } else {
            models = CommitteeModels.replaying(CommitteeConfig.parse(RecordedReplies.sampleConfigJson(),
                    Environment.system()::lookup), RecordedReplies.shipped());
            out.println("No provider is configured (--config): every model call is answered from the recorded"
                    + " replies shipped with the committee example; no model is called.");
        }
        out.println("Every request is a governed call for the role " + CommitteeServiceProperties.DEFAULT_ROLE
                + " (clearance " + CommitteeServiceProperties.DEFAULT_CLEARANCE + ") under the service's policy ("
                + CommitteeModels.POLICY + "): the committee's prompts pass the egress filter, its reply the"
                + " outbound filter.");
        ChatService service = ChatService.builder().pipeline(models.pipeline(audit, Clock.systemUTC()))
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
                print(out, request, service.answer(request, UUID.randomUUID().toString()), audit);
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
    private static void print(PrintWriter out, Map<String, Object> request, ChatExchange exchange,
                              InMemoryAuditSink audit) {
        JsonCodec codec = JsonCodec.strict();
        out.println();
        out.println("# " + request.get("message") + " (" + request.get("mode") + ")");
        exchange.replayed().ifPresent(name -> out.println("Replayed from the recording " + name + "."));
        out.println();
        out.println("## Reply");
        out.println(exchange.wire().get("reply"));
        out.println();
        Map<String, Object> meta = new LinkedHashMap<>((Map<String, Object>) exchange.wire().get("meta"));
        meta.remove("provenance");
        out.println("## Meta (the answer's provenance is under meta.provenance on the wire)");
        out.println(codec.writePretty(meta));
        out.println();
        GovernedAnswer answer = exchange.answer();
        out.println("## Governed call");
        out.println("decision " + answer.decision().wireName() + " " + answer.provenance().reasonCodes().values()
                + ", outcome " + answer.outcome().wireName() + ", withheld from the reply " + answer.withheldCounts());
        for (BackendCall call : answer.calls()) {
            out.println("  " + call.target() + " -> " + call.used() + (call.external() ? " (external" : " (internal")
                    + (call.withheld().isEmpty() ? "" : ", withheld from the prompt " + call.withheld()) + ")"
                    + (call.usedReason() == null ? "" : ": " + call.usedReason()));
        }
        out.println();
        AuditRecord stored = audit.find(answer.requestId()).orElseThrow();
        Map<String, Object> details = (Map<String, Object>) stored.payload().getOrDefault("details", Map.of());
        out.println("## Audit record (" + stored.kind() + ", request " + stored.requestId() + "): the committee's"
                + " audit appendix");
        if (details.get("replay") != null) {
            out.println("Replay: " + codec.write(details.get("replay")));
        }
        Object committee = details.get(CommitteeReasoning.AUDIT_DETAIL);
        out.println(committee instanceof Map<?, ?> record ? codec.writePretty(record.get("audit"))
                : "(no committee ran: " + answer.outcome().wireName() + ")");
        out.println();
        out.println("Reply invariants: " + (exchange.violations().isEmpty() ? "all hold"
                : "broken " + exchange.violations()));
    }
}
