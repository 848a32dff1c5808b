package dev.keel.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.pipeline.Pipeline;
import dev.keel.test.core.LoopbackModelServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

/**
 * Spring AI's retrieval advisor before Keel's, with the chat memory's before both: the documents it writes into the
 * user message are governed as parts of their own, labelled from their metadata.
 */
class KeelAdvisorRetrievalTest {

    private static final String NOTE = "Night shift: the east corridor has 14 beds out of use since 2 May.";

    private final ApplicationContextRunner clinic = new ApplicationContextRunner().withUserConfiguration(Clinic.class);

    /** The clinic's ChatClient with a retrieval advisor that finds {@code document} for every question. */
    private static ChatClient withRetrieval(ApplicationContext context, Document document) {
        return ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                .defaultAdvisors(MessageChatMemoryAdvisor.builder(context.getBean(ChatMemory.class)).build(),
                        RetrievalAugmentationAdvisor.builder().documentRetriever(query -> List.of(document)).build(),
                        context.getBean(KeelAdvisor.class))
                .build();
    }

    @Test
    void aDocumentMarkedInternalOnlyKeepsTheCallInTheHouse() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.WARD_MODEL).reply("The east corridor is partly closed.");
            Document note = new Document(NOTE, Map.of(KeelAdvisor.INTERNAL_ONLY_METADATA, true,
                    KeelAdvisor.DOMAINS_METADATA, List.of("ward_summaries")));

            ChatClientResponse response = withRetrieval(context, note).prompt().user("Give me an overview of the ward")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "rag-1"))
                    .call().chatClientResponse();

            assertThat(response.chatResponse().getResult().getOutput().getText())
                    .isEqualTo("The east corridor is partly closed.");
            Map<String, Object> provenance = response.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE);
            // The document's label is weighed from routing on: the call is routed inside, not turned back there.
            assertThat(provenance).containsEntry("backend_target", "ward").containsEntry("backend_used", "ward");
            assertThat((List<Object>) provenance.get("reason_codes")).contains("internal_only_by_message");
            assertThat(Clinic.sentOutside(server)).isEmpty();
            // The house model got the document within the user message, as the retrieval advisor wrote it.
            assertThat(Clinic.messages(Clinic.sentInside(server).get(0))).contains(NOTE, "Give me an overview of the ward");
            // The memory stores the user's own question and the reply, not the retrieved note.
            List<Message> memory = context.getBean(ChatMemory.class).get("rag-1");
            assertThat(memory).extracting(Message::getText)
                    .containsExactly("Give me an overview of the ward", "The east corridor is partly closed.");
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void aDocumentOfADomainOutsideTheRoleLowersAllowToPartialAndTheAnswerWithholdsItsFigures() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("14 beds are out of use since 2 May.");
            server.onModel(Clinic.WARD_MODEL).reply("14 beds are out of use since 2 May.");
            context.getBean(Clinic.SignedIn.class).as(Clinic.CONTRACTOR);
            Document rota = new Document(NOTE, Map.of(KeelAdvisor.DOMAINS_METADATA, List.of("staff_rota")));

            ChatClientResponse response = withRetrieval(context, rota).prompt().user("Give me an overview of the ward")
                    .call().chatClientResponse();

            String answer = response.chatResponse().getResult().getOutput().getText();
            assertThat(answer).contains("beds are out of use").doesNotContain("14", "2 May");
            Map<String, Object> provenance = response.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE);
            assertThat((List<Object>) provenance.get("reason_codes")).contains("decision_lowered_by_message");
        });
    }

    @Test
    void anUnmarkedDocumentMayLeaveButOnlyAsTheEgressFilterLetsIt() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("Part of the east corridor is closed.");
            context.getBean(Clinic.SignedIn.class).as(Clinic.VISITOR);

            String answer = withRetrieval(context, new Document(NOTE)).prompt().user("Give me an overview of the ward")
                    .call().content();

            assertThat(answer).isEqualTo("Part of the east corridor is closed.");
            assertThat(Clinic.sentOutside(server)).singleElement().satisfies(sent -> {
                assertThat(sent).contains("Night shift: the east corridor has", "Give me an overview of the ward");
                assertThat(sent).doesNotContain("14 beds", "2 May");
                assertThat(Clinic.holdsDigits(sent)).isFalse();
            });
        });
    }

    @Test
    void withoutTheRetrievedDocumentTheSameQuestionGoesToTheCloudModel() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("All calm.");
            ChatClient plain = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(KeelAdvisor.builder(context.getBean(Pipeline.class))
                            .principal(() -> Clinic.CLINICIAN).build())
                    .build();

            assertThat(plain.prompt().user("Give me an overview of the ward").call().content()).isEqualTo("All calm.");
            assertThat(Clinic.sentOutside(server)).hasSize(1);
            assertThat(Clinic.sentInside(server)).isEmpty();
        });
    }
}
