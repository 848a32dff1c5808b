package dev.keel.models.reasoning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import org.junit.jupiter.api.Test;

class EmbeddedBackendTest {

    private final EmbeddedBackend embedded = EmbeddedBackend.create();

    @Test
    void restatesAnyOtherRequestAndSaysNoModelIsConfigured() {
        ChatReply reply = embedded.chat(ChatRequest.builder().addMessage(ChatMessage.system("be brief"))
                .addMessage(ChatMessage.user("  What changes in week 4?  ")).build());

        assertThat(reply.text()).isEqualTo("No language model is configured (embedded_extractive); the request is restated"
                + " without interpretation:\n\nWhat changes in week 4?\n");
    }

    @Test
    void refusesJsonBecauseNoModelCanWriteIt() {
        assertThatThrownBy(() -> embedded.chat(ChatRequest.builder().addMessage(ChatMessage.user("{}"))
                .responseFormat(ResponseFormat.JSON).build()))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessageContaining("no language model is configured to produce JSON");
    }

    @Test
    void isDeterministicAndNeverFailsOnText() {
        Property.forAll(Gen.strings().all()).tries(1000).check(message -> {
            ChatRequest request = ChatRequest.ofUserMessage(message);

            ChatReply first = embedded.chat(request);

            assertThat(embedded.chat(request).text()).isEqualTo(first.text());
            assertThat(first.text()).startsWith("No language model is configured").hasSizeLessThan(4_200);
        });
    }
}
