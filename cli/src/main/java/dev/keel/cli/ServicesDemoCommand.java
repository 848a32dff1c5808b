package dev.keel.cli;

import dev.keel.core.json.JsonCodec;
import dev.keel.examples.services.EmbeddedStageModel;
import dev.keel.examples.services.ServicesAnswer;
import dev.keel.examples.services.ServicesAssistant;
import dev.keel.examples.services.ServicesBackends;
import dev.keel.examples.services.StageStep;
import dev.keel.llm.adapters.Environment;
import dev.keel.stage.StageViolation;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
                + "provenance says so."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo services \"How do I renew my passport?\"",
            "  keel demo services --trace \"I'm moving house next month and I have a car; what do I need to register?\"",
            "  keel demo services --json \"Hello, how are you?\""
        })
final class ServicesDemoCommand implements Callable<Integer> {

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
        ServicesAssistant.Builder builder = ServicesAssistant.builder();
        ServicesBackends.fromEnvironment(environment).ifPresent(builder::stageModel);
        ServicesAnswer answer = builder.build().ask(String.join(" ", question));

        PrintWriter out = spec.commandLine().getOut();
        JsonCodec codec = JsonCodec.strict();
        if (json) {
            out.println(codec.write(answer.toWire()));
            out.flush();
            return 0;
        }
        if (trace) {
            TracePrinter.print(out::println, answer.governed().trace());
            out.println("# Stages");
            for (StageStep step : answer.steps()) {
                out.println("## " + step.stage() + " (attempt " + step.attempt() + ", " + step.backend() + "): "
                        + (step.valid() ? "valid" : "invalid"));
                out.println("output: " + step.output());
                for (StageViolation violation : step.violations()) {
                    out.println("violation: " + violation);
                }
                if (step.stateAfter() != null) {
                    out.println("cached_state after the merge: " + codec.write(step.stateAfter()));
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
        out.flush();
        return 0;
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
