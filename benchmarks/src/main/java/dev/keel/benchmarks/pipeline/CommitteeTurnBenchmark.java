package dev.keel.benchmarks.pipeline;

import dev.keel.benchmarks.pipeline.GovernedCalls.IterationAuditSink;
import dev.keel.committee.Committee;
import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.Mode;
import dev.keel.committee.Outcome;
import dev.keel.committee.ScoringPolicy;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.examples.marp.MarpData;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.committee.CommitteeReasoning;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What governance costs a committee turn: a committee of a master and three agents (six model calls: the plan, three
 * agents, the scores, the synthesis) run bare, and run as the reasoning of a governed call on the MARP policy (five
 * restriction patterns on every prompt to the external roles and on the reply, provenance, audit), each over instant
 * in-process models and over stand-ins of {@value GovernedCallBenchmark#MODEL_CALL_MICROS} us per model call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CommitteeTurnBenchmark {

    static final String MESSAGE = "Plan how to retire two boats over the next quarters while capability stays above"
            + " the threshold: which order, and how long will the planning take?";
    static final List<String> AGENTS = List.of("solver", "critic", "verifier");
    static final CommitteeConfig CONFIG = CommitteeConfig.of(Set.of("master", "solver", "critic", "verifier"),
            new BigDecimal("0.10"), new BigDecimal("0.50"), new ScoringPolicy(new BigDecimal("0.40"),
                    new BigDecimal("0.60"), new BigDecimal("0.70"), Map.of()));

    private static final JsonCodec JSON = JsonCodec.strict();
    private static final CommitteeRequest REQUEST = CommitteeRequest.of(Mode.AUDIT, MESSAGE);
    private static final GovernedRequest GOVERNED = GovernedRequest.builder()
            .principal(Principal.of("planner", "secret")).message(MESSAGE)
            .attribute(CommitteeReasoning.REQUEST_ATTRIBUTE, REQUEST).build();
    private static final String HOUSE = "house";

    private final IterationAuditSink audit = new IterationAuditSink();
    private Committee bare;
    private Committee bareOverModel;
    private Pipeline governed;
    private Pipeline governedOverModel;

    @Setup(Level.Trial)
    public void setUp() {
        UnaryOperator<LlmBackend> overModel = backend -> GovernedCalls.spinning(backend,
                GovernedCallBenchmark.MODEL_CALL_MICROS);
        bare = committee(UnaryOperator.identity());
        bareOverModel = committee(overModel);
        governed = pipeline(UnaryOperator.identity());
        governedOverModel = pipeline(overModel);
        for (int i = 0; i < GovernedCallBenchmark.WARM_UP_CALLS / 10; i++) {
            check(governed.call(GOVERNED));
        }
        require(bare.answer(REQUEST, "check").outcome() == Outcome.SHIPPED, "the bare committee ships");
        check(governedOverModel.call(GOVERNED));
    }

    @Setup(Level.Iteration)
    public void renewAudit() {
        audit.renew();
    }

    private static void check(GovernedAnswer answer) {
        require(answer.outcome() == TurnOutcome.ANSWERED && answer.calls().size() == 6
                && answer.value(CommitteeReasoning.RESPONSE).map(CommitteeResponse::outcome)
                .filter(Outcome.SHIPPED::equals).isPresent(), "the governed committee ships after six calls");
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("benchmark set-up: " + what);
        }
    }

    private static Committee committee(UnaryOperator<LlmBackend> model) {
        Committee.Builder committee = Committee.builder(CONFIG, Clock.systemUTC());
        CONFIG.modelRoles().forEach(role -> committee.backend(role, model.apply(model(role))));
        return committee.build();
    }

    private Pipeline pipeline(UnaryOperator<LlmBackend> model) {
        Backends.Builder backends = Backends.builder().internal(HOUSE, model.apply(model(HOUSE)));
        CONFIG.modelRoles().forEach(role -> backends.external(role, model.apply(model(role))));
        RoutingTable routing = RoutingTable.builder().pool(1, new PoolEntry("committee", "committee", "master"))
                .internalBackendTarget(HOUSE).build();
        return Pipeline.builder().policy(MarpData.policy()).policySources(MarpData.POLICY).routing(routing)
                .backends(backends.build()).reasoning(CommitteeReasoning.builder(CONFIG, Clock.systemUTC()).build())
                .auditSink(audit).build();
    }

    /** A role's model: the reply its contract asks for, by the call's purpose, at once. */
    private static LlmBackend model(String role) {
        Map<String, ChatReply> replies = new LinkedHashMap<>();
        replies.put("master_plan", reply(role, plan()));
        replies.put("score", reply(role, scores()));
        replies.put("master_synthesis", reply(role, synthesis()));
        AGENTS.forEach(agent -> replies.put("agent:" + agent + ":round1", reply(role, agentOutput(agent))));
        return request -> replies.get(request.purpose().orElseThrow());
    }

    private static ChatReply reply(String role, Map<String, Object> json) {
        return ChatReply.builder().text(JSON.write(json)).usage(new TokenUsage(900, 300)).backendId(role)
                .finishReason("stop").build();
    }

    private static Map<String, Object> plan() {
        return Map.of("taskType", "VERBAL_REASONING", "agentsToRun", AGENTS, "rounds", 1, "needsClarification", false,
                "outputShape", "audit");
    }

    private static Map<String, Object> agentOutput(String agent) {
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("agent", agent);
        output.put("answerSummary", List.of("Retire the oldest boat first, the second after the dock frees up"));
        output.put("assumptions", List.of("the threshold holds through the transition"));
        output.put("reasoning", "The oldest boat costs the most to keep; the dock is the bottleneck for the second.");
        output.put("stepsOrDeliverables", List.of("rank the boats by upkeep", "book the dock", "plan the crews"));
        output.put("failureModes", List.of("a late delivery of the replacement"));
        output.put("units", List.of(Map.of("id", "u1", "topic", "order", "tags", List.of("plan"),
                "text", agent + ": retire the oldest boat first")));
        output.put("selfConfidence", new BigDecimal("0.8"));
        return output;
    }

    private static Map<String, Object> scores() {
        Map<String, Object> axes = Map.of("coherence", 22, "alignment", 22, "verifiability", 22, "signalDensity", 22,
                "compliance", 22);
        return Map.of("scores", AGENTS.stream().map(agent -> Map.of("agent", agent, "axes", axes)).toList());
    }

    private static Map<String, Object> synthesis() {
        Map<String, Object> synthesis = new LinkedHashMap<>();
        synthesis.put("tldr", List.of("Retire the oldest boat first, then the second once the dock is free."));
        synthesis.put("replyMarkdown", "Retire the oldest boat first [solver:u1], then the second [critic:u1];"
                + " keep the crews planned ahead [verifier:u1].");
        synthesis.put("assumptions", List.of("the threshold holds through the transition"));
        synthesis.put("estimate", Map.of("unit", "hours", "steps", List.of(
                Map.of("step", "Rank the boats", "o", 2, "m", 4, "p", 8),
                Map.of("step", "Book the dock", "o", 1, "m", 2, "p", 6)),
                "assumptions", List.of("the data is current"), "risks", List.of("dock delays"),
                "confidence", new BigDecimal("0.6")));
        synthesis.put("meta", Map.of("conflictPenalty", BigDecimal.ZERO, "coverageBonus", BigDecimal.ZERO));
        synthesis.put("audit", Map.of("citations", AGENTS.stream().map(agent -> Map.of("unit", agent + ":u1"))
                .toList(), "disagreements", List.of()));
        return synthesis;
    }

    /** The committee alone, over instant models. */
    @Benchmark
    public CommitteeResponse committeeBare() {
        return bare.answer(REQUEST, "bench");
    }

    /** The committee as a governed call's reasoning, over instant models. */
    @Benchmark
    public GovernedAnswer committeeGoverned() {
        return governed.call(GOVERNED);
    }

    /** The committee alone, each model call a stand-in. */
    @Benchmark
    public CommitteeResponse committeeBareOverModel() {
        return bareOverModel.answer(REQUEST, "bench");
    }

    /** The committee governed, each model call a stand-in. */
    @Benchmark
    public GovernedAnswer committeeGovernedOverModel() {
        return governedOverModel.call(GOVERNED);
    }
}
