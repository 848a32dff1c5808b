package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.langchain4j.OpenAiBackends;
import dev.keel.pipeline.Pipeline;
import dev.keel.store.jdbc.JdbcStores;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One audit record per user turn under AI Services, whatever the rounds: with a tool over real provider clients and
 * loopback model servers, each turn (the round whose reply is the tool call, and the round with the answer) is one
 * record listing only that turn's call, although AI Services' chat memory replays the earlier turns' calls and results
 * in every later request; called and streamed. A turn whose tool round is never completed still leaves its record.
 */
class TurnRecordsOverHttpTest {

    private final LoopbackModelServer inside = LoopbackModelServer.start();
    private final LoopbackModelServer outside = LoopbackModelServer.start();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final ToolsOverHttpTest.WardTools tools = new ToolsOverHttpTest.WardTools();

    @AfterEach
    void close() {
        inside.close();
        outside.close();
    }

    /** The ward's pipeline over both servers, its tools' policy, over {@code store}. */
    private Pipeline pipeline(SessionStore store) {
        return GovernedChatModel.pipeline(ToolsOverHttpTest.policy())
                .internal("ward", OpenAiBackends.create("ward", "ward-model", inside.openAiBaseUrl(), null,
                        Duration.ofSeconds(10)))
                .external("cloud", OpenAiBackends.create("cloud", "gpt-4o-mini", outside.openAiBaseUrl(), null,
                        Duration.ofSeconds(10)))
                .auditSink(audit).sessionStore(store).build();
    }

    private static GovernedChatModel.Builder governed(Pipeline pipeline, Principal principal, String session) {
        return GovernedChatModel.builder(pipeline).principal(() -> principal)
                .session(() -> session);
    }

