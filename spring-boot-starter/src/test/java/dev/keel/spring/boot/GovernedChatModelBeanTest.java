package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.aiservices.GovernedStreamingChatModel;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest.Builder;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The governed chat model bean in real Spring contexts, over the starter's pipeline and its SQLite stores, with the
 * subject of each chat from Spring Security's authentication.
 */
class GovernedChatModelBeanTest {

    private static final Principal AGENT = Principal.of("agent", "internal");

    @TempDir
    Path directory;

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class,
                        KeelChatModelAutoConfiguration.class))
                .withUserConfiguration(DeskModel.class)
                .withPropertyValues("keel.policy=classpath:keel/desk-policy.json",
                        "keel.routing=classpath:keel/desk-routing.json",
                        "keel.backends.desk.placement=internal", "keel.backends.desk.bean=deskModel",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db"));
    }

    /** The application's model, which keeps what it was sent, and the principal of the signed-in agent. */
    @Configuration(proxyBeanMethods = false)
    static class DeskModel {
        final List<ChatRequest> sent = new CopyOnWriteArrayList<>();

        @Bean
        LlmBackend deskModel() {
            return request -> {
                sent.add(request);
                return ChatReply.builder().text("It takes a week.").backendId("desk").build();
            };
        }

        @Bean
        Supplier<Principal> signedInAgent() {
            return () -> AGENT;
        }
    }

    @Test
    void theChatModelIsABeanOverThePipelineWithTheSubjectFromSpringSecurity() {
        runner().run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(GovernedChatModel.class);
            // The pipeline's reasoning is the chat model's, which gives typed returns their JSON shape.
            assertThat(context.getBean(ReasoningStep.class)).hasToString("ChatReasoning");
            SecurityContextHolder.getContext().setAuthentication(
                    UsernamePasswordAuthenticationToken.authenticated("ada", "n/a", List.of()));

            ChatResponse response = context.getBean(GovernedChatModel.class).chat(
                    UserMessage.from("How long does a refund take?"));

            assertThat(response.aiMessage().text()).isEqualTo("It takes a week.");
            assertThat(response.aiMessage().attributes().get(GovernedChatModel.LABELS_ATTRIBUTE)).isEqualTo(Map.of(
                    "domains", List.of("refunds"), "internal_only", false, "decision", "ALLOW"));
            AuditRecord record = ((JdbcAuditSink) context.getBean(
                    dev.keel.core.spi.AuditSink.class)).find(response.id()).orElseThrow();
            assertThat(record.payload().get("subject")).isEqualTo("ada");
            // The labels are kept in the application's session store, for the next chat of the same user.
            assertThat(context.getBean(SessionStore.class).read("subject:ada")).containsKey("keel.content_labels");
        });
    }

    @Test
    void theStreamingTwinIsABeanTooAndStreamsTheGovernedAnswerWithTheSameSubject() {
        runner().run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(GovernedStreamingChatModel.class);
            SecurityContextHolder.getContext().setAuthentication(
                    UsernamePasswordAuthenticationToken.authenticated("ada", "n/a", List.of()));
            List<String> partials = new CopyOnWriteArrayList<>();
            List<ChatResponse> completed = new CopyOnWriteArrayList<>();

            context.getBean(GovernedStreamingChatModel.class).chat(new Builder()
                    .messages(UserMessage.from("How long does a refund take?")).build(),
                    new StreamingChatResponseHandler() {
                        @Override
                        public void onPartialResponse(PartialResponse partial, PartialResponseContext streaming) {
                            partials.add(partial.text());
                        }

                        @Override
                        public void onCompleteResponse(ChatResponse response) {
                            completed.add(response);
                        }

                        @Override
                        public void onError(Throwable error) {
                            throw new AssertionError(error);
                        }
                    });

            assertThat(String.join("", partials)).isEqualTo("It takes a week.");
            assertThat(completed).singleElement().satisfies(response -> {
                assertThat(response.aiMessage().text()).isEqualTo("It takes a week.");
                AuditRecord record = ((JdbcAuditSink) context.getBean(
                        dev.keel.core.spi.AuditSink.class)).find(response.id()).orElseThrow();
                assertThat(record.payload().get("subject")).isEqualTo("ada");
            });
        });
    }

    @Test
    void aHistoryMessageWithoutItsAttributesGetsItsLabelsBackFromTheStore() {
        runner().run(context -> {
            SecurityContextHolder.getContext().setAuthentication(
                    UsernamePasswordAuthenticationToken.authenticated("ada", "n/a", List.of()));
            GovernedChatModel model = context.getBean(GovernedChatModel.class);
            ChatResponse first = model.chat(UserMessage.from("How long does a refund take?"));

            // The memory kept only the answer's text, and let the question go: no word of the chat names refunds.
            model.chat(AiMessage.from(first.aiMessage().text()), UserMessage.from("Thanks, anything else?"));

            ChatRequest second = context.getBean(DeskModel.class).sent.get(1);
            assertThat(second.messages()).extracting(ChatMessage::text).containsExactly(
                    "It takes a week.", "Thanks, anything else?");
            assertThat(second.messages().get(0).labels().domains()).contains("refunds");
        });
    }

    @Test
    void withoutAPrincipalSourceStartupFailsNamingWhatToDefine() {
        // Spring Security would be one: its authentication is mapped to the principal.
        new ApplicationContextRunner().withClassLoader(new FilteredClassLoader("org.springframework.security"))
                .withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class,
                        KeelChatModelAutoConfiguration.class))
                .withBean("desk", LlmBackend.class, () -> request -> ChatReply.builder().text("hi")
                        .backendId("desk").build())
                .withPropertyValues("keel.policy=classpath:keel/desk-policy.json",
                        "keel.routing=classpath:keel/desk-routing.json",
                        "keel.backends.desk.placement=internal",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db"))
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .rootCause().isInstanceOf(ConfigurationException.class)
                        .hasMessageContaining("Supplier<Principal>").hasMessageContaining("keel.chat-model.enabled"));
    }

    @Test
    void offWhenDisabledOrWithoutAPipeline() {
        runner().withPropertyValues("keel.chat-model.enabled=false").run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(GovernedChatModel.class)
                        .doesNotHaveBean(GovernedStreamingChatModel.class).hasSingleBean(Pipeline.class));
        runner().withPropertyValues("keel.governed-call.enabled=false").run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(GovernedChatModel.class));
    }
}
