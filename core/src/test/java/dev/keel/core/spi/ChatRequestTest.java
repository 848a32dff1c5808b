package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
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
}
