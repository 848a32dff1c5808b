package dev.keel.pipeline.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.Mode;
import dev.keel.committee.Outcome;
import dev.keel.committee.ScoringPolicy;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.TokenUsage;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.Fixtures;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.Reply;
import dev.keel.test.core.RequestMatcher;
import dev.keel.test.core.ScriptedBackend;
import java.math.BigDecimal;
import org.assertj.core.api.InstanceOfAssertFactories;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The committee as a governed call's reasoning, on the pipeline fixtures' policy: planners see everything, guests
 * get PARTIAL answers and may not hold top secret clearance, unit ids like {@code AB-123} never leave the house,
 * and a "top secret" marking keeps a request inside. The master and one agent are external models; the house's own
 * backend has no model and refuses.
 */
class CommitteeReasoningTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T09:00:00Z"), ZoneOffset.UTC);
    private static final Principal PLANNER = Principal.of("planner", "secret");
    private static final CommitteeConfig CONFIG = CommitteeConfig.of(Set.of("master", "solver"),
            new BigDecimal("0.10"), new BigDecimal("0.50"), new ScoringPolicy(new BigDecimal("0.40"),
                    new BigDecimal("0.60"), new BigDecimal("0.70"), Map.of()));

    private static final String PLAN = """
            {"taskType": "VERBAL_REASONING", "agentsToRun": ["solver"], "rounds": 1, "needsClarification": false,
             "outputShape": "audit"}""";
    private static final String CLARIFYING_PLAN = """
            {"taskType": "VERBAL_REASONING", "agentsToRun": [], "rounds": 1, "needsClarification": true,
             "clarificationQuestion": {"question": "Which overview do you mean?",
                                       "options": ["A The yearly one", "B The quarterly one", "C Both"]},
             "outputShape": "ask"}""";
    private static final String SOLVER = """
            {"agent": "solver", "answerSummary": ["Retire the oldest units first"], "assumptions": ["the plan holds"],
             "reasoning": "Older units cost more to keep.", "stepsOrDeliverables": ["list the units"],
             "failureModes": ["a late delivery"],
             "units": [{"id": "u1", "topic": "order", "text": "Retire the oldest units first", "tags": ["plan"]}],
             "selfConfidence": 0.8}""";
    private static final String SCORES = """
            {"scores": [{"agent": "solver", "axes": {"coherence": 23, "alignment": 22, "verifiability": 21,
                                                     "signalDensity": 22, "compliance": 24}}]}""";
    private static final String SYNTHESIS = """
            {"tldr": ["Retire the oldest units first."], "replyMarkdown": "Retire the oldest units first [solver:u1].",
             "assumptions": ["the plan holds"], "meta": {"conflictPenalty": 0, "coverageBonus": 0},
             "audit": {"citations": [{"unit": "solver:u1"}], "disagreements": []}}""";

    private static final String ANTHROPIC_KEY = "sk-ant-api03-Qx7vL2pZ9mN4tR8wKb3cYh6d";
    private static final String AWS_KEY = "AKIAQX7VL2PZ9MN4TR8W";
    private static final String CREDENTIALS_MESSAGE = "Give an overview of how to rotate the key " + ANTHROPIC_KEY
            + " and the key " + AWS_KEY + " that our deploy job uses";
    private static final BigDecimal PER_CHARACTER = new BigDecimal("0.00001");
    /** A price per character of every message sent, whatever the role; no output priced. */
    private static final Pricing CHARACTERS = new Pricing() {
        @Override
        public Optional<BigDecimal> costUsd(String model, TokenUsage usage) {
            return Optional.of(PER_CHARACTER.multiply(BigDecimal.valueOf(usage.totalTokens())));
        }

        /** One "token" per character sent. */
        @Override
        public TokenUsage estimatedUsage(ChatRequest request) {
            return new TokenUsage(request.messages().stream().mapToInt(message -> message.text().length()).sum(), 0);
        }
    };

    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final ScriptedBackend master = ScriptedBackend.named("master").onPurpose("master_plan", PLAN)
            .onPurpose("score", SCORES).onPurpose("master_synthesis", SYNTHESIS);
    private final ScriptedBackend solver = ScriptedBackend.answering("solver", request -> SOLVER);
    private final RefusingBackend house = new RefusingBackend();

    private Pipeline pipeline() {
        return Pipeline.builder().policy(Fixtures.policy())
                .routing(RoutingTable.builder().pool(1, new PoolEntry("committee", "committee", "master"))
                        .internalBackendTarget("house").build())
                .backends(Backends.builder().internal("house", house).external("master", master)
                        .external("solver", solver).build())
                .reasoning(CommitteeReasoning.builder(CONFIG, CLOCK).build())
                .auditSink(audit).clock(CLOCK).build();
    }

    private static GovernedRequest request(Principal principal, String message, Mode mode) {
        return GovernedRequest.builder().principal(principal).message(message)
                .attribute(CommitteeReasoning.REQUEST_ATTRIBUTE, CommitteeRequest.of(mode, message)).build();
    }

    @Test
    void theCommitteesReplyIsTheGovernedAnswerWithItsMetaInTheProvenance() {
        GovernedAnswer answer = pipeline().call(request(PLANNER, "Give an overview of the retirement order",
                Mode.AUDIT));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
        CommitteeResponse response = answer.value(CommitteeReasoning.RESPONSE).orElseThrow();
        assertThat(response.outcome()).isEqualTo(Outcome.SHIPPED);
        assertThat(answer.text()).isEqualTo(response.reply()).contains("Retire the oldest units first [solver:u1]");
        // plan, the solver, the score, the synthesis: every one through the governed calls
        assertThat(answer.calls()).extracting(BackendCall::target)
                .containsExactly("master", "solver", "master", "master");
        assertThat(answer.calls()).allMatch(BackendCall::external);
        Map<?, ?> extension = (Map<?, ?>) answer.provenance().extension(CommitteeReasoning.EXTENSION);
        assertThat(extension.get("outcome")).isEqualTo("shipped");
        assertThat(extension.get("meta")).isEqualTo(response.meta());
        assertThat(extension.get("audit")).asInstanceOf(InstanceOfAssertFactories.MAP).containsKeys("plan", "agents");
        assertThat(answer.provenance().extension("llm_calls")).isEqualTo(4);
        assertThat(audit.records()).singleElement()
                .satisfies(record -> assertThat(record.payload().get("calls")).asList().hasSize(4));
    }

    @Test
    void noPromptOfTheCommitteeCarriesWhatThePolicyKeepsInTheHouse() {
        GovernedAnswer answer = pipeline().call(request(PLANNER, "Give an overview of the retirement order for AB-123",
                Mode.ASK));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        for (ScriptedBackend external : List.of(master, solver)) {
            assertThat(external.requests()).isNotEmpty().allSatisfy(request -> assertThat(request.messages())
                    .extracting(ChatMessage::text).noneMatch(text -> text.contains("AB-123")));
        }
        assertThat(answer.calls()).anySatisfy(call -> assertThat(call.withheld()).containsKey("no_unit_ids"));
    }

    @Test
    void anInternalOnlyRequestNeverReachesTheCommitteesExternalModels() {
        GovernedAnswer answer = pipeline().call(request(PLANNER, "Give an overview, top secret", Mode.ASK));

        assertThat(master.requests()).isEmpty();
        assertThat(solver.requests()).isEmpty();
        assertThat(house.calls.get()).isPositive();
        assertThat(answer.calls()).isNotEmpty().allSatisfy(call -> {
            assertThat(call.used()).isEqualTo("house");
            assertThat(call.usedReason()).startsWith("internal_only").endsWith("house failed (backend_failed)");
        });
        // The committee ends honestly when no model answers: one question to the user, nothing shipped.
        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ASK_USER);
        assertThat(answer.value(CommitteeReasoning.RESPONSE).orElseThrow().usedAgents()).isEmpty();
    }

    @Test
    void aQuestionToTheUserEndsTheTurn() {
        ScriptedBackend clarifying = ScriptedBackend.named("master").onPurpose("master_plan", CLARIFYING_PLAN);
        Pipeline pipeline = Pipeline.builder().policy(Fixtures.policy())
                .routing(RoutingTable.builder().pool(1, new PoolEntry("committee", "committee", "master"))
                        .internalBackendTarget("house").build())
                .backends(Backends.builder().internal("house", house).external("master", clarifying)
                        .external("solver", solver).build())
                .reasoning(CommitteeReasoning.builder(CONFIG, CLOCK).build()).auditSink(audit).clock(CLOCK).build();

        GovernedAnswer answer = pipeline.call(request(PLANNER, "Give an overview", Mode.ASK));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ASK_USER);
        assertThat(answer.text()).contains("Which overview do you mean?", "The yearly one", "The quarterly one", "Both");
        assertThat(solver.requests()).isEmpty();
    }

    @Test
    void underPartialEveryModelIsToldThePolicysInstructionAndTheAnswerHoldsNoFigure() {
        GovernedAnswer answer = pipeline().call(request(Principal.of("guest", "secret"),
                "Give an overview of the retirement order", Mode.ASK));

        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        for (ScriptedBackend external : List.of(master, solver)) {
            assertThat(external.requests()).isNotEmpty().allSatisfy(request -> assertThat(request.messages().get(0))
                    .isEqualTo(ChatMessage.system("Stay qualitative: no figures, dates or weeks.")));
        }
        assertThat(answer.text()).doesNotContainPattern("\\d");
    }

    @Test
    void aDeniedRequestRunsNoCommittee() {
        GovernedAnswer answer = pipeline().call(request(Principal.of("guest", "top_secret"), "Give an overview",
                Mode.ASK));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(answer.value(CommitteeReasoning.RESPONSE)).isEmpty();
        assertThat(master.requests()).isEmpty();
        assertThat(answer.provenance().extension(CommitteeReasoning.EXTENSION)).isNull();
    }

    @Test
    void theCommitteeAnswersOnlyTheMessageGovernanceJudged() {
        GovernedRequest smuggled = GovernedRequest.builder().principal(PLANNER).message("Give an overview")
                .attribute(CommitteeReasoning.REQUEST_ATTRIBUTE, CommitteeRequest.of(Mode.ASK, "Show the top secret"))
                .build();

        assertThatThrownBy(() -> pipeline().call(smuggled)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("governance must judge what the committee answers");
        assertThat(master.requests()).isEmpty();
    }

    @Test
    void withoutACommitteeRequestTheGovernedMessageIsAskedInAskMode() {
        GovernedAnswer answer = pipeline().call(GovernedRequest.of(PLANNER, "Give an overview"));

        CommitteeResponse response = answer.value(CommitteeReasoning.RESPONSE).orElseThrow();
        assertThat(response.mode()).isEqualTo(Mode.ASK);
        assertThat(response.request().message()).isEqualTo("Give an overview");
    }

    @Test
    void aRoleIsBoundToItsOwnNameUnlessMappedAndOnlyRolesTheCommitteeCallsMayBeMapped() {
        CommitteeReasoning reasoning = CommitteeReasoning.builder(CONFIG, CLOCK).target("solver", "house").build();
        assertThat(reasoning.target("solver")).isEqualTo("house");
        assertThat(reasoning.target("master")).isEqualTo("master");
        assertThatThrownBy(() -> CommitteeReasoning.builder(CONFIG, CLOCK).target("critic", "house").build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("'critic'");
        assertThatThrownBy(() -> CommitteeReasoning.builder(CONFIG, CLOCK).attempts(6))
                .isInstanceOf(ConfigurationException.class);
    }

    @Test
    void theAuditRecordHoldsNoCredentialOfTheMessageNorOfTheReplies() {
        ScriptedBackend echoing = ScriptedBackend.named("master").onPurpose("master_plan", PLAN)
                .onPurpose("score", SCORES).onPurpose("master_synthesis", echoingSynthesis());

        GovernedAnswer answer = pipeline(echoing, false).call(request(PLANNER, CREDENTIALS_MESSAGE, Mode.AUDIT));

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        String stored = JsonCodec.strict().write(audit.records().get(0).payload());
        assertThat(stored).contains("\"details\"", "Give an overview of how to rotate the key [credential withheld]"
                + " and the key [credential withheld] that our deploy job uses", "never paste [credential withheld]");
        assertNoPartOfEitherKey(stored);
        assertNoPartOfEitherKey(answer.text());
        assertNoPartOfEitherKey(JsonCodec.strict().write(answer.provenance().toWire()));
        assertThat(answer.value(CommitteeReasoning.RESPONSE).orElseThrow().request().message())
                .as("the host's own value, in process").isEqualTo(CREDENTIALS_MESSAGE);
    }

    @Test
    void withRawAuditDetailsTheRecordKeepsTheMessageAsItWasAsked() {
        ScriptedBackend echoing = ScriptedBackend.named("master").onPurpose("master_plan", PLAN)
                .onPurpose("score", SCORES).onPurpose("master_synthesis", echoingSynthesis());

        GovernedAnswer answer = pipeline(echoing, true).call(request(PLANNER, CREDENTIALS_MESSAGE, Mode.AUDIT));

        String stored = JsonCodec.strict().write(audit.records().get(0).payload());
        assertThat(stored).contains(CREDENTIALS_MESSAGE, "never paste " + AWS_KEY);
        // the raw record is the store's alone: the answer and the prompts still hold no key
        assertNoPartOfEitherKey(answer.text());
        assertNoPartOfEitherKey(JsonCodec.strict().write(answer.provenance().toWire()));
        assertThat(echoing.requests()).allSatisfy(sent -> assertNoPartOfEitherKey(sent.messages().toString()));
    }

    @Test
    void theCapIsHeldOnWhatTheProviderWouldReceiveNotOnTheCommitteesPrompt() {
        // Each unit id (6 characters) leaves as "[unit withheld]" (15): the egress-filtered prompt is much longer.
        String message = "Give an overview of the retirement order of " + "AB-123 ".repeat(1_000).strip();
        CommitteeConfig capped = CommitteeConfig.of(Set.of("master", "solver"), PER_CHARACTER.multiply(
                new BigDecimal(14_000)), new BigDecimal("0.50"), CONFIG.scoring());

        // In the house the prompt is sent as written, and fits the cap: the master is asked for its plan.
        ScriptedBackend inside = ScriptedBackend.named("master").onPurpose("master_plan", CLARIFYING_PLAN);
        Pipeline internal = Pipeline.builder().policy(Fixtures.policy()).routing(committeeRouting())
                .backends(Backends.builder().internal("house", house).internal("master", inside)
                        .internal("solver", solver).build())
                .reasoning(CommitteeReasoning.builder(capped, CLOCK).pricing(CHARACTERS).build())
                .auditSink(audit).clock(CLOCK).build();
        internal.call(request(PLANNER, message, Mode.ASK));
        assertThat(inside.requests()).hasSize(1);

        // Outside, what the provider would receive passes the cap: no call is made at all.
        Pipeline external = Pipeline.builder().policy(Fixtures.policy()).routing(committeeRouting())
                .backends(Backends.builder().internal("house", house).external("master", master)
                        .external("solver", solver).build())
                .reasoning(CommitteeReasoning.builder(capped, CLOCK).pricing(CHARACTERS).build())
                .auditSink(audit).clock(CLOCK).build();
        GovernedAnswer answer = external.call(request(PLANNER, message, Mode.ASK));

        assertThat(master.requests()).isEmpty();
        assertThat(solver.requests()).isEmpty();
        assertThat(answer.calls()).isEmpty();
        CommitteeResponse response = answer.value(CommitteeReasoning.RESPONSE).orElseThrow();
        assertThat(response.budget().modeCapExceeded()).isTrue();
        assertThat(response.budget().estimatedUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(response.audit().get("planCall")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .extractingByKey("attempts").asList().singleElement().asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("outcome", "not_made_budget");
        assertThat(budgetCalls(response)).first().satisfies(call -> {
            assertThat(call).containsEntry("purpose", "master_plan").containsEntry("made", false);
            assertThat((BigDecimal) call.get("estimatedUsd")).isGreaterThan(capped.capUsd(Mode.ASK));
        });
    }

    @Test
    void everyCallIsEstimatedAndChargedOnWhatItsProviderReceived() {
        // No usage reported: each call is charged its estimate, which must be of the instructed, filtered prompt.
        ScriptedBackend silentMaster = ScriptedBackend.named("master")
                .on(RequestMatcher.purpose("master_plan")).reply(Reply.text(PLAN).withUsage(TokenUsage.UNKNOWN))
                .on(RequestMatcher.purpose("score")).reply(Reply.text(SCORES).withUsage(TokenUsage.UNKNOWN))
                .on(RequestMatcher.purpose("master_synthesis"))
                .reply(Reply.text(SYNTHESIS).withUsage(TokenUsage.UNKNOWN));
        ScriptedBackend silentSolver = ScriptedBackend.named("solver")
                .otherwise(Reply.text(SOLVER).withUsage(TokenUsage.UNKNOWN));
        Pipeline pipeline = Pipeline.builder().policy(Fixtures.policy()).routing(committeeRouting())
                .backends(Backends.builder().internal("house", house).external("master", silentMaster)
                        .external("solver", silentSolver).build())
                .reasoning(CommitteeReasoning.builder(CommitteeConfig.of(Set.of("master", "solver"), BigDecimal.TEN,
                        BigDecimal.TEN, CONFIG.scoring()), CLOCK).pricing(CHARACTERS).build())
                .auditSink(audit).clock(CLOCK).build();

        // A guest gets PARTIAL: every prompt is instructed, and unit ids and figures leave as longer placeholders.
        GovernedAnswer answer = pipeline.call(request(Principal.of("guest", "secret"),
                "Give an overview of the retirement order of AB-123, AB-124 and AB-125", Mode.ASK));

        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        List<ChatRequest> received = new java.util.ArrayList<>(silentMaster.requests());
        received.addAll(silentSolver.requests());
        List<Map<String, Object>> made = budgetCalls(answer.value(CommitteeReasoning.RESPONSE).orElseThrow()).stream()
                .filter(call -> Boolean.TRUE.equals(call.get("made"))).toList();
        assertThat(made).extracting(call -> call.get("purpose"))
                .containsExactly("master_plan", "agent:solver:round1", "score", "master_synthesis");
        BigDecimal spent = BigDecimal.ZERO;
        for (Map<String, Object> call : made) {
            ChatRequest sent = received.stream().filter(r -> r.purpose().orElseThrow().equals(call.get("purpose")))
                    .findFirst().orElseThrow();
            BigDecimal price = CHARACTERS.estimateUsd("any", sent).orElseThrow();
            assertThat((BigDecimal) call.get("estimatedUsd")).as("%s", call.get("purpose")).isEqualByComparingTo(price);
            assertThat((BigDecimal) call.get("costUsd")).as("%s", call.get("purpose")).isEqualByComparingTo(price);
            spent = spent.add(price);
        }
        assertThat(answer.value(CommitteeReasoning.RESPONSE).orElseThrow().budget().estimatedUsd())
                .isEqualByComparingTo(spent);
    }

    /** A synthesis whose reply repeats the AWS key, as a model may echo what it was shown. */
    private static String echoingSynthesis() {
        return SYNTHESIS.replace("Retire the oldest units first [solver:u1].",
                "Retire the oldest units first [solver:u1]; never paste " + AWS_KEY + " into a chat.");
    }

    private Pipeline pipeline(ScriptedBackend masterBackend, boolean rawAuditDetails) {
        return Pipeline.builder().policy(Fixtures.policy()).routing(committeeRouting())
                .backends(Backends.builder().internal("house", house).external("master", masterBackend)
                        .external("solver", solver).build())
                .reasoning(CommitteeReasoning.builder(CONFIG, CLOCK).build()).rawAuditDetails(rawAuditDetails)
                .auditSink(audit).clock(CLOCK).build();
    }

    private static RoutingTable committeeRouting() {
        return RoutingTable.builder().pool(1, new PoolEntry("committee", "committee", "master"))
                .internalBackendTarget("house").build();
    }

    /** No run of 6 characters of either key's secret part (after its fixed prefix) is in {@code text}. */
    private static void assertNoPartOfEitherKey(String text) {
        for (String secret : List.of(ANTHROPIC_KEY.substring("sk-ant-api03-".length()),
                AWS_KEY.substring("AKIA".length()))) {
            for (int i = 0; i + 6 <= secret.length(); i++) {
                assertThat(text).doesNotContain(secret.substring(i, i + 6));
            }
        }
        assertThat(text).doesNotContain("sk-ant-", "AKIA");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> budgetCalls(CommitteeResponse response) {
        return (List<Map<String, Object>>) ((Map<?, ?>) response.audit().get("budget")).get("calls");
    }

    /** The house's backend when it runs no model: every call refused. */
    private static final class RefusingBackend implements LlmBackend {
        private final AtomicInteger calls = new AtomicInteger();

        @Override
        public ChatReply chat(ChatRequest request) {
            calls.incrementAndGet();
            throw new NonRetriableBackendException("house", "no in-house model", null);
        }

        @Override
        public String id() {
            return "house";
        }
    }
}
