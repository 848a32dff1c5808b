package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.Pipeline;
import dev.keel.spring.ai.KeelAdvisor;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.store.jdbc.JdbcAuditSink;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.test.context.support.WithMockUser;

/**
 * The starter's {@link KeelAdvisor} bean in a real application (the support desk's policy: agents see refunds,
 * customers product help only), over the starter's pipeline and its SQLite audit store, with the signed-in user from
 * Spring Security's test support: called, and streamed behind Spring AI's chat memory advisor, which moves the stream
 * to another thread. Then the bean's conditions, each in a context of its own.
 */
@SpringBootTest(classes = KeelAdvisorBeanTest.Application.class,
        webEnvironment = SpringBootTest.WebEnvironment.NONE)
class KeelAdvisorBeanTest extends DeskBootTest {

    private static final String REFUNDS = "How long does a refund take?";
    private static final Duration GENEROUS = Duration.ofSeconds(30);
    private static final String ANSWER_WITH_A_FIGURE = "A refund takes 5 working days.";

    /**
     * The desk, its model reached only through the pipeline and answering with a figure a customer may not see; the
     * ChatClient's own model must never be called.
     */
    @Configuration(proxyBeanMethods = false)
    static class Application extends DeskApplication {
        final AtomicInteger chatClientModelCalls = new AtomicInteger();

        @Bean
        @Override
        LlmBackend deskModel() {
            return request -> ChatReply.builder().text(ANSWER_WITH_A_FIGURE).backendId("desk").build();
        }

        @Bean
        ChatMemory chatMemory() {
            return MessageWindowChatMemory.builder().build();
        }

        @Bean
        ChatClient deskChat(KeelAdvisor keel, ChatMemory chatMemory) {
            ChatModel never = prompt -> {
                chatClientModelCalls.incrementAndGet();
                throw new IllegalStateException("the ChatClient's own model was called");
            };
            return ChatClient.builder(never)
                    .defaultAdvisors(keel.caller(), MessageChatMemoryAdvisor.builder(chatMemory).build(), keel)
                    .build();
        }
    }

    @Autowired
    ChatClient chat;

    @Autowired
    ChatMemory chatMemory;

    @Autowired
    AuditSink auditSink;

    @Autowired
    Application application;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> provenance(ChatResponse response) {
        return (Map<String, Object>) response.getMetadata().get(KeelAdvisor.PROVENANCE);
    }

    private AuditRecord audited(ChatResponse response) {
        return ((JdbcAuditSink) auditSink).find(response.getMetadata().getId()).orElseThrow();
    }

    @Test
    @WithMockUser(username = "ada", authorities = {"ROLE_AGENT", "CLEARANCE_INTERNAL"})
    void aCallIsGovernedForTheSignedInUserWithTheSubjectFromSpringSecurity() {
        ChatResponse response = chat.prompt().user(REFUNDS).call().chatResponse();

        assertThat(response.getResult().getOutput().getText()).isEqualTo(ANSWER_WITH_A_FIGURE);
        assertThat(provenance(response)).containsEntry("decision", "ALLOW").containsEntry("role", "agent");
        assertThat(audited(response).payload()).containsEntry("subject", "ada")
                .containsEntry("principal", Map.of("role", "agent", "clearance", "internal"));
        assertThat(application.chatClientModelCalls).hasValue(0);
    }

