package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The translation between Keel's chat types and langchain4j's, on an in-process ChatModel. */
class ChatModelBackendTest {

    /** A ChatModel answering with a function of the request, recording what it got. */
    static final class FakeChatModel implements ChatModel {
        final List<dev.langchain4j.model.chat.request.ChatRequest> requests = new ArrayList<>();
        private final Function<dev.langchain4j.model.chat.request.ChatRequest, ChatResponse> answer;
        private final String modelName;

        FakeChatModel(String modelName, Function<dev.langchain4j.model.chat.request.ChatRequest, ChatResponse> answer) {
            this.modelName = modelName;
            this.answer = answer;
        }

        @Override
        public ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest request) {
            requests.add(request);
            return answer.apply(request);
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return ChatRequestParameters.builder().modelName(modelName).build();
        }
    }

    private static ChatResponse text(String text) {
        return ChatResponse.builder().aiMessage(AiMessage.from(text)).finishReason(FinishReason.STOP)
                .tokenUsage(new dev.langchain4j.model.output.TokenUsage(7, 3)).build();
    }

    @Test
    void translatesMessagesOptionsAndTheReply() {
        FakeChatModel model = new FakeChatModel("local-model", r -> text("answer"));
        ChatModelBackend backend = ChatModelBackend.builder("local", model).build();

        ChatReply reply = backend.chat(ChatRequest.builder()
                .addMessage(ChatMessage.system("sys")).addMessage(ChatMessage.user("q1"))
                .addMessage(ChatMessage.assistant("a1")).addMessage(ChatMessage.user("q2"))
                .temperature(0.1).maxOutputTokens(50).responseFormat(ResponseFormat.JSON).build());

        dev.langchain4j.model.chat.request.ChatRequest sent = model.requests.get(0);
        assertThat(sent.messages()).containsExactly(SystemMessage.from("sys"), UserMessage.from("q1"), AiMessage.from("a1"), UserMessage.from("q2"));
        assertThat(sent.temperature()).isEqualTo(0.1);
        assertThat(sent.maxOutputTokens()).isEqualTo(50);
        assertThat(sent.responseFormat()).isEqualTo(dev.langchain4j.model.chat.request.ResponseFormat.JSON);
        assertThat(reply.text()).isEqualTo("answer");
        assertThat(reply.usage()).isEqualTo(new TokenUsage(7, 3));
        assertThat(reply.backendId()).isEqualTo("local");
        assertThat(reply.model()).contains("local-model");
        assertThat(reply.finishReason()).contains("stop");
        assertThat(backend.modelName()).isEqualTo("local-model");
    }

    @Test
    void instructionOnlyJsonModeSendsNoResponseFormat() {
        FakeChatModel model = new FakeChatModel("m", r -> text("{}"));
        ChatModelBackend backend = ChatModelBackend.builder("b", model).jsonMode(JsonMode.INSTRUCTION_ONLY).build();

        backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("q")).responseFormat(ResponseFormat.JSON).build());

        assertThat(model.requests.get(0).responseFormat()).isNull();
    }

    @Test
    void missingUsageIsUnknownAndMissingTextIsAnUnusableReply() {
        ChatModelBackend noUsage = ChatModelBackend.builder("b", new FakeChatModel("m",
                r -> ChatResponse.builder().aiMessage(AiMessage.from("x")).build())).build();
        assertThat(noUsage.chat(ChatRequest.ofUserMessage("q")).usage()).isEqualTo(TokenUsage.UNKNOWN);

        ChatModelBackend noText = ChatModelBackend.builder("b", new FakeChatModel("m",
                r -> ChatResponse.builder().aiMessage(AiMessage.builder().build()).finishReason(FinishReason.CONTENT_FILTER).build())).build();
        assertThatThrownBy(() -> noText.chat(ChatRequest.ofUserMessage("q")))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessage("backend 'b' returned no text (finish reason content_filter)");
    }

    @Test
    void langchainFailuresBecomeKeelFailures() {
        ChatModelBackend limited = ChatModelBackend.builder("b", new FakeChatModel("m", r -> {
            throw new RateLimitException(new HttpException(429, "slow down"));
        })).build();
        assertThatThrownBy(() -> limited.chat(ChatRequest.ofUserMessage("q")))
                .isInstanceOf(RetriableBackendException.class).hasMessage("backend 'b' HTTP 429 rate limited")
                .satisfies(failure -> assertThat(((RetriableBackendException) failure).httpStatus()).hasValue(429))
                .cause().hasMessage("slow down");

        ChatModelBackend broken = ChatModelBackend.builder("b", new FakeChatModel("m", r -> {
            throw new IllegalStateException("bug");
        })).build();
        assertThatThrownBy(() -> broken.chat(ChatRequest.ofUserMessage("q")))
                .isInstanceOf(NonRetriableBackendException.class).hasMessage("backend 'b' failed (IllegalStateException)")
                .cause().hasMessage("bug");
    }

    @Test
    void aLeadingThinkBlockIsRemovedAndOtherTextKept() {
        assertThat(backendAnswering("<think>hmm</think>\n\nDone.").chat(ChatRequest.ofUserMessage("q")).text()).isEqualTo("Done.");
        assertThat(backendAnswering("Text with <think> inside").chat(ChatRequest.ofUserMessage("q")).text()).isEqualTo("Text with <think> inside");
        assertThat(backendAnswering("<think>never closed").chat(ChatRequest.ofUserMessage("q")).text()).isEqualTo("<think>never closed");
    }

    private static ChatModelBackend backendAnswering(String text) {
        return ChatModelBackend.builder("b", new FakeChatModel("m", r -> text(text))).build();
    }

    @Test
    void theModelNameDefaultsToTheBackendIdWhenTheModelDeclaresNone() {
        ChatModel bare = new ChatModel() {
            @Override
            public ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest request) {
                return text("x");
            }
        };

        assertThat(ChatModelBackend.builder("bare", bare).build().modelName()).isEqualTo("bare");
        assertThat(ChatModelBackend.builder("bare", bare).modelName("named").build().modelName()).isEqualTo("named");
    }
}
