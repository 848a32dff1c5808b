package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.langchain4j.AnthropicBackends;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.langchain4j.OpenAiBackends;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The governed streaming chat model over the ward's policy, its external model a real provider client (Ollama's,
 * OpenAI's or Anthropic's) reading a stream from a model server on loopback: used directly and through AI Services
 * with a {@link TokenStream}.
 */
class GovernedStreamingChatModelTest {

    /** The provider client of the external model. */
    enum Client { OLLAMA, OPENAI, ANTHROPIC }

    interface Assistant {
        TokenStream chat(String message);
    }

    /** A long answer full of figures and bed ids, as the model streams it in generated chunks. */
    private static final String ANSWER = ("There are 12 free beds (80% occupancy) and BED-101 has been free since 3 March."
            + " The ward stays calm through the night and the staff rota holds. ").repeat(25);

    private static LlmBackend external(Client client, LoopbackModelServer server) {
        return switch (client) {
            case OLLAMA -> OllamaBackends.create("cloud", "llama3.1", server.baseUrl(), Duration.ofSeconds(10));
            case OPENAI -> OpenAiBackends.create("cloud", "gpt-4o-mini", server.baseUrl() + "/v1", null,
                    Duration.ofSeconds(10));
            case ANTHROPIC -> AnthropicBackends.create("cloud", "claude-sonnet-4-5", server.baseUrl() + "/v1/",
                    "sk-ant-test-0123456789", Duration.ofSeconds(10));
        };
    }

    private static Pipeline pipeline(Client client, LoopbackModelServer server, InMemoryAuditSink audit) {
        List<EvidenceItem> items = List.of(new EvidenceItem("records", "bed_occupancy", Locator.csv("beds.csv", 2),
                "12 beds free on BED-101"));
        return GovernedStreamingChatModel.pipeline(Ward.policy())
                .internal("ward", Ward.ScriptedModel.answering("The ward answers."))
                .external("cloud", external(client, server))
                .evidence(turn -> EvidenceSet.of(items))
                .auditSink(audit)
                .build();
    }

    private static String[] chunks(long seed) {
        Random random = new Random(seed);
        List<String> chunks = new ArrayList<>();
        for (int at = 0; at < ANSWER.length(); ) {
            int end = Math.min(ANSWER.length(), at + 1 + random.nextInt(40));
            chunks.add(ANSWER.substring(at, end));
            at = end;
        }
        return chunks.toArray(String[]::new);
    }

    /** What a handler heard. */
    private static final class Heard implements StreamingChatResponseHandler {
        final List<String> partials = new ArrayList<>();
        final CompletableFuture<ChatResponse> ended = new CompletableFuture<>();

        @Override
        public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
            partials.add(partial.text());
        }

        @Override
        public void onCompleteResponse(ChatResponse response) {
            ended.complete(response);
        }