    @Test
    @WithMockUser(username = "cy", authorities = {"ROLE_CUSTOMER", "CLEARANCE_PUBLIC"})
    void aStreamBehindTheMemoryAdvisorIsGovernedForTheUserWhoSubscribedAndMemoryKeepsTheFilteredReply() {
        // Subscribed on this thread, as a controller's response is on the request's; the memory advisor then moves
        // the stream to its scheduler's thread, where Spring Security's context is not set.
        List<ChatClientResponse> responses = chat.prompt().user(REFUNDS)
                .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "cy-1"))
                .stream().chatClientResponse().collectList().block(GENEROUS);

        ChatResponse last = responses.get(responses.size() - 1).chatResponse();
        String text = String.join("", responses.stream()
                .map(response -> response.chatResponse().getResult().getOutput().getText()).toList());
        assertThat(provenance(last)).containsEntry("decision", "PARTIAL").containsEntry("role", "customer");
        assertThat(text).startsWith("A refund takes").doesNotContain("5");
        assertThat(audited(last).payload()).containsEntry("subject", "cy").containsEntry("session_id", "cy-1");
        List<Message> memory = chatMemory.get("cy-1");
        assertThat(memory).filteredOn(message -> message.getMessageType() == MessageType.ASSISTANT)
                .extracting(Message::getText).containsExactly(text);
        assertThat(application.chatClientModelCalls).hasValue(0);
    }

    @Test
    @WithMockUser(username = "ada", authorities = {"ROLE_AGENT", "CLEARANCE_INTERNAL"})
    void withoutTheCallerAdvisorAStreamBehindTheMemoryAdvisorFindsNobodyAndIsDenied(
            @Autowired KeelAdvisor keel) {
        ChatClient withoutCaller = ChatClient.builder(prompt -> {
            throw new IllegalStateException("the ChatClient's own model was called");
        }).defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build(), keel).build();

        assertThatThrownBy(() -> withoutCaller.prompt().user(REFUNDS).stream().content().blockLast(GENEROUS))
                .isInstanceOfSatisfying(KeelDeniedException.class, denied ->
                        assertThat(denied.reasonCodes().values()).containsExactly("principal_missing"));
        // Called, the same ChatClient runs on this thread and finds the user.
        assertThat(withoutCaller.prompt().user(REFUNDS).call().content()).isEqualTo(ANSWER_WITH_A_FIGURE);
    }

    private static ApplicationContextRunner runner(Path directory) {
        return runner(directory, DeskApplication.model());
    }

    private static ApplicationContextRunner runner(Path directory, LlmBackend deskModel) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class,
                        KeelSecurityAutoConfiguration.class, KeelSpringAiAutoConfiguration.class))
                .withBean("deskModel", LlmBackend.class, () -> deskModel)
                .withPropertyValues(DeskApplication.properties(directory).entrySet().stream()
                        .map(property -> property.getKey() + "=" + property.getValue()).toArray(String[]::new));
    }

    @Test
    void theLabelsOfEachCallAreKeptInTheApplicationsSessionStoreAndOutliveARestart(@TempDir Path directory) {
        ChatMemory memory = MessageWindowChatMemory.builder().build();
        List<ChatRequest> sent = new CopyOnWriteArrayList<>();
        LlmBackend recording = request -> {
            sent.add(request);
            return DeskApplication.model().chat(request);
        };
        // Two runs of the application over one store, the chat memory outliving both.
        for (String question : List.of(REFUNDS, "Thanks, anything else?")) {
            runner(directory, recording).run(context -> {
                ChatClient desk = ChatClient.builder(prompt -> {
                    throw new IllegalStateException("the ChatClient's own model was called");
                }).defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build(), context.getBean(KeelAdvisor.class))
                        .build();

                desk.prompt().user(question).advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "desk-1")
                        .param(KeelAdvisor.PRINCIPAL, Principal.of("agent", "internal"))).call().content();

                assertThat(context.getBean(SessionStore.class).read("session:desk-1"))
                        .containsKey(ContentLabels.STATE_KEY);
            });
        }

        // The memory gave the answer back as text; the labels the first run kept came back with it.
        ChatRequest second = sent.get(1);
        assertThat(second.messages()).extracting(dev.keel.core.spi.ChatMessage::text)
                .containsExactly(REFUNDS, DeskApplication.ANSWER, "Thanks, anything else?");
        assertThat(second.messages().get(1).labels().domains()).contains("refunds");
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnAdvisor {
        @Bean
        KeelAdvisor ownAdvisor(Pipeline pipeline) {
            return KeelAdvisor.builder(pipeline).refusal("Not here.").build();
        }
    }

    @Test
    void theBeanBacksOffForTheApplicationsOwnAndIsOffByProperty(@TempDir Path directory) {
        runner(directory).withUserConfiguration(OwnAdvisor.class).run(context ->
                assertThat(context).hasNotFailed().hasSingleBean(KeelAdvisor.class).hasBean("ownAdvisor"));
        runner(directory).withPropertyValues("keel.spring-ai.enabled=false").run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(KeelAdvisor.class).hasSingleBean(Pipeline.class));
        runner(directory).run(context -> assertThat(context).hasNotFailed().hasSingleBean(KeelAdvisor.class));
    }

    @Test
    void withoutKeelSpringAiOnTheClassPathThereIsNoBeanAndTheStarterStillStarts(@TempDir Path directory) {
        runner(directory).withClassLoader(new FilteredClassLoader("dev.keel.spring.ai.")).run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean("keelAdvisor").hasSingleBean(Pipeline.class));
    }

    @Test
    void withoutAPrincipalSourceStartupFailsNamingWhatToDefine(@TempDir Path directory) {
        runner(directory).withClassLoader(new FilteredClassLoader("org.springframework.security.")).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("Supplier<Principal>")
                    .hasMessageContaining("keel.spring-ai.enabled=false");
        });
        runner(directory).withClassLoader(new FilteredClassLoader("org.springframework.security."))
                .withBean("signedIn", Supplier.class, () -> (Supplier<Principal>) () -> Principal.of("agent", "internal"))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(KeelAdvisor.class));
    }
}
