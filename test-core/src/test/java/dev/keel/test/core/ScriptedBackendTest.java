package dev.keel.test.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ScriptedBackendTest {

    private static ChatRequest stage(String purpose, String user) {
        return ChatRequest.builder().addMessage(ChatMessage.system("Reply with JSON."))
                .addMessage(ChatMessage.user(user))
                .responseFormat(ResponseFormat.JSON).purpose(purpose).build();
    }

    @Test
    void rulesAnswerFirstInTurnWithTheLastRepeatedThenRepliesInOrderEachOnceThenTheDefault() {
        ScriptedBackend backend = ScriptedBackend.named("cloud")
                .onPurpose("judgement_v1", "{\"j\": 1}", "{\"j\": 2}")
                .on(RequestMatcher.lastUserMessageContains("beds")).reply("Two beds are free.")
                .thenReply("first", "second")
                .otherwise(Reply.text("default"));

        assertThat(backend.chat(stage("judgement_v1", "beds?")).text()).isEqualTo("{\"j\": 1}");
        assertThat(backend.chat(stage("judgement_v1", "x")).text()).isEqualTo("{\"j\": 2}");
        assertThat(backend.chat(stage("judgement_v1", "x")).text()).isEqualTo("{\"j\": 2}");
        assertThat(backend.chat(ChatRequest.ofUserMessage("any beds?")).text()).isEqualTo("Two beds are free.");
        assertThat(backend.chat(ChatRequest.ofUserMessage("a")).text()).isEqualTo("first");
        assertThat(backend.unusedReplies()).isEqualTo(1);
        assertThat(backend.chat(ChatRequest.ofUserMessage("b")).text()).isEqualTo("second");
        assertThat(backend.chat(ChatRequest.ofUserMessage("c")).text()).isEqualTo("default");
        assertThat(backend.chat(ChatRequest.ofUserMessage("d")).text()).isEqualTo("default");
        assertThat(backend.requests()).hasSize(8);
        assertThat(backend.requests(RequestMatcher.purpose("judgement_v1"))).hasSize(3);
        assertThat(backend.unanswered()).isEmpty();
    }

    @Test
    void aResetBackendForgetsItsScriptAndWhatItReceived() {
        ScriptedBackend backend = ScriptedBackend.named("cloud").onPurpose("judgement_v1", "{}")
                .thenReply("first", "second").otherwise(Reply.text("default"));
        backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("one")).build());

        backend.reset().thenReply("after the reset");

        assertThat(backend.requests()).isEmpty();
        assertThat(backend.unusedReplies()).isEqualTo(1);
        assertThat(backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("two")).build()).text())
                .isEqualTo("after the reset");
        assertThatThrownBy(() -> backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("three")).build()))
                .isInstanceOf(AssertionError.class);
        assertThat(backend.requests()).hasSize(2);
        assertThat(backend.unanswered()).hasSize(1);
    }

    @Test
    void aRequestNothingAnswersFailsNamingTheRequestAndTheScriptAndIsRecorded() {
        ScriptedBackend backend = ScriptedBackend.named("cloud").onPurpose("judgement_v1", "{}").thenReply("only");
        backend.chat(ChatRequest.ofUserMessage("first"));

        assertThatThrownBy(() -> backend.chat(stage("agency_detect_v1", "Which agency handles tax?")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("scripted backend 'cloud' has no reply for request 2")
                .hasMessageContaining("purpose agency_detect_v1")
                .hasMessageContaining("last user message \"Which agency handles tax?\"")
                .hasMessageContaining("rules [purpose judgement_v1]")
                .hasMessageContaining("0 replies left in order");
        assertThat(backend.requests()).hasSize(2);
        assertThat(backend.unanswered()).extracting(r -> r.purpose().orElseThrow()).containsExactly("agency_detect_v1");
    }

    @Test
    void failuresAreTheTypedExceptionsOfTheBackendSpi() {
        IllegalStateException socket = new IllegalStateException("socket closed");
        ScriptedBackend backend = ScriptedBackend.named("llama").then(Reply.retriableFailure("timed out"),
                Reply.nonRetriableFailure("bad key"), Reply.status(429, "slow down"), Reply.status(404, "no model"),
                Reply.http(502, "bad gateway"), Reply.http(200, "{\"raw\": true}"), Reply.throwing(socket));
        ChatRequest request = ChatRequest.ofUserMessage("hi");

        assertThatThrownBy(() -> backend.chat(request)).isInstanceOf(RetriableBackendException.class)
                .hasMessage("timed out").satisfies(e -> assertThat(((RetriableBackendException) e).backendId())
                        .isEqualTo("llama"));
        assertThatThrownBy(() -> backend.chat(request)).isInstanceOf(NonRetriableBackendException.class)
                .hasMessage("bad key");
        assertThatThrownBy(() -> backend.chat(request)).isInstanceOf(RetriableBackendException.class);
        assertThatThrownBy(() -> backend.chat(request)).isInstanceOf(NonRetriableBackendException.class);
        assertThatThrownBy(() -> backend.chat(request)).isInstanceOf(RetriableBackendException.class)
                .hasMessage("bad gateway");
        assertThat(backend.chat(request).text()).isEqualTo("{\"raw\": true}");
        assertThatThrownBy(() -> backend.chat(request)).isSameAs(socket);
        assertThatThrownBy(() -> Reply.status(200, "fine")).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void aReplyIsFromThisBackendWithItsUsageOrAnEstimate() {
        ScriptedBackend backend = ScriptedBackend.named("local")
                .then(Reply.text("12345678").withUsage(new TokenUsage(100, 0)).withFinishReason("length"))
                .then(Reply.text("12345"));

        ChatReply set = backend.chat(ChatRequest.ofUserMessage("hello"));
        ChatReply estimated = backend.chat(ChatRequest.ofUserMessage("hello"));

        assertThat(set.backendId()).isEqualTo("local");
        assertThat(set.usage()).isEqualTo(new TokenUsage(100, 0));
        assertThat(set.finishReason()).contains("length");
        assertThat(estimated.usage()).isEqualTo(new TokenUsage(2, 2));
        assertThat(estimated.finishReason()).contains("stop");
    }

    @Test
    void aFunctionOfTheRequestAnswersEveryRequest() {
        ScriptedBackend echo = ScriptedBackend.answering("echo", request -> "echo: "
                + request.messages().get(request.messages().size() - 1).text());

        assertThat(echo.chat(ChatRequest.ofUserMessage("one")).text()).isEqualTo("echo: one");
        assertThat(echo.chat(ChatRequest.ofUserMessage("two")).text()).isEqualTo("echo: two");
    }

    @Test
    void aDelayedReplyWaitsItsDelay() {
        ScriptedBackend slow = ScriptedBackend.named("slow").then(Reply.text("late").after(Duration.ofMillis(200)));

        long start = System.nanoTime();
        String text = slow.chat(ChatRequest.ofUserMessage("hi")).text();

        assertThat(text).isEqualTo("late");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
    }

    @Test
    void requestsFromManyThreadsAreEachAnsweredOnceAndAllRecorded() throws Exception {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            texts.add("reply " + i);
        }
        ScriptedBackend backend = ScriptedBackend.replying("busy", texts.toArray(String[]::new));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String message = "request " + i;
            answers.add(pool.submit(() -> backend.chat(ChatRequest.ofUserMessage(message)).text()));
        }
        List<String> answered = new ArrayList<>();
        for (Future<String> answer : answers) {
            answered.add(answer.get());
        }
        pool.shutdown();

        assertThat(answered).containsExactlyInAnyOrderElementsOf(texts);
        assertThat(backend.requests()).hasSize(200);
        assertThat(backend.unusedReplies()).isZero();
    }
}
