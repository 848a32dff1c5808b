package dev.keel.cli;

import dev.keel.core.json.JsonCodec;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.examples.support.ReplayedReplies;
import dev.keel.examples.support.ShippedTurn;
import dev.keel.examples.support.ShopChecks;
import dev.keel.examples.support.ShopFallback;
import dev.keel.examples.support.SupportAgent;
import dev.keel.examples.support.SupportData;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TraceStep;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.rules.LaneCheck;
import dev.keel.pipeline.rules.LaneChecks;
import dev.keel.pipeline.rules.RuleSteps;
import dev.keel.reading.Amounts;
import dev.keel.rules.NavigationConfig;
import dev.keel.rules.RuleViolation;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code keel demo support}: the online shop's support agent, on turns governed by flat scoped rules. */
@Command(
        name = "support",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Play the shipped conversation with the online shop's support agent, or send it one message.",
            "",
            "The conversation shows the ambiguity trap, a refund that starts on a turn sampled for the judge, a price "
                + "question that stays in the refund (stickiness), Lane 1 reading every amount an answer gives the "
                + "customer and the answer written again, a competitor's name caught by a hard rule that retrieval did not pick, a refusal "
                + "after a second violation, a strong purchase intent that leaves the refund, and the model calls of "
                + "every turn.",
            "",
            "Offline (no OLLAMA_HOST and no --ollama-host) the embedded sensor reads each message in process and the "
                + "model's replies are replayed from the shipped conversation; the output and the provenance say so. "
                + "With OLLAMA_HOST or --ollama-host a real model is the sensor, writes the answers and judges them; "
                + "when it fails or breaks a call's contract, the turn still ends governed (a clarification, a "
                + "fallback answer or a refusal)."
        },
        footer = {
            "",
            "Examples:",
            "  keel demo support",
            "  keel demo support --trace",
            "  keel demo support \"I want a refund for order A-1001\""
        })
final class SupportDemoCommand implements Callable<Integer> {

    private static final String DEFAULT_MODEL = "llama3.1";
    private static final Duration MODEL_TIMEOUT = Duration.ofSeconds(60);
    private static final List<String> HARD_RULES = SupportData.ruleBook().rules().hardRules().stream()
            .map(rule -> rule.id()).toList();

