package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.aiservices.Chambers.TextOnlyMemoryStore;
import dev.keel.core.Principal;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.store.jdbc.JdbcStores;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A conversation through an AI Service with chat memory over the governed chat model, with the house's model and the
 * cloud's behind real HTTP servers on loopback: what the cloud server received is what left the house. The sealed
 * matter's words name nothing sealed (the file that makes it sealed is found only when the matter is named), so only
 * the labels the model kept say, in a later chat, what must stay in.
 */
class ConversationOverHttpTest {

    interface Assistant {
        String chat(String message);
    }

    private final Chambers chambers = new Chambers();

    @AfterEach
    void close() {
        chambers.close();
    }

    private static GovernedChatModel.Builder model(Chambers chambers, Principal principal) {
        return GovernedChatModel.builder(chambers.pipeline()).principal(() -> principal).subject(() -> "ada");
    }

    private static Assistant assistant(GovernedChatModel model, ChatMemory memory) {
        return AiServices.builder(Assistant.class).chatModel(model).chatMemory(memory).build();
    }

    @Test
    void aSealedMatterAnsweredInTheHouseNeverFollowsAnEverydayQuestionToTheCloud() {
        MessageWindowChatMemory memory = MessageWindowChatMemory.withMaxMessages(10);
        Assistant assistant = assistant(model(chambers, Chambers.PARTNER).build(), memory);

        assertThat(assistant.chat(Chambers.SEALED_QUESTION)).isEqualTo(Chambers.SEALED_ANSWER);
        assertThat(chambers.cloud.requests()).isEmpty();
        AiMessage answered = (AiMessage) memory.messages().get(1);
        assertThat(answered.attributes().get(GovernedChatModel.LABELS_ATTRIBUTE)).isEqualTo(Map.of(
                "domains", List.of("matters", "sealed_matters"), "internal_only", true, "decision", "ALLOW"));

        assistant.chat(Chambers.EVERYDAY_QUESTION);

        assertThat(chambers.cloud.requests()).isEmpty();
        assertThat(chambers.house.requests()).hasSize(2);
        assertThat(chambers.house.requests().get(1).body()).contains("ORCA", "Ada Quill");
        assertThat(Ward.payload(chambers.audit.records().get(1), "reason_codes")).asList()
                .contains("internal_only_by_history");

        // The same question in a conversation that never touched the matter goes to the cloud, with nothing of it.
        assistant(model(chambers, Chambers.PARTNER).build(), MessageWindowChatMemory.withMaxMessages(10))
                .chat(Chambers.EVERYDAY_QUESTION);
        assertThat(chambers.cloud.requests()).hasSize(1);
        assertThat(chambers.sentToTheCloud(0)).singleElement().asString().contains("Which room is free")
                .doesNotContain("ORCA", "Ada Quill", "hearing");
    }

    @Test
    void aDeniedQuestionIsNotReplayedWhenTheUserAsksForTheirPreviousQuestion() {
        MessageWindowChatMemory memory = MessageWindowChatMemory.withMaxMessages(10);
        Assistant assistant = assistant(model(chambers, Chambers.ASSOCIATE).build(), memory);

        assertThatThrownBy(() -> assistant.chat(Chambers.SEALED_QUESTION))
                .isInstanceOfSatisfying(KeelDeniedException.class,
                        denied -> assertThat(denied.reasonCodes().values()).contains("domain_denied"));
        // The memory kept the denied question: it is what the next chat would replay.
        assertThat(memory.messages()).singleElement().isInstanceOf(UserMessage.class);

        assistant.chat("Please answer my previous question.");

        assertThat(chambers.house.requests()).isEmpty();
        assertThat(chambers.cloudMessages()).contains("Please answer my previous question.")
                .noneSatisfy(text -> assertThat(text).contains("ORCA"));
        assertThat(Ward.payload(chambers.audit.records().get(1), "reason_codes")).asList()
                .contains("denied_content_dropped");
    }

    @Test
    void labelsComeBackFromTheSessionStoreWhenTheMemoryKeptOnlyTextAcrossARestart(@TempDir Path directory) {
        TextOnlyMemoryStore rows = new TextOnlyMemoryStore();
        Path file = directory.resolve("labels.db");
        try (JdbcStores stores = JdbcStores.sqlite(file)) {
            Assistant assistant = assistant(GovernedChatModel.builder(chambers.pipeline(stores.sessionStore()))
                    .principal(() -> Chambers.PARTNER).session(() -> "matter-chat").build(), memory(rows));
            assistant.chat(Chambers.SEALED_QUESTION);
        }
        List<ChatMessage> kept = memory(rows).messages();
        assertThat(kept).hasSize(2);
        assertThat(((AiMessage) kept.get(1)).attributes()).isEmpty();

        // The process starts again: a new pipeline over the same store, the memory read back as text.
        try (JdbcStores stores = JdbcStores.sqlite(file)) {
            Assistant assistant = assistant(GovernedChatModel.builder(chambers.pipeline(stores.sessionStore()))
                    .principal(() -> Chambers.PARTNER).session(() -> "matter-chat").build(), memory(rows));
            assistant.chat(Chambers.EVERYDAY_QUESTION);
        }
        assertThat(chambers.cloud.requests()).isEmpty();
        assertThat(chambers.house.requests()).hasSize(2);
        assertThat(Ward.payload(chambers.audit.records().get(1), "reason_codes")).asList()
                .contains("internal_only_by_history").doesNotContain(ContentLabels.UNKNOWN_HISTORY);

        // A store that never saw the conversation knows nothing of the answer the memory replays: it stays inside,
        // though the matter's words alone name nothing sealed, and the audit record says why.
        SessionStore forgetful = new InMemorySessionStore();
        assistant(GovernedChatModel.builder(chambers.pipeline(forgetful)).principal(() -> Chambers.PARTNER)
                .session(() -> "matter-chat").build(), memory(rows)).chat(Chambers.EVERYDAY_QUESTION);
        assertThat(chambers.cloud.requests()).isEmpty();
        assertThat(chambers.house.requests()).hasSize(3);
        assertThat(Ward.payload(chambers.audit.records().get(2), "reason_codes")).asList()
                .contains(ContentLabels.UNKNOWN_HISTORY);
    }

    private static ChatMemory memory(TextOnlyMemoryStore rows) {
        return MessageWindowChatMemory.builder().id("matter-chat").maxMessages(20).chatMemoryStore(rows).build();
    }
}
