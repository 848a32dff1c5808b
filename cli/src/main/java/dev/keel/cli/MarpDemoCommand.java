package dev.keel.cli;

import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.examples.marp.MarpAnswer;
import dev.keel.examples.marp.MarpAssistant;
import dev.keel.examples.marp.MarpBackends;
import dev.keel.models.Environment;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code keel demo marp}: the MARP fleet transition assistant on the shipped data ({@code docs/marp-example.md}). */
@Command(
        name = "marp",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Ask the MARP fleet transition assistant a question, on the data shipped with Keel.",
            "",
            "Governance decides ALLOW / PARTIAL / DENY from role, clearance and the domains the question touches; "
                + "evidence is routed by scenario (SCENARIO 1, 2 or 3 in the question); the routing index picks the "
                + "model (llama or deepseek through Ollama, or internal); top secret never leaves the house; the "
                + "outbound filter enforces the decision; a provenance_stub says where everything came from.",
            "",
            "The external models are served by Ollama at --ollama-host, else OLLAMA_HOST, else "
                + "http://localhost:11434. Without a reachable Ollama the internal embedded writer answers, as "
                + "expected offline, and the provenance says so. A model reply that breaks the commentary contract is "
                + "asked for again; when none keeps it, the commentary is withheld and the answer says why."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo marp \"SCENARIO 3: retire two boats in Q3-Q4 while keeping capability above threshold\"",
            "  keel demo marp --role guest --trace \"Compare the transition calendars for retiring two boats\"",
            "  keel demo marp --role auditor --json \"Explain the provenance of the retirement plan\""
        })
final class MarpDemoCommand implements Callable<Integer> {

    @Option(names = "--role", paramLabel = "ROLE", description = "The requester's role (planner, guest, auditor, ...).")
    String role;

    @Option(names = "--clearance", paramLabel = "CLEARANCE",
            description = "The requester's clearance (unclassified, secret, top_secret, ...).")
    String clearance;

    @Option(names = "--ollama-host", paramLabel = "URL",
            description = "Where Ollama runs for llama and deepseek (default: OLLAMA_HOST, else "
                    + "http://localhost:11434).")
    String ollamaHost;

    @Option(names = "--trace", description = "Also print what each step decided.")
    boolean trace;

    @Option(names = "--json", description = "Print the whole result as one JSON object.")
    boolean json;

    @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "The question (words are joined by spaces).")
    java.util.List<String> question;

    @Override
    public Integer call() {
        // Either option makes the CLI the authenticated host; without both, the example's defaults apply
        // (a ROLE / CLEARANCE written in the question, else planner / secret).
        Principal host = role == null && clearance == null ? null
                : Principal.of(role == null ? "planner" : role, clearance == null ? "secret" : clearance);
        MarpAssistant assistant = MarpAssistant.onShippedData(ollamaHost != null
                ? MarpBackends.external(ollamaHost) : MarpBackends.external(Environment.system()));
        MarpAnswer answer = assistant.ask(host, String.join(" ", question));

        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (json) {
            out.println(JsonCodec.strict().write(answer.toWire()));
            return 0;
        }
        if (trace) {
            TracePrinter.print(out::println, answer.trace());
        }
        out.println(answer.text());
        return 0;
    }
}