    /** The bed board asked for three times, once a turn, each turn then answered without a figure. */
    private void threeTurnsScripted() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "bed_board", Map.of())), Reply.text("The ward is busy."),
                Reply.toolCalls(Part.ToolCall.of("c2", "bed_board", Map.of())), Reply.text("Still busy."),
                Reply.toolCalls(Part.ToolCall.of("c3", "bed_board", Map.of())), Reply.text("Busy as ever."));
    }

    private static final List<String> QUESTIONS = List.of("Give an audit overview of the ward",
            "And how does it look now?", "And at the end of the shift?");

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> toolsOf(AuditRecord record) {
        return (List<Map<String, Object>>) record.payload().get("tools");
    }

    /** Three records, one a turn, each with its own call of the bed board and its result, in turn. */
    private void assertOneRecordPerTurn(String how) {
        assertThat(tools.ran).as(how).containsExactly("bed_board", "bed_board", "bed_board");
        assertThat(outside.requests()).as(how).hasSize(6);
        List<AuditRecord> records = audit.records();
        assertThat(records).as(how).hasSize(3);
        assertThat(records).extracting(record -> toolsOf(record).stream().map(entry -> entry.get("call_id")).toList())
                .as(how).containsExactly(List.of("c1"), List.of("c2"), List.of("c3"));
        // The bed board's result lowered the first turn; the later ones replay it, and are PARTIAL from the start.
        assertThat(String.valueOf(records.get(0).payload().get("reason_codes"))).as(how)
                .contains("tool_result_lowered");
        assertThat(records).as(how).allSatisfy(record -> {
            assertThat(record.payload()).containsEntry("outcome", "answered").containsEntry("decision", "PARTIAL")
                    .doesNotContainKey("incomplete_turn");
            assertThat((List<?>) record.payload().get("rounds")).hasSize(2).last().isEqualTo(record.requestId());
            assertThat(String.valueOf(record.payload().get("reason_codes"))).contains("tool_results_awaited");
            assertThat(toolsOf(record)).singleElement().satisfies(entry -> {
                assertThat(entry).containsEntry("tool", "bed_board").containsEntry("run_by", "caller")
                        .containsEntry("decision", "ALLOW");
                assertThat(String.valueOf(entry.get("result"))).contains("bed_occupancy");
            });
        });
    }

    @Test
    void threeTurnsWithATool() {
        threeTurnsScripted();
        ToolsOverHttpTest.Assistant assistant = AiServices.builder(ToolsOverHttpTest.Assistant.class)
                .chatModel(governed(pipeline(new InMemorySessionStore()), Ward.AUDITOR, "rounds-1").build())
                .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).tools(tools).build();

        QUESTIONS.forEach(assistant::chat);

        assertOneRecordPerTurn("called");
    }

    @Test
    void threeStreamedTurnsWithATool() throws Exception {
        threeTurnsScripted();
        ToolsOverHttpTest.StreamingAssistant assistant = AiServices.builder(
                        ToolsOverHttpTest.StreamingAssistant.class)
                .streamingChatModel(governed(pipeline(new InMemorySessionStore()), Ward.AUDITOR, "rounds-1")
                        .buildStreaming())
                .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).tools(tools).build();

        for (String question : QUESTIONS) {
            CompletableFuture<String> done = new CompletableFuture<>();
            assistant.chat(question).onPartialResponse(chunk -> { })
                    .onCompleteResponse(response -> done.complete(response.aiMessage().text()))
                    .onError(done::completeExceptionally).start();
            done.get(30, TimeUnit.SECONDS);
        }

        assertOneRecordPerTurn("streamed");
    }

    /** The first round of a turn as a host's framework sends it: the question, the bed board offered. */
    private static ChatRequest firstRound(String question) {
        return ChatRequest.builder().messages(List.of(UserMessage.from(question)))
                .toolSpecifications(List.of(ToolSpecification.builder().name("bed_board")
                        .description("How many beds of the ward are occupied.").build())).build();
    }

    @Test
    void aTurnWhoseToolRoundIsNeverCompletedLeavesItsRecordWhenTheNextTurnIsRecordedOrThePipelineClosed() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "bed_board", Map.of())), Reply.text("Hello."),
                Reply.toolCalls(Part.ToolCall.of("c2", "bed_board", Map.of())));
        Pipeline pipeline = pipeline(new InMemorySessionStore());
        GovernedChatModel model = governed(pipeline, Ward.AUDITOR, "rounds-2").build();

        // The host's framework is handed the call and gives up: no result, ever.
        ChatResponse handed = model.chat(firstRound("Give an audit overview of the ward"));
        assertThat(handed.aiMessage().toolExecutionRequests()).extracting(ToolExecutionRequest::name)
                .containsExactly("bed_board");
        assertThat(audit.records()).isEmpty();
        // The conversation's next turn.
        AiServices.builder(ToolsOverHttpTest.Assistant.class).chatModel(model).build().chat("Just say hello");

        assertThat(audit.records()).hasSize(2);
        assertThat(audit.records().get(0).requestId()).isEqualTo(handed.id());
        assertThat(audit.records().get(0).payload()).containsEntry("outcome", "tool_calls")
                .containsEntry("incomplete_turn", "next_turn");
        assertThat(audit.records().get(1).payload()).containsEntry("outcome", "answered")
                .doesNotContainKey("incomplete_turn");

        ChatResponse last = model.chat(firstRound("Give an audit overview of the ward again"));
        pipeline.close();

        assertThat(audit.records()).hasSize(3).last().satisfies(record -> {
            assertThat(record.requestId()).isEqualTo(last.id());
            assertThat(record.payload()).containsEntry("outcome", "tool_calls").containsEntry("incomplete_turn",
                    "closed");
        });
    }

    @Test
    void aTurnANewPipelineContinuesOverTheSameDurableStoreIsOneRecord(@TempDir Path directory) {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "bed_board", Map.of())), Reply.text("The ward is busy."));
        Path file = directory.resolve("sessions.db");
        String question = "Give an audit overview of the ward";
        ChatResponse handed;
        try (JdbcStores stores = JdbcStores.sqlite(file)) {
            handed = governed(pipeline(stores.sessionStore()), Ward.AUDITOR, "rounds-3").build()
                    .chat(firstRound(question));
        }

        // The process stopped without closing its pipeline; the next one receives the round with the result.
        try (JdbcStores stores = JdbcStores.sqlite(file)) {
            ToolExecutionRequest call = handed.aiMessage().toolExecutionRequests().get(0);
            ChatResponse answer = governed(pipeline(stores.sessionStore()), Ward.AUDITOR, "rounds-3").build()
                    .chat(ChatRequest.builder().messages(List.of(UserMessage.from(question), handed.aiMessage(),
                                    ToolExecutionResultMessage.from(call, "Beds occupied: 17 of 24.")))
                            .toolSpecifications(firstRound(question).toolSpecifications()).build());

            assertThat(answer.aiMessage().text()).isEqualTo("The ward is busy.");
            assertThat(audit.records()).singleElement().satisfies(record -> {
                assertThat(record.payload()).containsEntry("outcome", "answered").containsEntry("decision", "PARTIAL")
                        .containsEntry("rounds", List.of(handed.id(), answer.id()));
                assertThat(toolsOf(record)).singleElement().satisfies(entry -> assertThat(String.valueOf(
                        entry.get("result"))).contains("bed_occupancy"));
            });
            assertThat(stores.sessionStore().read("session:rounds-3")).doesNotContainKey(
                    Pipeline.SESSION_PENDING_TURNS);
        }
    }
}
