package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.content.Part;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChatRequestTest {

    private static ChatRequest.Builder judgement() {
        return ChatRequest.builder().addMessage(ChatMessage.system("Reply with JSON."))
                .addMessage(ChatMessage.user("hi"))
                .responseFormat(ResponseFormat.JSON).temperature(0.2).maxOutputTokens(64).requestId("r-1");
    }

    @Test
    void thePurposeIsOptionalAndKeptByToBuilder() {
        ChatRequest labelled = judgement().purpose("judgement_v1").build();

        assertThat(ChatRequest.ofUserMessage("hi").purpose()).isEmpty();
        assertThat(labelled.purpose()).contains("judgement_v1");
        assertThat(labelled.toBuilder().build().purpose()).contains("judgement_v1");
        assertThat(labelled.toBuilder().purpose(null).build().purpose()).isEmpty();
        assertThatThrownBy(() -> judgement().purpose(" ")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void requestsAreEqualWhenEveryPartIsAndThePurposeCounts() {
        ChatRequest labelled = judgement().purpose("judgement_v1").build();

        assertThat(labelled).isEqualTo(judgement().purpose("judgement_v1").build())
                .hasSameHashCodeAs(judgement().purpose("judgement_v1").build())
                .isEqualTo(labelled.toBuilder().build());
        assertThat(labelled).isNotEqualTo(judgement().build()).isNotEqualTo(judgement().purpose("agency_v1").build())
                .isNotEqualTo(judgement().purpose("judgement_v1").temperature(0.3).build())
                .isNotEqualTo(judgement().purpose("judgement_v1").requestId("r-2").build());
        assertThat(labelled.toString()).contains("purpose=judgement_v1").contains("requestId=r-1");
    }

    private static final ToolSpec LOOKUP = new ToolSpec("ledger_lookup", "Balances of one account.",
            Map.of("type", "object", "properties", Map.of("account", Map.of("type", "string"))));

    @Test
    void theToolsAreNoneUnlessGivenCountForEqualityAndAreKeptByToBuilder() {
        ChatRequest offered = judgement().tools(List.of(LOOKUP)).build();

        assertThat(judgement().build().tools()).isEmpty();
        assertThat(offered.tools()).containsExactly(LOOKUP);
        assertThat(offered).isNotEqualTo(judgement().build()).isEqualTo(offered.toBuilder().build())
                .hasSameHashCodeAs(judgement().tools(List.of(LOOKUP)).build());
        assertThat(offered.toBuilder().tools(List.of()).build()).isEqualTo(judgement().build());
        assertThat(offered).isNotEqualTo(judgement().tools(List.of(ToolSpec.of("ledger_lookup", ""))).build());
    }

    @Test
    void aToolIsOfferedOnceAndNeedsAName() {
        assertThatThrownBy(() -> judgement().tools(List.of(LOOKUP, ToolSpec.of("ledger_lookup", "again"))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("ledger_lookup");
        assertThatThrownBy(() -> ToolSpec.of(" ", "")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void aReplyCarriesTheModelsCallsAndTheMessagesOfAToolRoundCarryCallsAndResults() {
        Part.ToolCall call = Part.ToolCall.of("c1", "ledger_lookup", Map.of("account", "AC-1"));
        ChatReply reply = ChatReply.builder().text("").toolCalls(List.of(call)).backendId("m").build();

        assertThat(reply.toolCalls()).containsExactly(call);
        assertThat(reply.toBuilder().build().toolCalls()).containsExactly(call);
        assertThat(ChatReply.builder().text("hi").backendId("m").build().toolCalls()).isEmpty();
        assertThat(ChatMessage.toolCalls("", List.of(call)).parts()).containsExactly(call);
        assertThat(ChatMessage.toolCalls("Looking.", List.of(call)).parts()).hasSize(2);
        ChatMessage answer = ChatMessage.toolResult(Part.ToolResult.of("c1", "ledger_lookup", Map.of("balance", 7)));
        assertThat(answer.role()).isEqualTo(ChatRole.TOOL);
        assertThat(answer.text()).isEqualTo("{\"tool_result\":{\"id\":\"c1\",\"name\":\"ledger_lookup\",\"result\":{\"balance\":7}}}");
    }
}
