package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The committee's models for its robustness tests: a real provider on loopback speaking the Anthropic Messages API,
 * configured as a user configures one (the sample {@code llm.config.json} with the provider's {@code base_url}, the
 * key and model names in the variables it names). Every call is answered as a model keeping the contract would
 * answer it, from the {@code shipping-plan} recording, the scores and the synthesis made to fit the agents that
 * actually answered; one call of the committee ({@link Call}) misbehaves as a {@link Case} says: a
 * {@link Misbehaviour} derived from that valid reply, on the first attempt only (the model mends after the re-ask)
 * or on every attempt.
 *
 * <p>Thread-safe; one case at a time ({@link #play}).
 */
public final class MisbehavingModels implements AutoCloseable {

    /** The key the provider requires, and the configuration's variable holds. */
    public static final String KEY = "robustness-provider-key";
    /** The request every case sends: the shipping-plan recording's, in audit mode. */
    public static final String MESSAGE = recording().request().message();

    private static final JsonCodec JSON = JsonCodec.strict();

    /** Each call of a committee run on one round, with the JSON pointers of its identifiers. */
    public enum Call {
        MASTER_PLAN("master", "master_plan", "/agentsToRun/0"),
        SOLVER("solver", "agent:solver:round1", "/agent"),
        CRITIC("critic", "agent:critic:round1", "/agent"),
        VERIFIER("verifier", "agent:verifier:round1", "/agent"),
        SCORE("master", "score", "/scores/0/agent"),
        SYNTHESIS("master", "master_synthesis", "/audit/citations/0/unit");

        private final String role;
        private final String purpose;
        private final String idPointer;

        Call(String role, String purpose, String idPointer) {
            this.role = role;
            this.purpose = purpose;
            this.idPointer = idPointer;
        }

        /** The call's purpose, as the audit appendix names it. */
        public String purpose() {
            return purpose;
        }

        public String role() {
            return role;
        }
    }

    /**
     * One case: the call that misbehaves, how, on how many attempts (1: it mends after the re-ask; 2: it misbehaves
     * on every attempt the committee makes), and the seed of its misbehaviour.
     */
    public record Case(Misbehaviour kind, Call call, int badAttempts, long seed, long runSeed) {

        /** Whether the model keeps misbehaving after the re-ask. */
        public boolean persistent() {
            return badAttempts > 1;
        }

        @Override
        public String toString() {
            return kind + " at " + call.purpose() + (persistent() ? " on every attempt" : " once") + " (case seed "
                    + seed + "; -Dkeel.test.seed=" + runSeed + " replays the run)";
        }
    }

    private final LoopbackModelServer server;
    private final Map<Call, Integer> attempts = new EnumMap<>(Call.class);
    private Case current;

    private MisbehavingModels() {
        server = LoopbackModelServer.start().requireHeader("x-api-key", KEY).otherwise(this::answer);
    }

    public static MisbehavingModels start() {
        return new MisbehavingModels();
    }

    /**
     * Every case: each kind at each call, once and on every attempt, each with its own seed drawn from a
     * {@link Random} seeded with {@code runSeed}.
     */
    public static Stream<Case> cases(long runSeed) {
        Random random = new Random(runSeed);
        List<Case> cases = new ArrayList<>();
        for (Misbehaviour kind : Misbehaviour.values()) {
            for (Call call : Call.values()) {
                for (int bad = 1; bad <= 2; bad++) {
                    cases.add(new Case(kind, call, bad, random.nextLong(), runSeed));
                }
            }
        }
        return cases.stream();
    }

    /** The models answer {@code next} from now on, its call's attempts counted from the first. */
    public synchronized void play(Case next) {
        current = next;
        attempts.clear();
    }

    /** The sample configuration with Anthropic on this provider. */
    public String configJson() {
        return RecordedReplies.sampleConfigJson().replace(
                "\"anthropic\": { \"enabled\": true, \"api_key_env\": \"ANTHROPIC_API_KEY\" }",
                "\"anthropic\": { \"enabled\": true, \"api_key_env\": \"ANTHROPIC_API_KEY\", \"base_url\": \""
                        + server.openAiBaseUrl() + "/\" }");
    }

    /** {@link #configJson()} in a file of {@code directory}, as a user passes it with {@code --config}. */
    public Path configFile(Path directory) throws IOException {
        return Files.writeString(directory.resolve("llm.config.json"), configJson());
    }

    /** The variables of the sample configuration: the provider's key, every role on one priced model. */
    public static Map<String, String> variables() {
        Map<String, String> variables = new HashMap<>();
        variables.put("ANTHROPIC_API_KEY", KEY);
        for (String role : List.of("MASTER", "SOLVER", "CRITIC", "VERIFIER", "EDITOR", "IMPLEMENTER", "VISUAL")) {
            variables.put("KEEL_" + role + "_MODEL", "claude-haiku-4-5");
        }
        return variables;
    }

    /** The request of every case, in its wire form. */
    public static Map<String, Object> request() {
        Map<String, Object> request = new LinkedHashMap<>(recording().request().toWire());
        request.put("mode", "audit");
        return request;
    }

    private static RecordedConversation recording() {
        return RecordedReplies.shipped().conversations().stream().filter(c -> c.name().equals("shipping-plan"))
                .findFirst().orElseThrow();
    }

    private Reply answer(WireRequest wire) {
        ChatRequest request = wire.chat().orElseThrow();
        String system = request.messages().stream().filter(m -> m.role() == ChatRole.SYSTEM).map(ChatMessage::text)
                .findFirst().orElse("");
        String input = request.messages().stream().filter(m -> m.role() == ChatRole.USER).map(ChatMessage::text)
                .findFirst().orElse("");
        Call call = callOf(system);
        String valid = valid(call, input);
        synchronized (this) {
            int attempt = attempts.merge(call, 1, Integer::sum);
            if (current != null && current.call() == call && attempt <= current.badAttempts()) {
                return Reply.text(current.kind().reply(valid, Set.of(call.idPointer),
                        new Random(current.seed() + attempt)));
            }
        }
        return Reply.text(valid);
    }

    /** Which call a prompt is, by the committee's own words in its system message. */
    private static Call callOf(String system) {
        if (system.contains("Plan how the committee")) {
            return Call.MASTER_PLAN;
        }
        if (system.contains("You score the outputs")) {
            return Call.SCORE;
        }
        if (system.contains("Write the final reply")) {
            return Call.SYNTHESIS;
        }
        for (Call call : List.of(Call.SOLVER, Call.CRITIC, Call.VERIFIER)) {
            if (system.contains("You are the " + call.role + " ")) {
                return call;
            }
        }
        throw new IllegalStateException("a prompt of no call of the committee: " + system);
    }

    /**
     * The reply a model keeping the contract gives: the recording's, the scores and the synthesis cut down to the
     * agents whose outputs the prompt carries.
     */
    @SuppressWarnings("unchecked")
    private static String valid(Call call, String input) {
        String recorded = recording().reply(call.role, call.purpose, 0).orElseThrow();
        if (call != Call.SCORE && call != Call.SYNTHESIS) {
            return recorded;
        }
        List<String> present = Stream.of("solver", "critic", "verifier")
                .filter(agent -> input.contains("\"agent\":\"" + agent + "\"")).toList();
        Map<String, Object> reply = new LinkedHashMap<>(JSON.parseObject(recorded));
        if (call == Call.SCORE) {
            reply.put("scores", ((List<Map<String, Object>>) reply.get("scores")).stream()
                    .filter(score -> present.contains(score.get("agent"))).toList());
            return JSON.write(reply);
        }
        List<String> lines = ((String) reply.get("replyMarkdown")).lines()
                .filter(line -> present.stream().anyMatch(agent -> line.contains("[" + agent + ":"))).toList();
        reply.put("replyMarkdown", String.join("\n", lines));
        Map<String, Object> audit = new LinkedHashMap<>((Map<String, Object>) reply.get("audit"));
        audit.put("citations", ((List<Map<String, Object>>) audit.get("citations")).stream()
                .filter(citation -> present.contains(((String) citation.get("unit")).split(":")[0])).toList());
        reply.put("audit", audit);
        if (lines.size() < 2) {
            reply.remove("estimate");
        }
        return JSON.write(reply);
    }

    /**
     * Asserts what every case must show, from its reply, its meta and its audit appendix: the misbehaving attempt
     * refused with its problems named (an empty reply: the call failed), then the governed outcome of the case's
     * call (mended after the re-ask: the run goes on; persistent: the plan's fallback, an agent left out, one
     * question when nothing is scored, a refusal that says the synthesis failed), unless a reply's own cost made the
     * cap leave later calls out.
     */
    @SuppressWarnings("unchecked")
    public static void assertGoverned(Case c, String reply, Map<String, Object> meta, Map<String, Object> appendix) {
        Map<String, Object> call = telemetry(c.call(), appendix);
        List<Map<String, Object>> attempts = (List<Map<String, Object>>) call.get("attempts");
        // An empty reply is no text at all: the provider adapter reports it as a failed call, which is not re-asked;
        // every other kind is a reply the committee reads, refuses and re-asks, naming the problems.
        boolean failed = c.kind() == Misbehaviour.EMPTY;
        if (failed) {
            assertThat(attempts).as(c + ": a failed call, not re-asked").singleElement()
                    .satisfies(attempt -> assertThat(attempt).containsEntry("outcome", "backend_failed"));
        } else {
            assertThat(attempts.get(0)).as(c + ": the misbehaving attempt").containsEntry("outcome", "invalid");
            assertThat((List<String>) attempts.get(0).get("problems")).as(c.toString()).isNotEmpty()
                    .allSatisfy(problem -> assertThat(problem).matches("(?s)\\[[a-z_]+\\] .+"));
        }
        boolean capped = Boolean.TRUE.equals(((Map<String, Object>) meta.get("budget"))
                .get("modeCapExceeded"));
        Object outcome = appendix.get("outcome");
        assertThat(outcome).as(c.toString()).isIn("shipped", "asked_user", "refused");
        assertThat(reply).as(c.toString()).isNotBlank();
        if (attempts.size() > 1 && !c.persistent()) {
            assertThat(attempts.get(1).get("outcome")).as(c + ": the re-ask").isIn("ok", "not_made_budget");
        }
        if (capped) {
            return; // a reply as long as HUGE costs what it costs: the cap then leaves later calls out
        }
        if (!c.persistent() && !failed) {
            assertThat(attempts).as(c + ": mended after one re-ask").hasSize(2);
            assertThat(call.get("status")).as(c.toString()).isEqualTo("ok");
            assertThat(outcome).as(c + ": the run goes on as if nothing happened").isEqualTo("shipped");
            assertThat(meta.get("usedAgents")).as(c.toString()).isEqualTo(List.of("solver", "critic", "verifier"));
            return;
        }
        if (!failed) {
            assertThat(attempts).as(c + ": re-asked once, then given up").hasSize(2)
                    .allSatisfy(attempt -> assertThat(attempt).containsEntry("outcome", "invalid"));
        }
        assertThat(call.get("status")).as(c.toString()).isNotEqualTo("ok");
        switch (c.call()) {
            case MASTER_PLAN -> {
                assertThat(appendix.get("plan")).as(c + ": no plan, the fallback").isNull();
                assertThat(meta.get("usedAgents")).as(c + ": the core agents").isEqualTo(
                        List.of("solver", "critic", "verifier"));
                assertThat(outcome).as(c.toString()).isEqualTo("shipped");
            }
            case SOLVER, CRITIC, VERIFIER -> {
                assertThat((List<String>) meta.get("usedAgents")).as(c + ": the others answer")
                        .hasSize(2).doesNotContain(c.call().role());
                assertThat(reply).as(c.toString()).doesNotContain("[" + c.call().role() + ":");
                assertThat(outcome).as(c.toString()).isEqualTo("shipped");
            }
            case SCORE -> {
                assertThat(outcome).as(c + ": nothing scored, c_final 0: one question").isEqualTo("asked_user");
                assertThat(reply).as(c.toString()).startsWith("**Question:** ");
            }
            case SYNTHESIS -> {
                assertThat(outcome).as(c + ": a refusal that says what failed").isEqualTo("refused");
                assertThat(reply).as(c.toString()).contains("The master's synthesis could not be made");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> telemetry(Call call, Map<String, Object> appendix) {
        return switch (call) {
            case MASTER_PLAN -> (Map<String, Object>) appendix.get("planCall");
            case SCORE -> (Map<String, Object>) appendix.get("scoringCall");
            case SYNTHESIS -> (Map<String, Object>) appendix.get("synthesisCall");
            default -> ((List<Map<String, Object>>) appendix.get("agents")).stream()
                    .filter(agent -> call.role().equals(agent.get("agent")))
                    .map(agent -> ((List<Map<String, Object>>) agent.get("calls")).get(0)).findFirst()
                    .orElseThrow(() -> new AssertionError(call + " has no call in the audit appendix"));
        };
    }

    /** Every request the provider received. */
    public List<WireRequest> requests() {
        return server.requests();
    }

    @Override
    public void close() {
        server.close();
    }
}
