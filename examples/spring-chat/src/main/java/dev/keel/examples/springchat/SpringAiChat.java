package dev.keel.examples.springchat;

import dev.keel.core.spi.LlmBackend;
import dev.keel.spring.ai.KeelAdvisor;
import dev.keel.spring.ai.SpringAiBackends;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.InMemoryChatMemoryRepository;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring AI on the governed call. The scripted model, a Spring AI {@code ChatModel}, is the pipeline's backend
 * {@code assistant} ({@code keel.backends.assistant.bean: scriptedModel}) through {@link SpringAiBackends}, for both
 * paths. The {@link ChatClient} of {@link AiChatController} runs three advisors: the starter's
 * {@link KeelAdvisor#caller()} first (it reads the signed-in user on the request's thread), Spring AI's chat memory
 * (in memory, by conversation), and the starter's {@link KeelAdvisor} last, which answers through the pipeline, so the
 * memory stores the filtered reply. The beans are thread-safe singletons.
 */
@Configuration(proxyBeanMethods = false)
class SpringAiChat {

    /** How many messages of a conversation the chat memory keeps. */
    private static final int MEMORY_WINDOW = 20;

    /** The scripted model as the pipeline's backend, reporting itself as {@value ScriptedModel#ID}. */
    @Bean
    LlmBackend scriptedModel(ScriptedModel model) {
        return SpringAiBackends.backend(ScriptedModel.ID, model);
    }

    @Bean
    ChatMemory chatMemory() {
        return MessageWindowChatMemory.builder().chatMemoryRepository(new InMemoryChatMemoryRepository())
                .maxMessages(MEMORY_WINDOW).build();
    }

    /**
     * The governed ChatClient. Its own model is never called (Keel's advisor answers through the pipeline); it is
     * given the scripted model, the internal one, as Keel's advisor asks.
     */
    @Bean
    ChatClient governedChatClient(ScriptedModel model, KeelAdvisor keel, ChatMemory chatMemory,
                                  ObjectProvider<ObservationRegistry> observations) {
        return ChatClient.builder(model, observations.getIfUnique(() -> ObservationRegistry.NOOP), null, null)
                .defaultAdvisors(keel.caller(), MessageChatMemoryAdvisor.builder(chatMemory).build(), keel)
                .build();
    }
}
