package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.langchain4j.OpenAiBackends;
import dev.keel.pipeline.ContentLabels;
import dev.keel.policy.PolicyDocument;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * AI Services tools on the governed chat model, with real provider clients calling loopback model servers (one in
 * the house, one outside): every call the model asks for passes the policy's tool gate; a refused one is answered
 * inside the turn with its reason code and the tool never runs; an allowed one is returned to AI Services, which
 * runs it, and its result, labelled with the tool's domains, lowers the decision the answer is filtered under; the
 * audit records and the provenance list every call and refusal.
 */
class ToolsOverHttpTest {

    /**
     * The ward's policy with three tools: a patient's chart (in the house, clinicians only), the bed board (in the
     * house, its results bed occupancy, which auditors may not see) and supplier prices (outside the house, the
     * account a sensitive argument).
     */
    static PolicyDocument policy() {
        Map<String, Object> tree = new LinkedHashMap<>(Ward.policy().toTree());
        tree.put("tools", Map.of(
                "patient_chart", Map.of("allowed_roles", List.of("clinician"),
                        "result_domains", List.of("patient_records"), "placement", "internal"),
                "bed_board", Map.of("allowed_roles", List.of("clinician", "auditor", "visitor"),
                        "result_domains", List.of("bed_occupancy"), "placement", "internal"),
                "supplier_prices", Map.of("allowed_roles", List.of("clinician", "auditor", "visitor"),
                        "result_domains", List.of("ward_summaries"), "placement", "external",
                        "sensitive_arguments", List.of("account"))));
        return PolicyDocument.fromTree(tree);
    }

    interface Assistant {
        String chat(String message);
    }

    interface StreamingAssistant {
        TokenStream chat(String message);
    }

    /** The host's tools, as AI Services runs them: each keeps the arguments it ran with. */
    static final class WardTools {
        final List<String> ran = new CopyOnWriteArrayList<>();

        @Tool(name = "patient_chart", value = "The chart of one patient.")
        String patientChart(@P("patient") String patient) {
            ran.add("patient_chart " + patient);
            return "Ada Byrne: diagnosis pneumonia, bed BED-204.";
        }

        @Tool(name = "bed_board", value = "How many beds of the ward are occupied.")
        String bedBoard() {
            ran.add("bed_board");
            return "Beds occupied: 17 of 24.";
        }

        @Tool(name = "supplier_prices", value = "What a supplier charges for an item.")
        String supplierPrices(@P("item") String item, @P("account") String account) {
            ran.add("supplier_prices item=" + item + " account=" + account);
            return "Gloves are cheap this month.";
        }
    }

    private final LoopbackModelServer inside = LoopbackModelServer.start();
    private final LoopbackModelServer outside = LoopbackModelServer.start();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final WardTools tools = new WardTools();

    @AfterEach
    void close() {
        inside.close();
        outside.close();
    }

    private GovernedChatModel.Builder governed(Principal principal) {
        return governed(inside, outside, audit, principal);
    }

    /**
     * The governed chat model of {@link #policy()} for {@code principal}: the ward's model on {@code inside}, a cloud
     * model on {@code outside}, each called by the real OpenAI client.
     */
    static GovernedChatModel.Builder governed(LoopbackModelServer inside, LoopbackModelServer outside,
                                              AuditSink audit, Principal principal) {
        return GovernedChatModel.builder(GovernedChatModel.pipeline(policy())
                        .internal("ward", OpenAiBackends.create("ward", "ward-model", inside.openAiBaseUrl(), null,
                                Duration.ofSeconds(10)))
                        .external("cloud", OpenAiBackends.create("cloud", "gpt-4o-mini", outside.openAiBaseUrl(), null,
                                Duration.ofSeconds(10)))
                        .auditSink(audit).build())
                .principal(() -> principal);
    }

    private Assistant assistant(Principal principal) {
        return AiServices.builder(Assistant.class).chatModel(governed(principal).build()).tools(tools).build();
    }

