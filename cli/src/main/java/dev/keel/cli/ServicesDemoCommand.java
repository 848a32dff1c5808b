package dev.keel.cli;

import dev.keel.core.KeelException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.examples.services.EmbeddedStageModel;
import dev.keel.examples.services.ServicesAnswer;
import dev.keel.examples.services.ServicesAssistant;
import dev.keel.examples.services.ServicesBackends;
import dev.keel.examples.services.StageStep;
import dev.keel.models.Environment;
import dev.keel.stage.StageViolation;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keel demo services}: the government-services assistant on its catalogue ({@code docs/services-example.md}). */
@Command(
        name = "services",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Ask the government-services assistant of the (invented) Republic of Kestria a question.",
            "",
            "The question runs through the stage workflow on the governed call: judgement, agency detection, "
                + "category selection or semantic analysis, service selection, the multi-agency answer when two "
                + "agencies are needed; every stage's JSON is validated and asked again when it breaks its contract. "
                + "The reply is filled from the catalogue. Small talk ends at the judgement with guidance.",
            "",
            "With OLLAMA_HOST (or --ollama-host) the stages are asked of an Ollama model (OLLAMA_MODEL or --model, "
                + "default llama3.1). Without it, and whenever the model fails, an embedded classifier answers the "
                + "stages offline from MiniLM similarity with the catalogue; it is no language model, and the "
                + "provenance says so. A stage output that breaks its contract (an agency or service the catalogue "
                + "lacks, broken JSON) is asked again; one that keeps breaking it ends the turn with a clarification "
                + "that says what could not be told."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo services \"How do I renew my passport?\"",
            "  keel demo services --trace \"I'm moving house next month and I have a car; what do I need to register?\"",
            "  keel demo services --json \"Hello, how are you?\"",
            "  keel demo services \"How do I renew my driving licence?\" --then \"and how much does it cost?\""
        })
final class ServicesDemoCommand implements Callable<Integer> {

    /** The most characters of one output the trace prints. */
    private static final int TRACE_LIMIT = 2_000;

    @Option(names = "--ollama-host", paramLabel = "URL",
            description = "Ask the stages of the Ollama server at URL (default: OLLAMA_HOST; unset: no model).")
    String ollamaHost;

    @Option(names = "--model", paramLabel = "MODEL",
            description = "The Ollama model (default: OLLAMA_MODEL, else " + ServicesBackends.DEFAULT_MODEL + ").")
    String model;

    @Option(names = "--trace", description = "Also print every stage's output, its validation and the state after the merge.")
    boolean trace;

    @Option(names = "--json", description = "Print the whole answer as one JSON object.")
    boolean json;

    @Option(names = "--then", paramLabel = "QUESTION",
            description = "A follow-up question asked after it in the same session (repeatable), e.g. \"and how much does it cost?\".")
    List<String> followUps = new ArrayList<>();

