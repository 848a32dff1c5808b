package dev.keel.spring.ai;

import dev.keel.core.Principal;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.ModelApi;
import dev.keel.test.core.WireRequest;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.ollama.OllamaChatModel;
import org.springframework.ai.ollama.api.OllamaApi;
import org.springframework.ai.ollama.api.OllamaChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.retry.support.RetryTemplate;

/**
 * The clinic of these tests, as a Spring application wires it: a loopback model server standing in for two providers,
 * the clinic's own model (OpenAI-compatible wire, {@value #WARD_MODEL}) and a cloud model (Ollama wire,
 * {@value #CLOUD_MODEL}) as real Spring AI chat models, a chat memory, the pipeline over both models under the clinic's
 * policy, and a ChatClient whose advisors are the chat memory's and Keel's, all observed by one registry.
 */
@Configuration(proxyBeanMethods = false)
class Clinic {

    static final String WARD_MODEL = "ward-model";
    static final String CLOUD_MODEL = "llama3.1";

    static final Principal CLINICIAN = Principal.of("clinician", "confidential");
    static final Principal VISITOR = Principal.of("visitor", "restricted");
    static final Principal CONTRACTOR = Principal.of("contractor", "unclassified");

    /** Who is signed in on this thread, as a host's security context says. */
    static final class SignedIn {
        private volatile Principal principal = CLINICIAN;

        Principal principal() {
            return principal;
        }

        void as(Principal who) {
            principal = who;
        }

        String id() {
            return principal.role() + "-1";
        }
    }

    /** Every observation started, with the name of its parent: how Keel's join Spring AI's. */
    static final class Observed implements ObservationHandler<Observation.Context> {
        final List<String> started = new CopyOnWriteArrayList<>();

        @Override
        public void onStart(Observation.Context context) {
            Observation parent = context.getParentObservation() == null ? null
                    : (Observation) context.getParentObservation();
            started.add(context.getName() + " < " + (parent == null ? "none" : parent.getContext().getName()));
        }

        @Override
        public boolean supportsContext(Observation.Context context) {
            return true;
        }
    }

    @Bean(destroyMethod = "close")
    LoopbackModelServer modelServer() {
        return LoopbackModelServer.start();
    }

    @Bean
    Observed observed() {
        return new Observed();
    }

    @Bean
    ObservationRegistry observationRegistry(Observed observed) {
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(observed);
        return registry;
    }

    /** One attempt per call: a failure is the governed call's to handle (its fallback), not a retry loop's. */
    private static RetryTemplate once() {
        return RetryTemplate.builder().maxAttempts(1).build();
    }

    @Bean
    ChatModel wardModel(LoopbackModelServer server, ObservationRegistry registry) {
        return OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder().baseUrl(server.baseUrl()).apiKey("ward-key").build())
                .defaultOptions(OpenAiChatOptions.builder().model(WARD_MODEL).build())
                .retryTemplate(once()).observationRegistry(registry).build();
    }

    @Bean
    ChatModel cloudModel(LoopbackModelServer server, ObservationRegistry registry) {
        return OllamaChatModel.builder()
                .ollamaApi(OllamaApi.builder().baseUrl(server.baseUrl()).build())
                .defaultOptions(OllamaChatOptions.builder().model(CLOUD_MODEL).build())
                .retryTemplate(once()).observationRegistry(registry).build();
    }

    @Bean
    InMemoryAuditSink auditSink() {
        return new InMemoryAuditSink();
    }

    @Bean
    ChatMemory chatMemory() {
        return MessageWindowChatMemory.builder().maxMessages(20).build();
    }

    @Bean
    SignedIn signedIn() {
        return new SignedIn();
    }

    /** The clinic's policy. */
    static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(Clinic.class.getClassLoader(), "springai/clinic_policy.json");
    }

    @Bean
    Pipeline pipeline(@Qualifier("wardModel") ChatModel wardModel, @Qualifier("cloudModel") ChatModel cloudModel,
                      ObservationRegistry registry, InMemoryAuditSink auditSink) {
        return KeelAdvisor.pipeline(policy())
                .internal("ward", wardModel)
                .external("cloud", cloudModel)
                .observationRegistry(registry)
                .auditSink(auditSink)
                .build();
    }

    @Bean
    KeelAdvisor keelAdvisor(Pipeline pipeline, SignedIn signedIn) {
        return KeelAdvisor.builder(pipeline).principal(signedIn::principal).subject(signedIn::id).build();
    }

    @Bean
    ChatClient chatClient(@Qualifier("wardModel") ChatModel wardModel, ObservationRegistry registry,
                          ChatMemory chatMemory, KeelAdvisor keelAdvisor) {
        return ChatClient.builder(wardModel, registry, null, null)
                .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build(), keelAdvisor)
                .build();
    }

    /** The messages' texts of each request that reached the cloud model (Ollama's wire), joined per request. */
    static List<String> sentOutside(LoopbackModelServer server) {
        return server.requests().stream().filter(request -> request.api() == ModelApi.OLLAMA_CHAT)
                .map(Clinic::messages).toList();
    }

    /** The texts of a wire request's messages, one per line. */
    static String messages(WireRequest request) {
        return String.join("\n", request.chat().orElseThrow().messages().stream().map(ChatMessage::text).toList());
    }

    /** The requests that reached the clinic's own model (OpenAI's wire). */
    static List<WireRequest> sentInside(LoopbackModelServer server) {
        return server.requests().stream().filter(request -> request.api() == ModelApi.OPENAI_CHAT).toList();
    }

    /** Whether {@code text} holds a digit of any script. */
    static boolean holdsDigits(String text) {
        return text.codePoints().anyMatch(c -> Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER
                || Character.getType(c) == Character.OTHER_NUMBER || Character.getType(c) == Character.LETTER_NUMBER);
    }
}
