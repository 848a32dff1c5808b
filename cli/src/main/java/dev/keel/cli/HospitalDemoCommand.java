package dev.keel.cli;

import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.json.JsonCodec;
import dev.keel.examples.hospital.WardAssistant;
import dev.keel.examples.hospital.WardData;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.policy.PolicyDocument;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code keel demo hospital}: the Larch Ward assistant, a second application of the governed call. */
@Command(
        name = "hospital",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Ask the Larch Ward assistant a question, as a physician, a nurse or a guest, on the ward records shipped "
                + "with Keel.",
            "",
            "Physicians see the whole ward, patients included; nurses see patients in general terms only (every "
                + "figure withheld); guests see the ward but never a patient. Patient matters never leave the "
                + "hospital, and no answer shows a medical record number.",
            "",
            "Requests the routing table sends to the general model go to Ollama (OLLAMA_HOST or --ollama-host, "
                + "model llama3.1 unless --model says otherwise). Without a reachable model the ward's writer answers "
                + "by restating the records, and the answer and its provenance say so. A model reply that breaks the "
                + "answer contract is asked for again, then the ward's model answers; when no reply keeps it, the "
                + "answer is a refusal that says what failed."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo hospital --role physician \"How is the patient in bed L-03 doing?\"",
            "  keel demo hospital --role nurse \"How is the patient in bed L-03 doing?\"",
            "  keel demo hospital --role guest \"Who is in L-03?\"",
            "  keel demo hospital --role nurse --trace \"Which beds are free?\""
        })
final class HospitalDemoCommand implements Callable<Integer> {

    private static final String DEFAULT_MODEL = "llama3.1";
    private static final Duration MODEL_TIMEOUT = Duration.ofSeconds(60);

    @Option(names = "--role", paramLabel = "ROLE", defaultValue = "nurse",
            description = "Who asks: physician, nurse or guest (default: ${DEFAULT-VALUE}).")
    String role;

    @Option(names = "--clearance", paramLabel = "CLEARANCE",
            description = "Their clearance: public, internal or phi (default: the highest the role allows).")
    String clearance;

    @Option(names = "--ollama-host", paramLabel = "URL",
            description = "Where Ollama runs for the general model (default: OLLAMA_HOST, else "
                    + "http://localhost:11434).")
    String ollamaHost;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = DEFAULT_MODEL,
            description = "The general model's Ollama model (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--trace", description = "Also print what each step decided.")
    boolean trace;

    @Option(names = "--json", description = "Print the whole answer as one JSON object.")
    boolean json;

    @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "The question (words are joined by spaces).")
    List<String> question;

    @Override
    public Integer call() {
        PolicyDocument policy = WardData.policy();
        Principal principal = Principal.of(role, clearance != null ? clearance : Clearances.highest(policy, role));
        String baseUrl = ollamaHost != null ? OllamaHost.baseUrl(ollamaHost) : OllamaHost.baseUrl(Environment.system());
        WardAssistant assistant = WardAssistant.builder().policy(policy)
                .generalModel(OllamaBackends.create(WardAssistant.GENERAL_MODEL, model, baseUrl,
                        MODEL_TIMEOUT))
                .build();
        GovernedAnswer answer = assistant.ask(principal, String.join(" ", question));

        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (json) {
            out.println(JsonCodec.strict().write(answer.toWire()));
            return 0;
        }
        if (trace) {
            TracePrinter.print(out::println, answer.trace());
        }
        out.println("# Larch Ward assistant, asked by " + principal.role() + " / " + principal.clearance() + ": "
                + answer.decision().wireName() + ", " + answer.outcome().wireName());
        out.println();
        out.println(answer.text());
        out.println();
        out.println("# Provenance");
        out.println(whoAnswered(answer.provenance()));
        if (answer.provenance().extension("answer_contract") instanceof Map<?, ?> contract
                && contract.get("reason_code") != null) {
            out.println("The answer contract: " + contract.get("outcome") + " (" + contract.get("reason_code") + ").");
        }
        out.println(JsonCodec.strict().writePretty(answer.provenance().toWire()));
        return 0;
    }

    /** Who wrote the answer, in one line: a model, the ward's writer (no model), or nobody (a denial). */
    private static String whoAnswered(Provenance provenance) {
        if (provenance.backendUsed() == null) {
            return "No model was asked.";
        }
        String reason = provenance.backendUsedReason() == null ? "" : " (" + provenance.backendUsedReason() + ")";
        return Boolean.FALSE.equals(provenance.extension("language_model"))
                ? "Answered by " + provenance.backendUsed() + ", without a language model" + reason + "."
                : "Answered by the language model " + provenance.backendUsed() + reason + ".";
    }
}
