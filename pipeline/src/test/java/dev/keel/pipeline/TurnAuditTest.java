package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.core.spi.ToolSpec;
import dev.keel.test.core.Reply;
import dev.keel.test.core.RequestMatcher;
import dev.keel.test.core.ScriptedBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One audit record per turn when the caller runs the tools: the request whose round hands calls to the caller and
 * the caller's next request with their results write one record, with the turn's outcome, its strictest decision,
 * every reason code and each of its own tool calls once; a later turn's record lists none of the earlier turns'
 * calls, which the caller's memory replays. A turn whose results never come still leaves its record: when its
 * session's next turn is recorded, when the table of waiting turns is full, or when the pipeline is closed.
 */
class TurnAuditTest {

    /** Allowed the market rates and the budget ledger, whose results (budget envelopes) lower the turn to PARTIAL. */
    private static final Principal AUDITOR = ToolCallTest.AUDITOR;
    private static final String CONVERSATION = "conversation-1";
    private static final String RATES = "Rotor parts are cheap this month.";

    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    private Pipeline pipeline(ScriptedBackend model, SessionStore store) {
        return Pipeline.builder().policy(ToolCallTest.policy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model)
                        .external("llama", model).external("deepseek", model).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).sessionStore(store).build();
    }

    private Pipeline pipeline(ScriptedBackend model) {
        return pipeline(model, new InMemorySessionStore());
    }

    private static Tools callerTools() {
        return Tools.builder().runByCaller(ToolSpec.of("market_rates", "Market prices of parts."))
                .runByCaller(ToolSpec.of("budget_ledger", "The budget envelope of a year.")).build();
    }

    private static Part.ToolCall rates(String id) {
        return Part.ToolCall.of(id, "market_rates", Map.of("part", "rotor"));
    }

    private static final List<Named> NAMED = List.of(Named.values());

    /** Which conversation the host names: a session, only the user, or none. */
    private enum Named {
        SESSION, SUBJECT, NONE;

        /** A request of the conversation {@code id} (the session's, or the user's) offering the caller's tools. */
        GovernedRequest.Builder request(String id) {
            GovernedRequest.Builder request = GovernedRequest.builder().principal(AUDITOR).tools(callerTools());
            return switch (this) {
                case SESSION -> request.sessionId(id);
                case SUBJECT -> request.subject(id);
                case NONE -> request;
            };
        }
    }

    /**
     * A host whose framework runs the tools between requests, as langchain4j's AI Services do: each request carries
     * the memory of the earlier turns (their calls and results included) and this turn's exchange so far.
     */
    private static final class Host {
        final List<ChatMessage> memory = new ArrayList<>();
        final List<String> ran = new ArrayList<>();
        private final Pipeline pipeline;
        private final CallMode mode;
        private final Named named;
        private final String id;

        Host(Pipeline pipeline, CallMode mode, Named named, String id) {
            this.pipeline = pipeline;
            this.mode = mode;
            this.named = named;
            this.id = id;
        }

        Host(Pipeline pipeline, CallMode mode, Named named) {
            this(pipeline, mode, named, CONVERSATION);
        }

        /** One user turn: every round, the host running each call it is handed; the turn's answer. */
        GovernedAnswer turn(String message) {
            List<ChatMessage> exchange = new ArrayList<>();
            GovernedAnswer answer = round(message, exchange);
            while (answer.outcome() == TurnOutcome.TOOL_CALLS) {
                exchange.add(ChatMessage.toolCalls(answer.text(), answer.toolCalls()));
                for (Part.ToolCall call : answer.toolCalls()) {
                    ran.add(call.id());
                    exchange.add(ChatMessage.toolResult(Part.ToolResult.of(call.id(), call.name(), RATES)));
                }
                answer = round(message, exchange);
            }
            memory.add(ChatMessage.user(message));
            memory.addAll(exchange);
            memory.add(ChatMessage.assistant(answer.text()));
            return answer;
        }

        /** The turn's first round only: the calls it hands over are never run. */
        GovernedAnswer abandoned(String message) {
            GovernedAnswer answer = round(message, List.of());
            memory.add(ChatMessage.user(message));
            return answer;
        }

        private GovernedAnswer round(String message, List<ChatMessage> exchange) {
            return mode.run(pipeline, named.request(id).history(memory).message(message)
                    .toolExchange(exchange).build());
        }
    }

    private static Object payload(AuditRecord record, String key) {
        return record.payload().get(key);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tools(AuditRecord record) {
        return (List<Map<String, Object>>) record.payload().get("tools");
    }

    @Test
    void threeTurnsWithToolsTheCallerRunsWriteThreeRecordsEachListingItsOwnCallsOnceCalledAndStreamed() {
        for (CallMode mode : CallMode.values()) {
            for (Named named : Named.values()) {
                audit.clear();
                ScriptedBackend model = ScriptedBackend.named("model").then(
                        Reply.toolCalls(rates("c1")), Reply.text("Cheap."),
                        Reply.toolCalls(rates("c2"), Part.ToolCall.of("c3", "budget_ledger", Map.of("year", 2027))),
                        Reply.toolCalls(rates("c4")), Reply.text("Still cheap."),
                        Reply.toolCalls(rates("c5")), Reply.text("Cheap again."));
                Host host = new Host(pipeline(model), mode, named);
                String context = mode + " " + named;

                host.turn("What do rotor parts cost?");
                host.turn("And for the stator?");
                host.turn("And next month?");

                assertThat(host.ran).as(context).containsExactly("c1", "c2", "c3", "c4", "c5");
                List<AuditRecord> records = audit.records();
                assertThat(records).as(context).hasSize(3);
                assertThat(records).as(context).allSatisfy(record -> {
                    assertThat(payload(record, "outcome")).isEqualTo("answered");
                    assertThat(record.payload()).doesNotContainKey("incomplete_turn");
                    assertThat(tools(record)).allSatisfy(entry -> assertThat(entry)
                            .containsEntry("run_by", "caller").containsEntry("decision", "ALLOW")
                            .extractingByKey("result").isNotNull());
                });
                assertThat(records).extracting(record -> tools(record).stream().map(entry -> entry.get("call_id"))
                        .toList()).as(context).containsExactly(List.of("c1"), List.of("c2", "c3", "c4"),
                                List.of("c5"));
                assertThat(records).extracting(record -> ((List<?>) payload(record, "rounds")).size())
                        .as(context).containsExactly(2, 3, 2);
                // The record carries the id of its turn's last round, the answer's.
                assertThat(records).allSatisfy(record -> assertThat((List<?>) payload(record, "rounds"))
                        .last().isEqualTo(record.requestId()));
                // The budget's result lowered the second turn to PARTIAL: the record has its strictest decision.
                assertThat(records).extracting(record -> payload(record, "decision")).as(context)
                        .containsExactly("ALLOW", "PARTIAL", "PARTIAL");
                assertThat(String.valueOf(payload(records.get(1), "reason_codes")))
                        .contains("tool_results_awaited", "tool_result_lowered");
                assertThat((List<?>) payload(records.get(1), "calls")).as(context).hasSize(3);
            }
        }
    }

    @Test
    void aTurnWhoseResultsNeverComeIsWrittenAloneWhenItsSessionsNextTurnIsRecorded() {
        ScriptedBackend model = ScriptedBackend.named("model").then(Reply.toolCalls(rates("c1")),
                Reply.text("Hello."));
        Host host = new Host(pipeline(model), CallMode.CALLED, Named.SESSION);

        GovernedAnswer handed = host.abandoned("What do rotor parts cost?");
        assertThat(audit.records()).isEmpty();
        host.turn("Never mind, say hello.");

        assertThat(audit.records()).hasSize(2);
        AuditRecord abandoned = audit.records().get(0);
        assertThat(abandoned.requestId()).isEqualTo(handed.requestId());
        assertThat(abandoned.payload()).containsEntry("outcome", "tool_calls")
                .containsEntry("incomplete_turn", "next_turn");
        assertThat(tools(abandoned)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("call_id", "c1").containsEntry("result", null));
        AuditRecord next = audit.records().get(1);
        assertThat(next.payload()).containsEntry("outcome", "answered").doesNotContainKey("incomplete_turn")
                .doesNotContainKey("tools");
    }

    @Test
    void aTurnWhoseResultsNeverComeIsWrittenAloneWhenThePipelineIsClosed() {
        for (Named named : Named.values()) {
            audit.clear();
            Pipeline pipeline = pipeline(ScriptedBackend.named("model").then(Reply.toolCalls(rates("c1"))));

            new Host(pipeline, CallMode.STREAMED, named).abandoned("What do rotor parts cost?");
            assertThat(audit.records()).as(named.name()).isEmpty();
            pipeline.close();

            assertThat(audit.records()).as(named.name()).singleElement().satisfies(record -> assertThat(
                    record.payload()).containsEntry("outcome", "tool_calls").containsEntry("incomplete_turn", "closed"));
            pipeline.close();
            assertThat(audit.records()).as("closed twice, written once").hasSize(1);
        }
    }

    @Test
    void aConversationHoldsABoundedNumberOfWaitingTurnsAndTheOldestIsWrittenWhenOneMoreWaits() {
        Pipeline pipeline = pipeline(ScriptedBackend.named("model").otherwise(Reply.toolCalls(rates("c1"))));
        Host host = new Host(pipeline, CallMode.CALLED, Named.SUBJECT);
        List<String> handed = new ArrayList<>();

        for (int question = 0; question <= 16; question++) {
            handed.add(host.abandoned("What do rotor parts cost in shop " + question + "?").requestId());
        }

        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(record.requestId()).isEqualTo(handed.get(0));
            assertThat(record.payload()).containsEntry("incomplete_turn", "evicted");
        });
        pipeline.close();
        assertThat(audit.records()).hasSize(17).extracting(AuditRecord::requestId)
                .containsExactlyInAnyOrderElementsOf(handed);
    }

    @Test
    void aTurnANewPipelineContinuesOverTheSameSessionStoreIsOneRecord() {
        SessionStore store = new InMemorySessionStore();
        Host before = new Host(pipeline(ScriptedBackend.named("model").then(Reply.toolCalls(rates("c1"))), store),
                CallMode.CALLED, Named.SESSION);
        GovernedAnswer handed = before.abandoned("What do rotor parts cost?");
        assertThat(store.read("session:" + CONVERSATION)).containsKey(Pipeline.SESSION_PENDING_TURNS);

        // The process stops without closing its pipeline; the next one finds the turn in the store.
        Pipeline after = pipeline(ScriptedBackend.named("model").otherwise(Reply.text("Cheap.")), store);
        GovernedAnswer answer = after.call(Named.SESSION.request(CONVERSATION).message("What do rotor parts cost?")
                .toolExchange(List.of(ChatMessage.toolCalls("", handed.toolCalls()),
                        ChatMessage.toolResult(Part.ToolResult.of("c1", "market_rates", RATES)))).build());

        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(record.requestId()).isEqualTo(answer.requestId());
            assertThat(record.payload()).containsEntry("outcome", "answered")
                    .containsEntry("rounds", List.of(handed.requestId(), answer.requestId()));
            assertThat(tools(record)).singleElement().satisfies(entry -> assertThat(entry)
                    .containsEntry("call_id", "c1").extractingByKey("result").isNotNull());
        });
        assertThat(store.read("session:" + CONVERSATION)).doesNotContainKey(Pipeline.SESSION_PENDING_TURNS);
    }

    @Test
    void aFailedRoundEndsItsTurnWithOneRecord() {
        ScriptedBackend model = ScriptedBackend.named("model").then(Reply.toolCalls(rates("c1")))
                .otherwise(Reply.nonRetriableFailure("down"));
        Host host = new Host(pipeline(model), CallMode.CALLED, Named.NONE);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> host.turn("What do rotor parts cost?"))
                .isInstanceOf(dev.keel.core.BackendException.class);

        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(record.payload()).containsEntry("outcome", "failed").doesNotContainKey("incomplete_turn");
            assertThat((List<?>) payload(record, "rounds")).hasSize(2);
            assertThat(tools(record)).singleElement().satisfies(entry -> assertThat(entry)
                    .containsEntry("call_id", "c1").extractingByKey("result").isNotNull());
        });
    }

    /** The pipeline's own tool rounds run in one governed call: one record, as before. */
    @Test
    void toolsThePipelineRunsInOneCallWriteOneRecord() {
        ScriptedBackend model = ScriptedBackend.named("model").then(Reply.toolCalls(rates("c1")),
                Reply.toolCalls(rates("c2"))).otherwise(Reply.text("Cheap."));
        Pipeline pipeline = pipeline(model);

        pipeline.call(GovernedRequest.builder().principal(AUDITOR).sessionId(CONVERSATION).message("What do rotor parts cost?")
                .tools(Tools.builder().tool(ToolSpec.of("market_rates", "Market prices."), call -> RATES).build())
                .build());

        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(tools(record)).extracting(entry -> entry.get("call_id")).containsExactly("c1", "c2");
            assertThat(record.payload()).containsEntry("rounds", List.of(record.requestId()));
        });
    }

    /** Many conversations at once on one pipeline: each turn's two requests are one record, nothing lost or mixed. */
    @Test
    void concurrentConversationsEachWriteOneRecordPerTurn() throws Exception {
        ScriptedBackend model = ScriptedBackend.named("model")
                .on(RequestMatcher.of("asks before any result", request -> request.messages().stream()
                        .noneMatch(message -> message.role() == ChatRole.TOOL))).reply(Reply.toolCalls(rates("c1")))
                .otherwise(Reply.text("Cheap."));
        Pipeline pipeline = pipeline(model);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        List<Future<String>> turns = new ArrayList<>();
        try {
            for (int i = 0; i < 64; i++) {
                Named named = NAMED.get(i % NAMED.size());
                CallMode mode = i % 2 == 0 ? CallMode.CALLED : CallMode.STREAMED;
                String session = "conversation-" + i;
                turns.add(threads.submit(() -> {
                    Host host = new Host(pipeline, mode, named, session);
                    return host.turn("What do rotor parts cost for " + session + "?").requestId();
                }));
            }
            List<String> answered = new ArrayList<>();
            for (Future<String> turn : turns) {
                answered.add(turn.get(60, TimeUnit.SECONDS));
            }
            assertThat(audit.records()).extracting(AuditRecord::requestId)
                    .containsExactlyInAnyOrderElementsOf(answered);
            assertThat(audit.records()).allSatisfy(record -> {
                assertThat(record.payload()).containsEntry("outcome", "answered");
                assertThat((List<?>) payload(record, "rounds")).hasSize(2);
                assertThat(tools(record)).singleElement().satisfies(entry -> assertThat(entry)
                        .extractingByKey("result").isNotNull());
            });
        } finally {
            threads.shutdownNow();
        }
    }

}
