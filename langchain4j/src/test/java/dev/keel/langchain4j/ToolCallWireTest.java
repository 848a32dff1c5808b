package dev.keel.langchain4j;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.ToolSpec;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tool calls through each provider's backend against the loopback server in the provider's wire format, called and
 * streamed: the tools a request offers reach the provider, the model's calls come back as {@code Part.ToolCall}s,
 * and the next request carries the calls and their results as the provider's own messages.
 */
class ToolCallWireTest {

    private static final String KEY = "sk-test-key-0123456789";
    private static final ToolSpec FX_RATES = new ToolSpec("fx_rates", "Exchange rates for a currency.",
            Map.of("type", "object", "properties", Map.of("currency", Map.of("type", "string"),
                    "amount", Map.of("type", "number")), "required", List.of("currency")));
    // Read from JSON, so that the numbers are what a reply's arguments read into.
    private static final Map<String, Object> ARGUMENTS = JsonCodec.strict().parseObject(
            "{\"currency\":\"EUR\",\"amount\":4500}");
    private static final Part.ToolCall CALL = Part.ToolCall.of("call_1", "fx_rates", ARGUMENTS);

    enum Mode { CALLED, STREAMED }

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private ChatModelBackend backend(StreamingWireTest.Provider provider) {
        return provider.backend(server, "cloud", "m1", Duration.ofSeconds(10));
    }

    /** {@code request} sent called or streamed; streamed, the chunks joined are the reply's text. */
    static ChatReply send(ChatModelBackend backend, ChatRequest request, Mode mode) {
        if (mode == Mode.CALLED) {
            return backend.chat(request);
        }
        List<String> chunks = new ArrayList<>();
        ChatReply[] ending = new ChatReply[1];
        BackendException[] failure = new BackendException[1];
        backend.stream(request, new StreamSink() {
            @Override
            public void chunk(String text) {
                chunks.add(text);
            }

            @Override
            public void complete(ChatReply reply) {
                ending[0] = reply;
            }

            @Override
            public void fail(BackendException failed) {
                failure[0] = failed;
            }
        });
        assertThat(failure[0]).isNull();
        assertThat(String.join("", chunks)).isEqualTo(ending[0].text());
        return ending[0];
    }

    private static @Nullable String toolCallId(StreamingWireTest.Provider provider) {
        // Ollama's wire has no call ids: the backend names a call by its place in the reply.
        return provider == StreamingWireTest.Provider.OLLAMA ? "call_1" : CALL.id();
    }

    @ParameterizedTest(name = "{0} {1}")
    @org.junit.jupiter.params.provider.MethodSource("providersAndModes")
    void theModelsCallComesBackAsAPartAndItsResultGoesBackInTheProvidersForm(StreamingWireTest.Provider provider,
                                                                          Mode mode) {
        server.then(Reply.toolCalls(CALL), Reply.text("One euro buys 1.08 dollars."));
        ChatModelBackend backend = backend(provider);
        ChatRequest asked = ChatRequest.builder().addMessage(ChatMessage.user("What is 4500 EUR in dollars?"))
                .tools(List.of(FX_RATES)).build();

        ChatReply first = send(backend, asked, mode);

        assertThat(first.text()).isEmpty();
        assertThat(first.toolCalls()).containsExactly(Part.ToolCall.of(toolCallId(provider), "fx_rates", ARGUMENTS));
        ChatRequest offered = server.requests().get(0).chat().orElseThrow();
        assertThat(offered.tools()).containsExactly(FX_RATES);

        Part.ToolCall made = first.toolCalls().get(0);
        ChatRequest next = asked.toBuilder()
                .addMessage(ChatMessage.toolCalls(first.text(), first.toolCalls()))
                .addMessage(ChatMessage.toolResult(Part.ToolResult.of(made.id(), "fx_rates", Map.of("rate", 1.08))))
                .build();
        ChatReply answer = send(backend, next, mode);

        assertThat(answer.text()).isEqualTo("One euro buys 1.08 dollars.");
        assertThat(answer.toolCalls()).isEmpty();
        List<ChatMessage> received = server.requests().get(1).chat().orElseThrow().messages();
        assertThat(received).extracting(ChatMessage::role)
                .containsExactly(ChatRole.USER, ChatRole.ASSISTANT, ChatRole.TOOL);
        assertThat(received.get(1).parts()).containsExactly(made);
        assertThat(received.get(2).parts()).containsExactly(
                Part.ToolResult.of(made.id(), "fx_rates", "{\"rate\":1.08}"));
        assertThat(server).answeredEveryRequest();
    }

    static List<org.junit.jupiter.params.provider.Arguments> providersAndModes() {
        List<org.junit.jupiter.params.provider.Arguments> cases = new ArrayList<>();
        for (StreamingWireTest.Provider provider : StreamingWireTest.Provider.values()) {
            for (Mode mode : Mode.values()) {
                cases.add(org.junit.jupiter.params.provider.Arguments.of(provider, mode));
            }
        }
        return cases;
    }

    @ParameterizedTest
    @EnumSource(StreamingWireTest.Provider.class)
    void aRequestWithoutToolsSendsNone(StreamingWireTest.Provider provider) {
        server.then(Reply.text("Hello."));

        backend(provider).chat(ChatRequest.ofUserMessage("Hi"));

        // Ollama's client sends an empty list; the others no member.
        assertThat(server.requests().get(0).json().getOrDefault("tools", List.of())).isEqualTo(List.of());
        assertThat(server.requests().get(0).chat().orElseThrow().tools()).isEmpty();
    }
}
