package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A PARTIAL conversation through AI Services, with the external model behind a real HTTP server on loopback. */
class GovernedCallOverHttpTest {

    interface Assistant {
        String chat(String message);
    }

    @Test
    void afterAPartialTurnTheChatMemoryHoldsNoWithheldFigure() {
        try (OverHttp ward = new OverHttp(Ward.VISITOR, List.of("12 beds free on BED-101"),
                List.of("There are 12 free beds (80% occupancy); BED-101 has been free since 3 March.", "Still few."))) {
            MessageWindowChatMemory memory = MessageWindowChatMemory.withMaxMessages(10);
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(ward.governed).chatMemory(memory).build();

            String first = assistant.chat("How many beds are free?");

            String filtered = "There are [figure withheld] free beds ([percentage withheld] occupancy); [bed withheld] has"
                    + " been free since [date withheld].";
            assertThat(first).isEqualTo(filtered);
            assertThat(memory.messages()).filteredOn(AiMessage.class::isInstance)
                    .extracting(message -> ((AiMessage) message).text()).containsExactly(filtered);
            assertThat(memory.messages()).allSatisfy(message -> assertThat(Ward.holdsDigits(message.toString()))
                    .as(message.toString()).isFalse());

            assistant.chat("And now?");

            assertThat(ward.sentOutside()).contains(filtered, "Speak in qualitative terms only: give no counts, dates or"
                    + " percentages.");
            assertThat(ward.sentOutside()).noneSatisfy(text -> assertThat(Ward.holdsDigits(text)).isTrue());
        }
    }
}