    @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "The question (words are joined by spaces).")
    List<String> question;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Map<String, String> overrides = new HashMap<>();
        if (ollamaHost != null) {
            overrides.put("OLLAMA_HOST", ollamaHost);
        }
        if (model != null) {
            overrides.put(ServicesBackends.MODEL_VARIABLE, model);
        }
        Environment system = Environment.system();
        Environment environment = name -> overrides.containsKey(name) ? java.util.Optional.of(overrides.get(name))
                : system.lookup(name);
        PrintWriter out = spec.commandLine().getOut();
        InMemoryAuditSink audit = new InMemoryAuditSink();
        try {
            ServicesAssistant.Builder builder = ServicesAssistant.builder().auditSink(audit);
            ServicesBackends.fromEnvironment(environment).ifPresent(builder::stageModel);
            ServicesAssistant assistant = builder.build();
            List<String> questions = new ArrayList<>();
            questions.add(String.join(" ", question));
            questions.addAll(followUps);
            String session = null;
            for (String asked : questions) {
                ServicesAnswer answer = assistant.ask(session, asked);
                session = answer.sessionId().orElse(session);
                print(out, asked, questions.size() > 1, answer, audit.find(answer.governed().requestId()));
            }
        } catch (KeelException e) {
            // A wiring or outside failure that no fallback absorbed: said in one line, not as a stack trace.
            PrintWriter err = spec.commandLine().getErr();
            err.println("keel demo services: " + e.getMessage());
            err.flush();
            out.flush();
            return 1;
        }
        out.flush();
        return 0;
    }

    private void print(PrintWriter out, String asked, boolean several, ServicesAnswer answer,
                       Optional<AuditRecord> record) {
        JsonCodec codec = JsonCodec.strict();
        if (json) {
            Map<String, Object> wire = new LinkedHashMap<>(answer.toWire());
            wire.put("audit", record.map(r -> (Object) Map.of("request_id", r.requestId(), "kind", r.kind(),
                    "payload", r.payload())).orElse(null));
            out.println(codec.write(wire));
            return;
        }
        if (several) {
            out.println("# Question: " + asked);
            out.println();
        }
        if (trace) {
            TracePrinter.print(out::println, answer.governed().trace());
            out.println("# Stages");
            for (StageStep step : answer.steps()) {
                out.println("## " + step.stage() + " (attempt " + step.attempt() + ", " + step.backend() + "): "
                        + (step.valid() ? "valid" : "invalid" + (askedAgain(answer, step)
                                ? ", asked again with its violations" : ", the last attempt")));
                out.println("output: " + shortened(step.output()));
                for (StageViolation violation : step.violations()) {
                    out.println("violation: " + shortened(violation.toString()));
                }
                if (step.stateAfter() != null) {
                    out.println("cached_state after the merge: " + shortened(codec.write(step.stateAfter())));
                }
            }
            out.println();
        }
        out.println("# Government-services assistant: " + answer.outcome().wireName()
                + (answer.services().isEmpty() ? "" : " " + answer.services()));
        out.println();
        out.println(answer.text());
        out.println();
        out.println("# Provenance");
        out.println(whoAnswered(answer));
        reasks(answer).ifPresent(out::println);
        answer.failure().ifPresent(failure -> out.println("Failed: " + failure.stageId() + " ("
                + failure.reason().code() + "); the turn ends as a " + answer.governed().outcome().wireName() + "."));
        record.ifPresent(r -> out.println("Audit record: " + r.kind() + " for request " + r.requestId() + "."));
        if (several) {
            out.println();
        }
    }

    /** Whether a rejected output was followed by another attempt at its stage. */
    private static boolean askedAgain(ServicesAnswer answer, StageStep rejected) {
        return answer.steps().stream()
                .anyMatch(step -> step.stage().equals(rejected.stage()) && step.attempt() == rejected.attempt() + 1);
    }

    /** The rejected outputs of the turn in one line, with the violation codes each had. */
    private static Optional<String> reasks(ServicesAnswer answer) {
        List<String> rejected = answer.steps().stream().filter(step -> !step.valid())
                .map(step -> step.stage() + " attempt " + step.attempt() + " " + step.violations().stream()
                        .map(violation -> violation.code().code()).distinct().toList())
                .toList();
        return rejected.isEmpty() ? Optional.empty()
                : Optional.of("Rejected by the validator: " + String.join("; ", rejected) + ".");
    }

    /** A model's output as the trace shows it: a runaway reply is cut, with its length said. */
    private static String shortened(String text) {
        return text.length() <= TRACE_LIMIT ? text
                : text.substring(0, TRACE_LIMIT) + "... (" + text.length() + " characters in all)";
    }

    /** Who answered the stages, in one line: a language model, the embedded classifier, or nobody. */
    private static String whoAnswered(ServicesAnswer answer) {
        List<String> backends = answer.steps().stream().map(StageStep::backend).distinct().toList();
        if (backends.isEmpty()) {
            return "No stage was asked.";
        }
        return "Stages answered by " + String.join(", ", backends) + (backends.contains(EmbeddedStageModel.ID)
                ? " (" + EmbeddedStageModel.ID + " is an embedded classifier, not a language model)" : "") + ".";
    }
}