    @Option(names = "--ollama-host", paramLabel = "URL",
            description = "Where Ollama runs (default: OLLAMA_HOST; without either, the demo runs offline).")
    String ollamaHost;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = DEFAULT_MODEL,
            description = "The Ollama model (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--judge-sample-rate", paramLabel = "RATE",
            description = "The share of turns the judge checks for audit, by session and turn (default: 0.25).")
    BigDecimal judgeSampleRate = SupportAgent.JUDGE_SAMPLE_RATE;

    @Option(names = "--trace", description = "Also print what each step decided.")
    boolean trace;

    @Option(names = "--json", description = "Print each turn's whole answer as one JSON object per line.")
    boolean json;

    @Parameters(paramLabel = "MESSAGE", arity = "0..*",
            description = "One message for one turn (words are joined by spaces); none plays the shipped conversation.")
    List<String> message;

    @Override
    public Integer call() {
        Optional<String> host = ollamaHost != null ? Optional.of(ollamaHost)
                : Environment.system().value(OllamaHost.VARIABLE);
        ReplayedReplies replayed = new ReplayedReplies();
        SupportAgent.Builder agent = SupportAgent.builder().embedder(MiniLmEmbedders.allMiniLmL6V2())
                .judgeSampleRate(judgeSampleRate);
        if (host.isPresent()) {
            agent.model(OllamaBackends.create(SupportAgent.MODEL, model, OllamaHost.baseUrl(host.get()),
                    MODEL_TIMEOUT)).modelSensor();
        } else {
            agent.model(replayed);
        }
        SupportAgent support = agent.build();

        List<ShippedTurn> turns = new ArrayList<>();
        if (message == null || message.isEmpty()) {
            turns.addAll(SupportData.conversation());
        } else {
            String text = String.join(" ", message);
            turns.add(SupportData.conversation().stream().filter(turn -> turn.message().equals(text)).findFirst()
                    .orElse(new ShippedTurn(text, "one turn", java.util.Map.of())));
        }

        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (!json) {
            out.println("# Online shop support: " + (host.isPresent()
                    ? "live: Ollama model " + model + " at " + OllamaHost.baseUrl(host.get()) + " is the sensor, "
                    + "writes the answers and judges them"
                    : "offline: the embedded sensor reads each message in process, and the model's replies are "
                    + "replayed from the shipped conversation (set OLLAMA_HOST for a real model)"));
        }
        int number = 0;
        for (ShippedTurn turn : turns) {
            number++;
            if (host.isEmpty()) {
                replayed.load(turn);
            }
            GovernedAnswer answer = support.ask(SupportData.CONVERSATION_SESSION, "demo-customer", turn.message());
            if (json) {
                out.println(JsonCodec.strict().write(answer.toWire()));
            } else {
                print(out, number, turn, answer);
            }
        }
        return 0;
    }

    private void print(PrintStream out, int number, ShippedTurn turn, GovernedAnswer answer) {
        out.println();
        out.println("## Turn " + number + ": " + turn.shows());
        out.println("customer: " + turn.message());
        out.println("agent (" + answer.outcome().wireName() + "): " + answer.text());
        answer.value(RuleSteps.READING).ifPresent(reading -> out.println("sensor: intent "
                + reading.detectedIntentIfAny().orElse("none") + ", ambiguity " + reading.ambiguityScore().toPlainString()
                + " (" + reading.ambiguityReason() + ")"));
        answer.value(RuleSteps.MOVE).ifPresent(move -> out.println("navigation: " + move.navigation().action()
                .wireName() + " " + move.from() + " -> " + move.to() + ", scores " + move.navigation().scores().stream()
                .map(score -> score.id() + " " + score.effective().toPlainString()).collect(Collectors.joining(", "))
                + (move.from().inScenario() ? " (the current scenario's moves get +"
                + NavigationConfig.DEFAULTS.stickinessBoost().toPlainString() + "; leaving takes an entry above "
                + NavigationConfig.DEFAULTS.exitThreshold().toPlainString() + ")" : "")));
        answer.value(RuleSteps.MATCH).ifPresent(match -> out.println("rules: matched " + match.ids() + " of "
                + match.inScope() + " in scope; hard rules, checked on every turn: " + HARD_RULES));
        answer.value(RuleSteps.TOOLS).filter(tools -> !tools.results().isEmpty())
                .ifPresent(tools -> out.println("tools: " + List.copyOf(tools.results().keySet())));
        answer.value(RuleSteps.CHECKS).map(LaneChecks::checks).ifPresent(checks -> {
            for (LaneCheck check : checks) {
                out.println("lanes, answer " + check.attempt() + ": " + (check.passed() ? "kept every rule"
                        : "broke " + broken(check)) + (check.judged().isEmpty() ? "" : "; judge asked about "
                        + check.judged() + " (" + (check.risky() ? "risky turn" : "sampled turn") + ")"
                        + (check.judgeNote().isEmpty() ? "" : ": " + check.judgeNote())));
            }
        });
        answer.value(ShopChecks.FINDINGS).map(ShopChecks.Findings::checks).ifPresent(checks -> {
            for (ShopChecks.Check check : checks) {
                out.println("money and form, answer " + check.attempt() + ": " + (check.passed() ? "kept"
                        : "broke " + check.broken()) + check.form().map(problem -> " (" + problem + ")").orElse("")
                        + "; amounts given to the customer: " + (check.promised().isEmpty() ? "none"
                        : check.promised().stream().map(SupportDemoCommand::amount).collect(Collectors.joining(", ")))
                        + (check.above().isEmpty() ? "" : "; above " + ShopChecks.LIMIT + ": "
                        + check.above().stream().map(Amounts.Amount::text).toList()));
            }
        });
        answer.calls().stream().filter(call -> call.used().equals(ShopFallback.ID)).findFirst().ifPresent(call ->
                out.println("fallback: " + call.usedReason() + "; " + ShopFallback.ID + " answered"));
        if (answer.outcome() != TurnOutcome.ANSWERED) {
            out.println("reason codes: " + answer.provenance().reasonCodes().values());
        }
        out.println("model calls: " + answer.calls().size() + calls(answer) + (answer.provenance()
                .extension(SupportAgent.EXTENSION) instanceof java.util.Map<?, ?> origin
                && "embedded".equals(origin.get("sensor")) ? "; the sensor ran in process, no model call" : ""));
        if (trace) {
            out.println("trace:");
            for (TraceStep step : answer.trace()) {
                out.println("  - " + step.step() + ": " + step.summary());
            }
        }
    }

    /** "$80.00 (80.00 USD)"; an amount whose value was not read says so. */
    private static String amount(Amounts.Amount amount) {
        return amount.text() + " (" + (amount.value() == null ? "value not read" : amount.value().toPlainString()
                + (amount.currency() == null ? "" : " " + amount.currency())) + ")";
    }

    private static List<String> broken(LaneCheck check) {
        List<String> broken = new ArrayList<>(check.lane1().violations().stream().map(RuleViolation::ruleId).toList());
        broken.addAll(check.judgeFound());
        return broken;
    }

    /** The calls by kind: " (sensor 1, generation 2, judge 1)"; the answers written and judged are the checks. */
    private static String calls(GovernedAnswer answer) {
        if (answer.calls().isEmpty()) {
            return "";
        }
        List<LaneCheck> checks = answer.value(RuleSteps.CHECKS).map(LaneChecks::checks).orElse(List.of());
        long generation = checks.size();
        long judge = checks.stream().filter(check -> !check.judged().isEmpty()).count();
        // The fallback answers only after the shop's model failed, and each failed call is recorded too.
        long failed = answer.calls().stream().filter(call -> call.used().equals(ShopFallback.ID)).count();
        long sensor = answer.calls().size() - failed - generation - judge;
        return " (sensor " + sensor + ", generation " + generation + ", judge " + judge
                + (failed == 0 ? "" : ", failed " + failed) + ")";
    }
}
