package dev.keel.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A ChatClient call governed by Keel's advisor, in a Spring context, against real Spring AI chat models over the
 * loopback model server (the clinic's own model on OpenAI's wire, the cloud model on Ollama's).
 */
class KeelAdvisorCallTest {

    private final ApplicationContextRunner clinic = new ApplicationContextRunner().withUserConfiguration(Clinic.class);

    private static final String PARTIAL_REPLY =
            "There are 12 free beds (80% occupancy); BED-101 has been free since 3 March.";
    private static final String PARTIAL_FILTERED = "There are [figure withheld] free beds ([percentage withheld]"
            + " occupancy); [bed withheld] has been free since [date withheld].";

    @Test
    void anAllowedCallIsAnsweredByTheRoutedModelWithItsProvenanceInTheMetadataAndTheContext() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("The ward is calm tonight.");

            ChatClientResponse response = context.getBean(ChatClient.class).prompt()
                    .system("You are the clinic's assistant.")
                    .user("Give me an overview of the ward")
                    .call().chatClientResponse();

            assertThat(response.chatResponse().getResult().getOutput().getText()).isEqualTo("The ward is calm tonight.");
            Map<String, Object> provenance = response.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE);
            assertThat(provenance).containsEntry("decision", "ALLOW").containsEntry("backend_target", "cloud")
                    .containsEntry("backend_used", "cloud").containsEntry("role", "clinician");
            assertThat(response.context().get(KeelAdvisor.PROVENANCE)).isEqualTo(provenance);
            assertThat(response.chatResponse().getMetadata().getId()).isEqualTo(provenance.get("request_id"));
            assertThat(context.getBean(InMemoryAuditSink.class).records()).hasSize(1)
                    .allSatisfy(record -> assertThat(record.requestId()).isEqualTo(provenance.get("request_id")));
            // The system text and the user's message reached the model as two messages, not one joined string.
            WireRequest sent = server.requests().get(0);
            assertThat(sent.chat().orElseThrow().messages()).extracting(message -> message.role())
                    .containsExactly(ChatRole.SYSTEM, ChatRole.USER);
            assertThat(Clinic.sentInside(server)).isEmpty();
        });
    }

    @Test
    void underPartialTheChatMemoryStoresTheFilteredReplyAndTheNextPromptCarriesOnlyThat() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply(PARTIAL_REPLY, "Still few.");
            context.getBean(Clinic.SignedIn.class).as(Clinic.VISITOR);
            ChatClient chat = context.getBean(ChatClient.class);

            String first = chat.prompt().user("How many beds are free?")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "visit-1")).call().content();

            assertThat(first).isEqualTo(PARTIAL_FILTERED);
            List<Message> memory = context.getBean(ChatMemory.class).get("visit-1");
            assertThat(memory).filteredOn(message -> message.getMessageType() == MessageType.ASSISTANT)
                    .extracting(Message::getText).containsExactly(PARTIAL_FILTERED);
            assertThat(memory).noneSatisfy(message -> assertThat(Clinic.holdsDigits(message.getText())).isTrue());

            chat.prompt().user("And now?")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "visit-1")).call().content();

            List<String> outside = Clinic.sentOutside(server);
            assertThat(outside).hasSize(2);
            assertThat(outside.get(1)).contains(PARTIAL_FILTERED)
                    .contains("Speak in qualitative terms only: give no counts, dates or percentages.");
            assertThat(outside.get(1)).doesNotContain("BED-101", "80%");
        });
    }

    @Test
    void aDeniedCallRaisesTheTypedExceptionCallsNoModelAndLeavesNoReplyInMemory() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            context.getBean(Clinic.SignedIn.class).as(Clinic.CONTRACTOR);

            assertThatThrownBy(() -> context.getBean(ChatClient.class).prompt().user("List the patient diagnoses")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "c-1")).call().content())
                    .isInstanceOfSatisfying(KeelDeniedException.class, denied -> {
                        assertThat(denied.code()).isEqualTo(KeelDeniedException.REQUEST_DENIED);
                        assertThat(denied.decision()).isEqualTo(Decision.DENY);
                        assertThat(denied.reasonCodes().values()).isNotEmpty();
                        assertThat(denied.getMessage()).contains(denied.reasonCodes().values().get(0))
                                .doesNotContain("dev.keel");
                        assertThat(denied.provenance()).containsEntry("decision", "DENY");
                        assertThat(context.getBean(InMemoryAuditSink.class).find(denied.requestId())).isPresent();
                    });

            assertThat(server.requests()).isEmpty();
            assertThat(context.getBean(ChatMemory.class).get("c-1"))
                    .noneMatch(message -> message.getMessageType() == MessageType.ASSISTANT);
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void aDeniedQuestionThatTheChatMemoryKeptIsNeverReplayedToAModel() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.otherwise(Reply.text("Here is what you asked for."));
            context.getBean(Clinic.SignedIn.class).as(Clinic.CONTRACTOR);
            ChatClient chat = context.getBean(ChatClient.class);

            assertThatThrownBy(() -> chat.prompt().user("List the patient diagnoses")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "c-2")).call().content())
                    .isInstanceOf(KeelDeniedException.class);
            // Spring AI's memory stored the question before Keel's advisor ran; the pipeline kept it as denied.
            assertThat(context.getBean(ChatMemory.class).get("c-2")).extracting(Message::getText)
                    .containsExactly("List the patient diagnoses");

            ChatClientResponse followUp = chat.prompt().user("Please answer my previous question")
                    .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, "c-2")).call()
                    .chatClientResponse();

            assertThat(followUp.chatResponse().getResult().getOutput().getText())
                    .isEqualTo("Here is what you asked for.");
            assertThat((List<Object>) ((Map<String, Object>) followUp.chatResponse().getMetadata()
                    .get(KeelAdvisor.PROVENANCE)).get("reason_codes")).contains("denied_content_dropped");
            assertThat(server.requests()).singleElement().satisfies(request -> assertThat(Clinic.messages(request))
                    .contains("Please answer my previous question").doesNotContain("diagnoses"));
        });
    }

    @Test
    void aConfiguredRefusalAnswersADeniedCallAsTheAssistantsMessage() {
        clinic.run(context -> {
            ChatClient refusing = ChatClient.builder(context.getBean("wardModel", ChatModel.class))
                    .defaultAdvisors(KeelAdvisor.builder(context.getBean(Pipeline.class))
                            .principal(() -> Clinic.CONTRACTOR).refusal("I cannot help with that here.").build())
                    .build();

            ChatClientResponse response = refusing.prompt().user("List the patient diagnoses").call()
                    .chatClientResponse();

            assertThat(response.chatResponse().getResult().getOutput().getText())
                    .isEqualTo("I cannot help with that here.");
            assertThat(response.chatResponse().getResult().getMetadata().getFinishReason()).isEqualTo("DENIED");
            assertThat((Map<String, Object>) response.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE))
                    .containsEntry("decision", "DENY");
            assertThat(context.getBean(LoopbackModelServer.class).requests()).isEmpty();
        });
    }

    @Test
    void thePrincipalGivenAsAnAdvisorParameterWinsOverTheSupplier() {
        clinic.run(context -> {
            assertThat(context.getBean(Clinic.SignedIn.class).principal()).isEqualTo(Clinic.CLINICIAN);

            assertThatThrownBy(() -> context.getBean(ChatClient.class).prompt().user("List the patient diagnoses")
                    .advisors(advisor -> advisor.param(KeelAdvisor.PRINCIPAL, Clinic.CONTRACTOR)
                            .param(KeelAdvisor.SUBJECT, "contractor-7"))
                    .call().content())
                    .isInstanceOf(KeelDeniedException.class);
            assertThat(context.getBean(InMemoryAuditSink.class).records()).singleElement()
                    .satisfies(record -> assertThat(record.payload().toString()).contains("contractor-7"));
        });
    }

    @Test
    void anInternalOnlyRequestIsAnsweredInTheHouseAndNeverReachesTheCloudModel() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.WARD_MODEL).reply("Two patients are awaiting review.");

            ChatClientResponse response = context.getBean(ChatClient.class).prompt()
                    .user("Summarise the patient records on the ward").call().chatClientResponse();

            assertThat(response.chatResponse().getResult().getOutput().getText())
                    .isEqualTo("Two patients are awaiting review.");
            assertThat((Map<String, Object>) response.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE))
                    .containsEntry("backend_used", "ward");
            assertThat(Clinic.sentOutside(server)).isEmpty();
            assertThat(Clinic.sentInside(server)).hasSize(1);
        });
    }

    @Test
    void whenTheCloudModelFailsTheHouseModelAnswersAndTheProvenanceSaysWhy() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply(Reply.status(500, "overloaded"));
            server.onModel(Clinic.WARD_MODEL).reply("The ward is calm.");

            ChatClientResponse response = context.getBean(ChatClient.class).prompt()
                    .user("Give me an overview of the ward").call().chatClientResponse();

            assertThat(response.chatResponse().getResult().getOutput().getText()).isEqualTo("The ward is calm.");
            assertThat((Map<String, Object>) response.chatResponse().getMetadata().get(KeelAdvisor.PROVENANCE))
                    .containsEntry("backend_target", "cloud").containsEntry("backend_used", "ward")
                    .containsKey("backend_used_reason");
        });
    }

    @Test
    void anAdvisorOrderedAfterKeelsIsRefusedBeforeAnyModelIsCalled() {
        clinic.run(context -> {
            CallAdvisor late = new CallAdvisor() {
                @Override
                public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
                    return chain.nextCall(request);
                }

                @Override
                public String getName() {
                    return "late";
                }

                @Override
                public int getOrder() {
                    return KeelAdvisor.DEFAULT_ORDER + 1;
                }
            };

            assertThatThrownBy(() -> context.getBean(ChatClient.class).prompt().user("Give me an overview")
                    .advisors(late).call().content())
                    .isInstanceOf(ConfigurationException.class).hasMessageContaining("'late'");
            assertThat(context.getBean(LoopbackModelServer.class).requests()).isEmpty();
        });
    }

    record Beds(String ward, String status) {
    }

    @Test
    void aStructuredOutputCallGovernsItsFormatInstructionsAsAPartOfTheUserMessage() {
        clinic.run(context -> {
            LoopbackModelServer server = context.getBean(LoopbackModelServer.class);
            server.onModel(Clinic.CLOUD_MODEL).reply("{\"ward\": \"east\", \"status\": \"calm\"}");

            Beds beds = context.getBean(ChatClient.class).prompt().user("Give me an overview of the ward")
                    .call().entity(Beds.class);

            assertThat(beds).isEqualTo(new Beds("east", "calm"));
            List<dev.keel.core.spi.ChatMessage> sent = server.requests().get(0).chat().orElseThrow().messages();
            assertThat(sent.get(sent.size() - 1).text()).startsWith("Give me an overview of the ward")
                    .contains("JSON");
        });
    }

    @Test
    void aCallWithToolsIsRefusedBeforeAnyModelIsCalled() {
        clinic.run(context -> {
            assertThatThrownBy(() -> context.getBean(ChatClient.class).prompt().user("Give me an overview")
                    .toolNames("bedLookup").call().content())
                    .isInstanceOf(ConfigurationException.class).hasMessageContaining("tools");
            assertThat(context.getBean(LoopbackModelServer.class).requests()).isEmpty();
        });
    }

    @Test
    void keelsObservationsJoinSpringAisOwn() {
        clinic.run(context -> {
            context.getBean(LoopbackModelServer.class).onModel(Clinic.CLOUD_MODEL).reply("Calm.");

            context.getBean(ChatClient.class).prompt().user("Give me an overview of the ward").call().content();

            List<String> started = context.getBean(Clinic.Observed.class).started;
            assertThat(started).anySatisfy(line -> assertThat(line).startsWith("keel.call < spring.ai.advisor"));
            assertThat(started).anySatisfy(line -> assertThat(line).isEqualTo("keel.model.call < keel.step"));
            // The provider's own observation of the model call sits under Keel's.
            assertThat(started).anySatisfy(line -> assertThat(line).isEqualTo("gen_ai.client.operation < keel.model.call"));
        });
    }

}
