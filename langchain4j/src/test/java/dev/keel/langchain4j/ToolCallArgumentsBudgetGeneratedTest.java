package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudgetCases;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import dev.keel.core.spi.ToolSpec;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.ModelApi;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireFormats;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A model's tool call whose arguments are nested or sized around the JSON budget ({@link JsonBudgetCases}), through
 * each provider's client against a model server on loopback, called and streamed: the reply is never a failure; the
 * call comes back with its arguments as written when they are within the budget, and as the budget's placeholder
 * (which the tool gate refuses) when they are past it, even past the codec's own depth.
 */
class ToolCallArgumentsBudgetGeneratedTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final String MARKER = "@@arguments@@";

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void argumentsPastTheBudgetDepthComeBackAsItsPlaceholderAndNeverAsAFailureCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.nestedObjects(), Gen.of(StreamingWireTest.Provider.values()), Gen.booleans())
                .tries(60).check(this::comesBack);
    }

    @Test
    void argumentsPastTheBudgetSizeComeBackAsItsPlaceholderAndNeverAsAFailureCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.sized(), Gen.of(StreamingWireTest.Provider.values()), Gen.booleans())
                .tries(6).check(this::comesBack);
    }

    private void comesBack(JsonBudgetCases.Case generated, StreamingWireTest.Provider provider, boolean streamed) {
        String context = generated + ", " + provider + (streamed ? ", streamed" : ", called");
        server.then(callWithArguments(api(provider), generated.json(), streamed));
        ChatModelBackend backend = provider.backend(server, "cloud", "m1", Duration.ofSeconds(10));
        ChatRequest request = ChatRequest.builder().addMessage(ChatMessage.user("Read the ledger"))
                .tools(List.of(ToolSpec.of("ledger_lookup", "Balances."))).build();

        ChatReply reply = ToolCallWireTest.send(backend, request,
                streamed ? ToolCallWireTest.Mode.STREAMED : ToolCallWireTest.Mode.CALLED);

        assertThat(reply.toolCalls()).as(context).singleElement().satisfies(call -> {
            assertThat(call.name()).isEqualTo("ledger_lookup");
            assertThat(call.arguments()).isEqualTo(generated.held());
        });
    }

    private static ModelApi api(StreamingWireTest.Provider provider) {
        switch (provider) {
            case OLLAMA:
                return ModelApi.OLLAMA_CHAT;
            case OPENAI:
                return ModelApi.OPENAI_CHAT;
            default:
                return ModelApi.ANTHROPIC_MESSAGES;
        }
    }

    /**
     * The model's reply asking for {@code ledger_lookup} with {@code arguments}, JSON text of any depth, as the
     * provider of {@code api} sends it: a response, or a stream of events. Written by the server's own wire format
     * around a marker, since the arguments may be nested deeper than the codec writes: where the wire holds the
     * arguments as an object (Ollama, Anthropic's response) their text replaces the marker's object, where it holds
     * them as a string (OpenAI, Anthropic's stream) their escaped text replaces the marker's.
     */
    static Reply callWithArguments(ModelApi api, String arguments, boolean streamed) {
        List<Part.ToolCall> calls = List.of(Part.ToolCall.of("call_1", "ledger_lookup", Map.of("query", MARKER)));
        TokenUsage usage = new TokenUsage(10, 5);
        String body = streamed
                ? String.join("", WireFormats.streamOpening(api, "m1", usage, 1))
                        + String.join("", WireFormats.streamClosing(api, "m1", usage, "tool_calls", 1, false, calls))
                : WireFormats.chatResponse(api, "m1", "", usage, "tool_calls", 1, calls);
        String marker = CODEC.write(Map.of("query", MARKER));
        String escapedMarker = unquoted(CODEC.write(marker));
        String replaced = body.replace(escapedMarker, unquoted(CODEC.write(arguments))).replace(marker, arguments);
        assertThat(replaced).isNotEqualTo(body);
        return Reply.http(200, replaced);
    }

    private static String unquoted(String jsonString) {
        return jsonString.substring(1, jsonString.length() - 1);
    }
}
