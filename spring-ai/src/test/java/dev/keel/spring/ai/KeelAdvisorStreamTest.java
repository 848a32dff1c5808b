package dev.keel.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Principal;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A ChatClient stream governed by Keel's advisor: the cloud model streams on Ollama's wire from the loopback server,
 * and what reaches the caller and the chat memory is what the streaming filter let go.
 */
class KeelAdvisorStreamTest {

    private static final Duration GENEROUS = Duration.ofSeconds(30);

    private final ApplicationContextRunner clinic = new ApplicationContextRunner().withUserConfiguration(Clinic.class);

    @Test
    void underPartialNoChunkHoldsAFigureAndMemoryStoresTheFilteredStream() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            // Longer than several windows of the streaming filter, so that the answer leaves in more than one chunk.
            String[] notes = new String[60];
            for (int i = 0; i < notes.length; i++) {
                notes[i] = "On " + (i % 28 + 1) + " March BED-" + (100 + i) + " had " + (i + 2) + " admissions. ";
            }
            server.onModel(Clinic.CLOUD_MODEL).reply(Reply.chunks(notes));
            context.getBean(Clinic.SignedIn.class).as(Clinic.VISITOR);

            List<ChatClientResponse> responses = context.getBean(ChatClient.class).prompt()
                    .user("How many beds are free?")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "visit-2"))
                    .stream().chatClientResponse().collectList().block(GENEROUS);

            List<String> chunks = responses.stream()
                    .map(response -> response.chatResponse().getResult().getOutput().getText()).toList();
            assertThat(chunks).hasSizeGreaterThan(1)
                    .noneSatisfy(chunk -> assertThat(Clinic.holdsDigits(chunk)).isTrue());
            String joined = String.join("", chunks);
            assertThat(joined).contains("[bed withheld]", "[date withheld]").doesNotContain("BED-1");
            // The last response carries the provenance; the memory stores the stream's text as the caller saw it.
            ChatClientResponse last = responses.get(responses.size() - 1);
            assertThat((Map<String, Object>) last.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE))
                    .containsEntry("decision", "PARTIAL").containsEntry("backend_used", "cloud");
            List<Message> memory = context.getBean(ChatMemory.class).get("visit-2");
            assertThat(memory).filteredOn(message -> message.getMessageType() == MessageType.ASSISTANT)
                    .extracting(Message::getText).containsExactly(joined);
            assertThat(Clinic.sentOutside(server)).singleElement()
                    .satisfies(sent -> assertThat(sent).contains("Speak in qualitative terms only"));
            assertThat(server.requests().get(0).json()).containsEntry("stream", true);
            // On the stream's thread too, Keel's observations join Spring AI's.
            assertThat(context.getBean(Clinic.Observed.class).started)
                    .anySatisfy(line -> assertThat(line).startsWith("keel.call < spring.ai.advisor"));
        });
    }

    @Test
    void aStreamTakesItsPrincipalFromTheAdvisorParameterAcrossSpringAisSchedulerThread() {
        clinic.run(context -> {
            context.getBean(LoopbackModelServer.class).onModel(Clinic.CLOUD_MODEL).reply("The ward is calm.");
            // No supplier: only the parameter, read on the request thread, names who asks.
            ChatClient chat = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(MessageChatMemoryAdvisor.builder(context.getBean(ChatMemory.class)).build(),
                            KeelAdvisor.builder(context.getBean(Pipeline.class)).build())
                    .build();

            List<ChatClientResponse> responses = chat.prompt().user("Give me an overview of the ward")
                    .advisors(advisor -> advisor.param(KeelAdvisor.PRINCIPAL, Clinic.CLINICIAN))
                    .stream().chatClientResponse().collectList().block(GENEROUS);

            ChatClientResponse last = responses.get(responses.size() - 1);
            assertThat(last.chatResponse().getResult().getOutput().getText()).isEqualTo("The ward is calm.");
            assertThat((Map<String, Object>) last.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE))
                    .containsEntry("decision", "ALLOW").containsEntry("role", "clinician");
        });
    }

    @Test
    void theCallerAdvisorReadsAThreadBoundPrincipalWhereTheStreamIsSubscribedNotOnSpringAisSchedulerThread() {
        clinic.run(context -> {
            context.getBean(LoopbackModelServer.class).onModel(Clinic.CLOUD_MODEL).reply("The ward is calm.");
            // Set on the subscribing thread only, as Spring Security's context is on a request's thread.
            ThreadLocal<Principal> signedIn = new ThreadLocal<>();
            KeelAdvisor keel = KeelAdvisor.builder(context.getBean(Pipeline.class)).principal(signedIn::get)
                    .subject(() -> signedIn.get() == null ? null : "ada").build();
            MessageChatMemoryAdvisor memory = MessageChatMemoryAdvisor.builder(context.getBean(ChatMemory.class))
                    .build();
            ChatClient withCaller = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(keel.caller(), memory, keel).build();
            ChatClient without = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(memory, keel).build();
            signedIn.set(Clinic.CLINICIAN);
            try {
                List<ChatClientResponse> responses = withCaller.prompt().user("Give me an overview of the ward")
                        .stream().chatClientResponse().collectList().block(GENEROUS);

                ChatClientResponse last = responses.get(responses.size() - 1);
                assertThat(last.chatResponse().getResult().getOutput().getText()).isEqualTo("The ward is calm.");
                assertThat((Map<String, Object>) last.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE))
                        .containsEntry("decision", "ALLOW").containsEntry("role", "clinician");
                assertThat(context.getBean(InMemoryAuditSink.class).records()).last()
                        .satisfies(record -> assertThat(record.payload()).containsEntry("subject", "ada"));

                // Without it, Keel's advisor asks on the memory advisor's scheduler thread, where nobody is set.
                assertThatThrownBy(() -> without.prompt().user("Give me an overview of the ward").stream()
                        .content().blockLast(GENEROUS))
                        .isInstanceOfSatisfying(KeelDeniedException.class, denied ->
                                assertThat(denied.reasonCodes().values()).contains("principal_missing"));
            } finally {
                signedIn.remove();
            }
        });
    }

    @Test
    void onceTheCallerAdvisorFoundNobodyKeelsAdvisorAsksNoSupplierOnTheStreamsThread() {
        clinic.run(context -> {
            context.getBean(LoopbackModelServer.class).onModel(Clinic.CLOUD_MODEL).reply("The ward is calm.");
            // Nobody on the subscribing thread; on any other thread, as if a pooled thread kept an earlier user.
            Thread subscriber = Thread.currentThread();
            KeelAdvisor keel = KeelAdvisor.builder(context.getBean(Pipeline.class))
                    .principal(() -> Thread.currentThread() == subscriber ? null : Clinic.CLINICIAN).build();
            ChatClient chat = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(keel.caller(),
                            MessageChatMemoryAdvisor.builder(context.getBean(ChatMemory.class)).build(), keel)
                    .build();

            assertThatThrownBy(() -> chat.prompt().user("Give me an overview of the ward").stream().content()
                    .blockLast(GENEROUS))
                    .isInstanceOfSatisfying(KeelDeniedException.class, denied ->
                            assertThat(denied.reasonCodes().values()).contains("principal_missing"));
            assertThat(context.getBean(LoopbackModelServer.class).requests()).isEmpty();
        });
    }

    @Test
    void aDeniedStreamEndsWithTheTypedExceptionAndNoChunk() {
        clinic.run(context -> {
            context.getBean(Clinic.SignedIn.class).as(Clinic.CONTRACTOR);

            List<String> seen = new CopyOnWriteArrayList<>();
            assertThatThrownBy(() -> context.getBean(ChatClient.class).prompt().user("List the patient diagnoses")
                    .stream().content().doOnNext(seen::add).blockLast(GENEROUS))
                    .isInstanceOf(KeelDeniedException.class);

            assertThat(seen).isEmpty();
            assertThat(context.getBean(LoopbackModelServer.class).requests()).isEmpty();
        });
    }

    @Test
    void cancellingTheStreamCancelsTheGovernedCall() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            String[] many = new String[1000];
            Arrays.fill(many, "calm and quiet tonight ");
            server.onModel(Clinic.CLOUD_MODEL).reply(Reply.chunks(many).every(Duration.ofMillis(10)));

            List<String> first = context.getBean(ChatClient.class).prompt().user("Give me an overview of the ward")
                    .stream().content().take(2).collectList().block(GENEROUS);

            assertThat(first).hasSize(2);
            InMemoryAuditSink audit = context.getBean(InMemoryAuditSink.class);
            long deadline = System.nanoTime() + GENEROUS.toNanos();
            while (audit.records().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            // The governed call stopped reading the model's stream and was audited as cancelled.
            assertThat(audit.records()).singleElement()
                    .satisfies(record -> assertThat(record.payload()).containsEntry("outcome", "cancelled"));
        });
    }
}