        @Override
        public void onError(Throwable error) {
            ended.completeExceptionally(error);
        }
    }

    private static ChatResponse chat(StreamingChatModel model, String message, Heard heard) throws Exception {
        model.chat(ChatRequest.builder().messages(UserMessage.from(message)).build(), heard);
        return heard.ended.get(60, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aPartialAnswerStreamsInSeveralPartialResponsesNoneWithAFigureJoinedIntoTheWholeAnswer(Client client)
            throws Exception {
        long seed = new Random().nextLong();
        try (LoopbackModelServer server = LoopbackModelServer.start()) {
            server.otherwise(Reply.chunks(chunks(seed)));
            Pipeline pipeline = pipeline(client, server, new InMemoryAuditSink());
            Heard heard = new Heard();

            ChatResponse response = chat(GovernedStreamingChatModel.builder(pipeline).principal(() -> Ward.VISITOR)
                    .buildStreaming(), "How many beds are free?", heard);
            String called = GovernedChatModel.builder(pipeline).principal(() -> Ward.VISITOR).build()
                    .chat("How many beds are free?");

            String why = client + ", seed " + seed;
            assertThat(heard.partials).as(why).hasSizeGreaterThan(2);
            heard.partials.forEach(partial -> assertThat(Ward.holdsDigits(partial)).as(why + ": " + partial).isFalse());
            heard.partials.forEach(partial -> assertThat(partial).as(why).doesNotContain("BED-"));
            assertThat(String.join("", heard.partials)).as(why).isEqualTo(response.aiMessage().text())
                    .isEqualTo(called).contains("[figure withheld] free beds", "[bed withheld]");
            assertThat(response.aiMessage().attributes().get(GovernedChatModel.LABELS_ATTRIBUTE)).as(why)
                    .isEqualTo(Map.of("domains", List.of("bed_occupancy"), "internal_only", false,
                            "decision", "PARTIAL"));
            assertThat(server.requests()).as(why).isNotEmpty();
            // The evidence went out egress-filtered: neither its figure nor its bed id.
            server.requests().forEach(request -> assertThat(request.body()).as(why).doesNotContain("12 beds")
                    .doesNotContain("BED-101").contains("[bed withheld]"));
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void anAiServiceReturningATokenStreamHearsOnlyFilteredTokensAndItsMemoryKeepsTheFilteredAnswer(Client client)
            throws Exception {
        try (LoopbackModelServer server = LoopbackModelServer.start()) {
            server.otherwise(Reply.chunks(chunks(client.ordinal())));
            InMemoryAuditSink audit = new InMemoryAuditSink();
            MessageWindowChatMemory memory = MessageWindowChatMemory.withMaxMessages(10);
            Assistant assistant = AiServices.builder(Assistant.class)
                    .streamingChatModel(GovernedStreamingChatModel.builder(pipeline(client, server, audit))
                            .principal(() -> Ward.VISITOR).subject(() -> "visitor-7").buildStreaming())
                    .chatMemory(memory).build();
            List<String> tokens = new ArrayList<>();
            CompletableFuture<ChatResponse> ended = new CompletableFuture<>();

            assistant.chat("How many beds are free?").onPartialResponse(tokens::add)
                    .onCompleteResponse(ended::complete).onError(ended::completeExceptionally).start();
            ChatResponse response = ended.get(60, TimeUnit.SECONDS);

            assertThat(tokens).hasSizeGreaterThan(2);
            tokens.forEach(token -> assertThat(Ward.holdsDigits(token)).as(token).isFalse());
            assertThat(String.join("", tokens)).isEqualTo(response.aiMessage().text());
            assertThat(memory.messages()).filteredOn(AiMessage.class::isInstance)
                    .extracting(message -> ((AiMessage) message).text()).containsExactly(response.aiMessage().text());
            assertThat(audit.records()).singleElement().satisfies(record -> assertThat(
                    record.payload()).containsEntry("outcome", "answered").containsEntry("decision", "PARTIAL")
                    .containsEntry("subject", "visitor-7"));
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aDeniedChatIsAnErrorWithNoPartialResponseAndNoModelCall(Client client) throws Exception {
        try (LoopbackModelServer server = LoopbackModelServer.start()) {
            server.otherwise(Reply.chunks(chunks(1)));
            Heard heard = new Heard();
            Principal nobody = null;
            Principal[] principal = {nobody};

            GovernedStreamingChatModel.builder(pipeline(client, server, new InMemoryAuditSink()))
                    .principal(() -> principal[0]).buildStreaming()
                    .chat(ChatRequest.builder().messages(UserMessage.from("How many beds are free?")).build(), heard);

            @Nullable Throwable error = heard.ended.handle((response, failure) -> failure).get(60, TimeUnit.SECONDS);
            assertThat(error).isInstanceOf(KeelDeniedException.class);
            assertThat(heard.partials).isEmpty();
            assertThat(server.requests()).isEmpty();
        }
    }
}
