package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.keel.core.Principal;
import dev.keel.examples.marp.MarpData;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code keel demo marp} and {@code keel demo hospital} as a user runs them, pointed with {@code --ollama-host} at a
 * real loopback Ollama that answers every model call with each kind of {@link Misbehaviour} (derived from a valid
 * reply of that call), over seeds: the command exits 0, prints no stack trace, and its output carries the governed
 * outcome with its reason code and the provenance. A reply corrected after the re-ask is used.
 */
class DemoRobustnessTest {

    private static final long SEED = 20_261_125L;

    private static final String MARP_VALID = "{\"comparison\":\"Calendar A keeps more margin than Calendar B.\","
            + "\"calendars\":[{\"calendar\":\"Transition Calendar A\",\"trade_offs\":\"Staggered retirements.\"},"
            + "{\"calendar\":\"Transition Calendar B\",\"trade_offs\":\"Paired retirements.\"}]}";
    private static final Set<String> MARP_IDS = Set.of("/calendars/0/calendar", "/calendars/1/calendar");
    private static final String WARD_VALID = "{\"answer\":\"The free beds are listed in the ward records.\","
            + "\"records\":[\"rec-a\"]}";
    private static final Set<String> WARD_IDS = Set.of("/records/0");

    /** One model call of a demo, made as a user makes it: the command line without the server's address. */
    private record Call(String name, String validReply, Set<String> idPointers, List<String> args) {
    }

    private static final List<Call> CALLS = List.of(
            new Call("marp, llama, ALLOW", MARP_VALID, MARP_IDS, List.of("marp", "--role", "planner", "--clearance",
                    "secret", marpPrompt(Principal.of("planner", "secret"), "llama"))),
            new Call("marp, deepseek, PARTIAL", MARP_VALID, MARP_IDS, List.of("marp", "--role", "guest",
                    "--clearance", "unclassified", marpPrompt(Principal.of("guest", "unclassified"), "deepseek"))),
            new Call("hospital, general model, nurse", WARD_VALID, WARD_IDS, List.of("hospital", "--role", "nurse",
                    "Which beds are free?")),
            new Call("hospital, general model, guest", WARD_VALID, WARD_IDS, List.of("hospital", "--role", "guest",
                    "Which beds are free?")));

    @TestFactory
    Stream<DynamicTest> everyMisbehaviourOfEveryCallEndsGovernedWithExitZero() {
        Random seeds = new Random(SEED);
        List<DynamicTest> tests = new ArrayList<>();
        for (Misbehaviour kind : Misbehaviour.values()) {
            for (Call call : CALLS) {
                long seed = seeds.nextLong();
                for (boolean corrected : new boolean[] {false, true}) {
                    tests.add(dynamicTest(kind + ", " + call.name() + (corrected ? ", corrected" : "") + ", seed "
                            + seed, () -> check(kind, call, seed, corrected)));
                }
            }
        }
        return tests.stream();
    }

    private static void check(Misbehaviour kind, Call call, long seed, boolean corrected) {
        String bad = kind.reply(call.validReply(), call.idPointers(), new Random(seed));
        String context = kind + " on " + call.name() + (corrected ? ", corrected" : "") + " (seed " + seed + "): ";
        try (LoopbackModelServer model = LoopbackModelServer.start()) {
            if (corrected) {
                model.then(Reply.text(bad)).otherwise(Reply.text(call.validReply()));
            } else {
                model.otherwise(Reply.text(bad));
            }
            List<String> args = new ArrayList<>(List.of("demo"));
            args.add(call.args().get(0));
            args.addAll(List.of("--ollama-host", model.baseUrl()));
            args.addAll(call.args().subList(1, call.args().size()));

            CommandRun run = CommandRun.of(args.toArray(String[]::new));

            assertThat(run.status()).as(context + "exit status; stderr: " + run.err()).isZero();
            assertThat(run.out() + run.err()).as(context + "no stack trace").doesNotContain("Exception")
                    .doesNotContain("\tat ");
            boolean marp = call.args().get(0).equals("marp");
            if (kind == Misbehaviour.EMPTY) {
                // The Ollama client takes a reply without content for a failed call: the internal writer answers.
                assertThat(run.out()).as(context + "fallback").contains(marp
                        ? "answered by embedded_extractive" : "Answered by ward_writer, without a language model");
                assertThat(run.out()).as(context + "why").contains(" failed (backend_failed)");
                assertThat(model.requests()).as(context + "calls").hasSize(1);
                return;
            }
            if (marp) {
                assertThat(run.out()).as(context + "provenance").contains("```provenance_stub")
                        .contains(corrected ? "\"commentary_reasked\"" : "\"commentary_contract_broken\"");
                assertThat(run.out()).as(context + "commentary").contains(corrected
                        ? "Calendar A keeps more margin than Calendar B." : "): withheld. ");
            } else {
                assertThat(run.out()).as(context + "provenance").contains("# Provenance").contains(corrected
                        ? "The answer contract: reasked (answer_reasked)."
                        : "The answer contract: ward_model (answer_contract_broken_ward_model_answered).");
            }
            assertThat(model.requests()).as(context + "calls").hasSize(corrected ? 2 : 3);
        }
    }

    @Test
    void withoutAReachableOllamaTheMarpTraceReadsAsTheExpectedOfflinePath() {
        String closed;
        try (LoopbackModelServer gone = LoopbackModelServer.start()) {
            closed = gone.baseUrl();
        }

        CommandRun run = CommandRun.of("demo", "marp", "--ollama-host", closed, "--trace", "--role", "planner",
                "--clearance", "secret",
                marpPrompt(Principal.of("planner", "secret"), "llama"));

        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("- reasoning: target llama did not answer, so the internal writer"
                + " embedded_extractive answered, as it does without a model (llama failed (")
                .contains("commentary accepted")
                .containsPattern("\"backend_used\"\\s*:\\s*\"embedded_extractive\"");
        assertThat(run.out() + run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    private static String marpPrompt(Principal principal, String target) {
        RoutingIndex index = RoutingIndex.create(MarpData.routingTable());
        for (int i = 0; i < 100; i++) {
            String prompt = "SCENARIO 2: compare the calendars for retiring two boats " + "x".repeat(i);
            if (index.route(RoutingRequest.builder().role(principal.role()).clearance(principal.clearance())
                    .prompt(prompt).build()).backendTarget().equals(target)) {
                return prompt;
            }
        }
        throw new AssertionError("no prompt is routed to " + target + " for " + principal);
    }

}
