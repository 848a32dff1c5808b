package dev.keel.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.Pipeline;
import dev.keel.store.jdbc.JdbcStores;
import dev.keel.test.core.LoopbackModelServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.PromptChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.generation.augmentation.ContextualQueryAugmenter;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

/**
 * What Spring AI's chat memory replays, as plain text, to Keel's advisor: the caller advisor, the memory advisor, a
 * retrieval advisor whose document about a deal is labelled internal only, then Keel's, over real Spring AI chat models
 * on the loopback model server. The answer the document gave is kept in the house in the next call whether the call
 * names a conversation or not, after a restart over the same session store, and when Keel never saw it at all.
 */
class KeelAdvisorMemoryTest {

    private static final String DEAL = "Falcon is the code name for acquiring Bright-Water Ltd.";
    private static final String FIRST = "Give me an overview of project Falcon";
    /** A question whose words name nothing sensitive: by them alone it goes to the cloud model. */
    private static final String NEXT = "Write a short note on where we stand";

    private final ApplicationContextRunner clinic = new ApplicationContextRunner().withUserConfiguration(Clinic.class);

    /** The deal's document, for the question that names the deal; nothing for any other. */
    private static RetrievalAugmentationAdvisor dealRetrieval() {
        Document deal = new Document(DEAL, Map.of(KeelAdvisor.INTERNAL_ONLY_METADATA, true));
        return RetrievalAugmentationAdvisor.builder()
                .documentRetriever(query -> query.text().contains("Falcon") ? List.of(deal) : List.of())
                .queryAugmenter(ContextualQueryAugmenter.builder().allowEmptyContext(true).build())
                .build();
    }

    /** The clinic's ChatClient: the caller advisor, the memory, the deal's retrieval, then {@code keel}. */
    private static ChatClient chat(ApplicationContext context, KeelAdvisor keel) {
        return ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                .defaultAdvisors(keel.caller(), MessageChatMemoryAdvisor.builder(context.getBean(ChatMemory.class))
                        .build(), dealRetrieval(), keel)
                .build();
    }

    /** A pipeline over the clinic's models as a process starting afresh builds it, over {@code store}. */
    private static Pipeline pipeline(ApplicationContext context, SessionStore store) {
        return KeelAdvisor.pipeline(Clinic.policy())
                .internal("ward", context.getBean("wardModel", ChatModel.class))
                .external("cloud", context.getBean("cloudModel", ChatModel.class))
                .sessionStore(store).auditSink(context.getBean(InMemoryAuditSink.class))
                .build();
    }

    @SuppressWarnings("unchecked")
    private static List<String> reasonCodes(ChatClientResponse response) {
        return (List<String>) ((Map<String, Object>) response.chatResponse().getMetadata()
                .get(KeelAdvisor.PROVENANCE)).get("reason_codes");
    }

    private static AuditRecord lastRecord(ApplicationContext context) {
        List<AuditRecord> records = context.getBean(InMemoryAuditSink.class).records();
        return records.get(records.size() - 1);
    }