    /** The tool results a model server was sent in request {@code index}. */
    private static List<Part.ToolResult> results(LoopbackModelServer server, int index) {
        WireRequest request = server.requests().get(index);
        return request.chat().orElseThrow().messages().stream().filter(message -> message.role() == ChatRole.TOOL)
                .flatMap(message -> message.parts().stream()).map(Part.ToolResult.class::cast).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tools(AuditRecord record) {
        return (List<Map<String, Object>>) record.payload().get("tools");
    }

    private static String sent(LoopbackModelServer server) {
        StringBuilder text = new StringBuilder();
        server.requests().forEach(request -> text.append(request.body()).append('\n'));
        return text.toString();
    }

    @Test
    void aVisitorsCallOfARestrictedToolIsRefusedWithItsReasonCodeTheToolNeverRunsAndTheTurnGoesOn() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "patient_chart", Map.of("patient", "Ada Byrne"))),
                Reply.text("The ward is calm today."));

        String answer = assistant(Ward.VISITOR).chat("Give a summary of the ward");

        assertThat(tools.ran).isEmpty();
        assertThat(answer).isEqualTo("The ward is calm today.");
        assertThat(outside.requests()).hasSize(2);
        // The chart's description names patient records, a domain the visitor may not see: it is not offered.
        assertThat(outside.requests().get(0).chat().orElseThrow().tools()).extracting(t -> t.name())
                .containsExactlyInAnyOrder("bed_board", "supplier_prices");
        assertThat(results(outside, 1)).singleElement().satisfies(refusal -> assertThat(String.valueOf(
                refusal.result())).contains("refused", "tool_role_not_allowed"));
        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(Ward.payload(record, "outcome")).isEqualTo("answered");
            assertThat(String.valueOf(Ward.payload(record, "reason_codes"))).contains("tool_role_not_allowed");
            assertThat(tools(record)).singleElement().satisfies(entry -> assertThat(entry)
                    .containsEntry("tool", "patient_chart").containsEntry("decision", "DENY")
                    .containsEntry("reason_codes", List.of("tool_role_not_allowed", "tool_not_offered")));
        });
    }

    @Test
    void anAllowedCallRunsThroughAiServicesAndItsResultOutsideTheRoleLowersAllowToPartial() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "bed_board", Map.of())),
                Reply.text("The board shows 17 of 24 beds occupied, 71%."));

        String answer = assistant(Ward.AUDITOR).chat("Give an audit overview of the ward");

        assertThat(tools.ran).containsExactly("bed_board");
        assertThat(Ward.holdsDigits(answer)).as(answer).isFalse();
        // The round that handed the call to AI Services and the round with the answer are one turn, one record.
        AuditRecord turn = audit.records().get(0);
        assertThat(audit.records()).hasSize(1);
        assertThat(Ward.payload(turn, "outcome")).isEqualTo("answered");
        assertThat(Ward.payload(turn, "decision")).isEqualTo("PARTIAL");
        assertThat(String.valueOf(Ward.payload(turn, "reason_codes"))).contains("tool_results_awaited",
                "tool_result_lowered");
        assertThat(tools(turn)).singleElement().satisfies(entry -> {
            assertThat(entry).containsEntry("tool", "bed_board").containsEntry("decision", "ALLOW")
                    .containsEntry("run_by", "caller");
            assertThat(String.valueOf(entry.get("result"))).contains("bed_occupancy");
        });
        // The result went outside only as PARTIAL lets it leave.
        assertThat(results(outside, 1)).singleElement().satisfies(result -> assertThat(String.valueOf(
                result.result())).doesNotContain("17", "24"));
    }

    @Test
    void anInternalOnlyRequestNeverCallsTheExternalTool() {
        inside.then(Reply.toolCalls(Part.ToolCall.of("c1", "supplier_prices", Map.of("item", "gloves",
                "account", "ACC-99"))), Reply.text("The chart is in order."));

        String answer = assistant(Ward.CLINICIAN).chat("What is the diagnosis of patient Ada Byrne?");

        assertThat(answer).isEqualTo("The chart is in order.");
        assertThat(tools.ran).isEmpty();
        assertThat(outside.requests()).isEmpty();
        assertThat(results(inside, 1)).singleElement().satisfies(refusal -> assertThat(String.valueOf(
                refusal.result())).contains("tool_external_internal_only"));
        assertThat(tools(audit.records().get(0))).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("tool", "supplier_prices").containsEntry("decision", "DENY"));
    }

    @Test
    void theExternalToolsArgumentsCarryNoWithheldItem() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "supplier_prices", Map.of(
                        "item", "gloves for BED-204 and 17 more beds", "account", "ACC-99"))),
                Reply.text("Gloves are cheap."));

        assistant(Ward.VISITOR).chat("Give a summary of ward supplies");

        assertThat(tools.ran).singleElement().satisfies(ran -> assertThat(ran).startsWith("supplier_prices")
                .contains("gloves").doesNotContain("BED-204", "17", "ACC-99"));
        assertThat(sent(outside)).doesNotContain("BED-204", "ACC-99");
        List<Map<String, Object>> asked = tools(audit.records().get(0));
        assertThat(asked).singleElement().satisfies(entry -> assertThat(String.valueOf(entry.get("withheld")))
                .contains("sensitive_argument"));
    }

    @Test
    void aToolRoundAMemoryKeptWithoutLabelsComesBackLabelledInTheNextChat() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "supplier_prices", Map.of("item", "gloves",
                "account", "ACC-99"))), Reply.text("Gloves are cheap."), Reply.text("Masks are cheap too."));
        ChatMemory memory = MessageWindowChatMemory.builder().id("supplies").maxMessages(20)
                .chatMemoryStore(new WithoutAttributes()).build();
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed(Ward.VISITOR)
                .subject(() -> "vic").build()).chatMemory(memory).tools(tools).build();

        assistant.chat("Give a summary of ward supplies");
        String next = assistant.chat("And what about masks?");

        assertThat(next).isEqualTo("Masks are cheap too.");
        // The model's tool calls, its answer and the question came back with the labels kept for them.
        assertThat(memory.messages()).filteredOn(AiMessage.class::isInstance)
                .allSatisfy(message -> assertThat(((AiMessage) message).attributes()).isEmpty());
        AuditRecord answered = audit.records().get(audit.records().size() - 1);
        assertThat(String.valueOf(Ward.payload(answered, "reason_codes")))
                .doesNotContain(ContentLabels.UNKNOWN_HISTORY);
        assertThat(outside.requests()).hasSize(3);
        assertThat(inside.requests()).isEmpty();
    }

    /** A chat memory store that keeps every message but drops the attributes of the AI messages: no labels. */
    private static final class WithoutAttributes implements ChatMemoryStore {
        private final Map<Object, List<ChatMessage>> rows = new ConcurrentHashMap<>();

        @Override
        public List<ChatMessage> getMessages(Object memoryId) {
            return rows.getOrDefault(memoryId, List.of());
        }

        @Override
        public void updateMessages(Object memoryId, List<ChatMessage> messages) {
            rows.put(memoryId, messages.stream().map(message -> message instanceof AiMessage ai
                    ? AiMessage.builder().text(ai.text()).toolExecutionRequests(ai.toolExecutionRequests()).build()
                    : message).toList());
        }

        @Override
        public void deleteMessages(Object memoryId) {
            rows.remove(memoryId);
        }
    }

    @Test
    void theStreamingTwinReturnsTheAllowedCallsAndStreamsOnlyTheAnswerUnderTheLoweredDecision() throws Exception {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "bed_board", Map.of())),
                Reply.chunks("The board shows ", "17 of 24 beds ", "occupied."));
        StreamingAssistant assistant = AiServices.builder(StreamingAssistant.class)
                .streamingChatModel(governed(Ward.AUDITOR).buildStreaming()).tools(tools).build();
        List<String> partials = new ArrayList<>();
        CompletableFuture<String> done = new CompletableFuture<>();

        assistant.chat("Give an audit overview of the ward").onPartialResponse(partials::add)
                .onCompleteResponse(response -> done.complete(response.aiMessage().text()))
                .onError(done::completeExceptionally).start();
        String answer = done.get(30, TimeUnit.SECONDS);

        assertThat(tools.ran).containsExactly("bed_board");
        assertThat(Ward.holdsDigits(answer)).as(answer).isFalse();
        assertThat(partials).noneMatch(Ward::holdsDigits);
        assertThat(String.join("", partials)).isEqualTo(answer);
        assertThat(audit.records()).extracting(record -> Ward.payload(record, "outcome") + " "
                + Ward.payload(record, "decision")).containsExactly("answered PARTIAL");
    }
}
