package dev.keel.cli;

import dev.keel.committee.CommitteeConfig;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.examples.committee.ChatExchange;
import dev.keel.examples.committee.ChatService;
import dev.keel.examples.committee.LiveCommittee;
import dev.keel.examples.committee.NoRecordingException;
import dev.keel.examples.committee.RecordedConversation;
import dev.keel.examples.committee.RecordedReplies;
import dev.keel.llm.adapters.Environment;
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
        ChatService service;
        if (config != null) {
            service = ChatService.live(LiveCommittee.build(Files.readString(config), Environment.system(),
                    Clock.systemUTC()), audit, Clock.systemUTC());
            out.println("Real models answer, as configured in " + config + ".");
        } else {
            service = ChatService.replaying(CommitteeConfig.parse(RecordedReplies.sampleConfigJson(),
                    Environment.system()::lookup), RecordedReplies.shipped(), audit, Clock.systemUTC());
            out.println("No provider is configured (--config): every model call is answered from the recorded"
                    + " replies shipped with the committee example; no model is called.");
        }
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
                print(out, request, service.answer(request, UUID.randomUUID().toString()));
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

    private static void print(PrintWriter out, Map<String, Object> request, ChatExchange exchange) {
        JsonCodec codec = JsonCodec.strict();
        out.println();
        out.println("# " + request.get("message") + " (" + request.get("mode") + ")");
        exchange.replayed().ifPresent(name -> out.println("Replayed from the recording " + name + "."));
        out.println();
        out.println("## Reply");
        out.println(exchange.wire().get("reply"));
        out.println();
        out.println("## Meta");
        out.println(codec.writePretty(exchange.wire().get("meta")));
        out.println();
        out.println("## Audit (stored as " + exchange.audit().kind() + ", request " + exchange.audit().requestId()
                + ")");
        Object replay = exchange.audit().payload().get("replay");
        if (replay != null) {
            out.println("Replay: " + codec.write(replay));
        }
        out.println(codec.writePretty(exchange.audit().payload().get("audit")));
        out.println();
        out.println("Reply invariants: " + (exchange.violations().isEmpty() ? "all hold"
                : "broken " + exchange.violations()));
    }
}