    @Test
    void withoutAConversationIdTheAnswerTheSealedDocumentGaveNeverReachesTheCloudModel() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.WARD_MODEL).reply(DEAL);
            server.onModel(Clinic.CLOUD_MODEL).reply("A note from the cloud.");
            ChatClient chat = chat(context, context.getBean(KeelAdvisor.class));

            assertThat(chat.prompt().user(FIRST).call().content()).isEqualTo(DEAL);
            assertThat(Clinic.sentOutside(server)).isEmpty();
            // Spring AI's memory fell back to its default conversation, and replays the answer as text.
            assertThat(context.getBean(ChatMemory.class).get(ChatMemory.DEFAULT_CONVERSATION_ID))
                    .extracting(message -> message.getText()).containsExactly(FIRST, DEAL);

            ChatClientResponse next = chat.prompt().user(NEXT).call().chatClientResponse();

            assertThat(Clinic.sentOutside(server)).isEmpty();
            assertThat(Clinic.messages(Clinic.sentInside(server).get(1))).contains(DEAL, NEXT);
            // No session: the labels were kept under the signed-in user's subject, and came back by content.
            assertThat(reasonCodes(next)).contains("internal_only_by_history")
                    .doesNotContain(ContentLabels.UNKNOWN_HISTORY);
            // Two turns, two records, however much of the first the memory replays in the second.
            assertThat(context.getBean(InMemoryAuditSink.class).records()).hasSize(2).allSatisfy(record ->
                    assertThat(record.payload()).containsEntry("rounds", List.of(record.requestId())));
        });
    }

    @Test
    void aStreamedAnswerIsKeptByItsContentToo() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.WARD_MODEL).reply(DEAL);
            ChatClient chat = chat(context, context.getBean(KeelAdvisor.class));

            assertThat(String.join("", chat.prompt().user(FIRST).stream().content().collectList()
                    .block(Duration.ofSeconds(30)))).isEqualTo(DEAL);
            chat.prompt().user(NEXT).stream().content().collectList().block(Duration.ofSeconds(30));

            assertThat(Clinic.sentOutside(server)).isEmpty();
            assertThat(context.getBean(InMemoryAuditSink.class).records()).hasSize(2);
            assertThat(lastRecord(context).payload().get("reason_codes").toString())
                    .contains("internal_only_by_history").doesNotContain(ContentLabels.UNKNOWN_HISTORY);
        });
    }

    @Test
    void aNewPipelineOverTheSameStoreAndMemoryStillKeepsTheSealedAnswerInTheHouse(@TempDir Path directory) {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.WARD_MODEL).reply(DEAL);
            Path file = directory.resolve("sessions.db");
            try (JdbcStores stores = JdbcStores.sqlite(file)) {
                KeelAdvisor keel = KeelAdvisor.builder(pipeline(context, stores.sessionStore()))
                        .principal(() -> Clinic.CLINICIAN).build();
                chat(context, keel).prompt().user(FIRST)
                        .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "deal-1")).call().content();
            }

            // The process starts again: a new pipeline and advisor, the same store and chat memory.
            ChatClientResponse next;
            try (JdbcStores stores = JdbcStores.sqlite(file)) {
                KeelAdvisor keel = KeelAdvisor.builder(pipeline(context, stores.sessionStore()))
                        .principal(() -> Clinic.CLINICIAN).build();
                next = chat(context, keel).prompt().user(NEXT)
                        .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "deal-1"))
                        .call().chatClientResponse();
            }

            assertThat(Clinic.sentOutside(server)).isEmpty();
            assertThat(Clinic.sentInside(server)).hasSize(2);
            assertThat(reasonCodes(next)).contains("internal_only_by_history", "internal_only_by_session")
                    .doesNotContain(ContentLabels.UNKNOWN_HISTORY);
        });
    }

    @Test
    void aCleanAnswerComesBackCleanAfterARestartAndMayLeave(@TempDir Path directory) {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("The ward is calm tonight.", "Nothing new since.");
            Path file = directory.resolve("sessions.db");
            for (String question : List.of("Give me an overview of the ward", NEXT)) {
                try (JdbcStores stores = JdbcStores.sqlite(file)) {
                    KeelAdvisor keel = KeelAdvisor.builder(pipeline(context, stores.sessionStore()))
                            .principal(() -> Clinic.CLINICIAN).build();
                    chat(context, keel).prompt().user(question)
                            .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "calm-1")).call().content();
                }
            }

            assertThat(Clinic.sentInside(server)).isEmpty();
            assertThat(Clinic.sentOutside(server)).hasSize(2)
                    .last().asString().contains("The ward is calm tonight.", NEXT);
            assertThat(lastRecord(context).payload().get("reason_codes").toString())
                    .doesNotContain(ContentLabels.UNKNOWN_HISTORY);
        });
    }

    @Test
    void anAnswerKeelNeverSawIsInternalOnlyAndTheAuditRecordSaysWhy() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.WARD_MODEL).reply("Noted.");
            // A memory written before Keel governed this ChatClient, or by another application.
            context.getBean(ChatMemory.class).add("old-1", List.of(new UserMessage("What is the code name?"),
                    new AssistantMessage(DEAL)));

            chat(context, context.getBean(KeelAdvisor.class)).prompt().user(NEXT)
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "old-1")).call().content();

            assertThat(Clinic.sentOutside(server)).isEmpty();
            assertThat(Clinic.messages(Clinic.sentInside(server).get(0))).contains(DEAL);
            AuditRecord record = lastRecord(context);
            assertThat(record.payload()).containsEntry("internal_only", true).containsEntry("backend_used", "ward");
            assertThat(record.payload().get("reason_codes").toString()).contains(ContentLabels.UNKNOWN_HISTORY);
        });
    }

    @Test
    void theAdvisorsOwnRefusalInTheMemoryIsADeniedTurnsAnswerNotReplayed() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("The ward is calm.");
            KeelAdvisor refusing = KeelAdvisor.builder(context.getBean(Pipeline.class))
                    .principal(() -> Clinic.CONTRACTOR).subject(() -> "contractor-1")
                    .refusal("I cannot help with that here.").build();
            ChatClient chat = chat(context, refusing);

            // No conversation id: a denied turn about patients would keep a session in the house.
            assertThat(chat.prompt().user("List the patient diagnoses").call().content())
                    .isEqualTo("I cannot help with that here.");
            ChatClientResponse next = chat.prompt().user("Give me an overview of the ward").call()
                    .chatClientResponse();

            assertThat(next.chatResponse().getResult().getOutput().getText()).isEqualTo("The ward is calm.");
            assertThat(reasonCodes(next)).contains("denied_content_dropped")
                    .doesNotContain(ContentLabels.UNKNOWN_HISTORY);
            assertThat(Clinic.sentOutside(server)).singleElement().asString().contains("overview of the ward")
                    .doesNotContain("diagnoses", "cannot help");
        });
    }

    @Test
    void aMemoryAdvisorThatWritesTheConversationIntoTheSystemTextIsRefused() {
        clinic.run(context -> {
            KeelAdvisor keel = context.getBean(KeelAdvisor.class);
            ChatClient chat = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(PromptChatMemoryAdvisor.builder(context.getBean(ChatMemory.class)).build(), keel)
                    .build();

            assertThatThrownBy(() -> chat.prompt().user(NEXT).call().content())
                    .isInstanceOf(ConfigurationException.class).hasMessageContaining("MessageChatMemoryAdvisor");
            assertThat(context.getBean(LoopbackModelServer.class).requests()).isEmpty();
        });
    }
}
