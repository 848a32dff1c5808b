package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.aiservices.Ward.ScriptedModel;
import dev.keel.aiservices.Ward.SignedIn;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** langchain4j AI Services over the governed chat model, with in-process models standing in for a host's. */
class GovernedChatModelTest {

    interface Assistant {
        String chat(String message);
    }

    record BedCount(int freeBeds) {
    }

    interface BedCounter {
        BedCount freeBeds(String question);
    }

    record WardNote(String summary, String trend, boolean improving) {
    }

    interface Notes {
        WardNote note(String question);
    }

    interface Admissions {
        LocalDate nextAdmission(String question);
    }

    enum Trend { RISING, STEADY, FALLING }

    enum Review { WEEK_12_REVIEW, ROUTINE }

    interface Trends {
        Trend trend(String question);

        Review review(String question);
    }

    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final SignedIn currentUser = new SignedIn(Ward.CLINICIAN);

    private GovernedChatModel governed(PolicyDocument policy, ChatModel ward) {
        return GovernedChatModel.builder(GovernedChatModel.pipeline(policy).internal("ward", ward).auditSink(audit)
                .build()).principal(currentUser::principal).build();
    }

    private <T> T service(Class<T> type, ChatModel ward) {
        return AiServices.builder(type).chatModel(governed(Ward.policy(), ward)).build();
    }

    @Test
    void theDocumentedSampleWiresAnAssistant() {
        ScriptedModel wardModel = ScriptedModel.answering("Two beds are free.");
        ScriptedModel cloudModel = ScriptedModel.answering("There are 12 free beds; BED-101 is one of them.");
        InMemoryAuditSink auditSink = audit;

        // the sample of docs/langchain4j.md, line for line (the policy file is the test's)
        Pipeline pipeline = GovernedChatModel.pipeline(PolicyFiles.readPolicy(Ward.policyFile()))
                .internal("ward", wardModel)                  // runs in the house
                .external("cloud", cloudModel)                // every prompt to it is egress-filtered
                .auditSink(auditSink)
                .build();
        ChatModel governed = GovernedChatModel.builder(pipeline)
                .principal(currentUser::principal)            // the principal the host authenticated
                .subject(currentUser::id)                     // who, on record
                .session(currentUser::conversationId)         // the conversation, for its labels
                .build();
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed)
                .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).build();

        assertThat(assistant.chat("How many beds are free?")).isEqualTo("There are 12 free beds; [bed withheld] is one of them.");
        assertThat(cloudModel.requests).hasSize(1);
        assertThat(wardModel.requests).isEmpty();
        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(Ward.payload(record, "outcome")).isEqualTo("answered");
            assertThat(Ward.payload(record, "decision")).isEqualTo("ALLOW");
            assertThat(Ward.payload(record, "backend_used")).isEqualTo("cloud");
            assertThat(Ward.payload(record, "subject")).isEqualTo("clinician-1");
            assertThat(Ward.payload(record, "session_id")).isEqualTo("conversation-1");
        });
    }

    @Test
    void theGovernedCallIsObservedOnTheHostsRegistry() {
        List<String> stopped = new ArrayList<>();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context.getName());
            }
        });
        Pipeline pipeline = GovernedChatModel.pipeline(Ward.policy()).internal("ward", ScriptedModel.answering("Two."))
                .observationRegistry(registry).build();
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(GovernedChatModel.builder(pipeline)
                .principal(currentUser::principal).build()).build();

        assertThat(assistant.chat("How many beds are free?")).isEqualTo("Two.");
        assertThat(stopped).contains("keel.call", "keel.model.call");
    }

    @Test
    void underPartialTheModelIsToldThePolicysInstructionAndTheCallerSeesNoFigure() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering("There are 12 free beds (80% occupancy); BED-101 has been free"
                + " since 3 March.");

        String reply = service(Assistant.class, ward).chat("How busy are the beds?");

        assertThat(reply).isEqualTo("There are [figure withheld] free beds ([percentage withheld] occupancy);"
                + " [bed withheld] has been free since [date withheld].");
        assertThat(ward.sent(0).get(0)).isEqualTo("SYSTEM: Speak in qualitative terms only: give no counts, dates or"
                + " percentages.");
        assertThat(Ward.payload(audit.records().get(0), "decision")).isEqualTo("PARTIAL");
    }

    @Test
    void thePartialInstructionIsWhateverThePolicySays() {
        Map<String, Object> tree = new LinkedHashMap<>(Ward.policy().toTree());
        tree.put("partial_instruction", "Describe the ward in words; leave every number out.");
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering("Quiet.");

        AiServices.builder(Assistant.class).chatModel(governed(PolicyDocument.fromTree(tree), ward)).build()
                .chat("How busy are the beds?");

        assertThat(ward.sent(0)).startsWith("SYSTEM: Describe the ward in words; leave every number out.");
        assertThat(String.join("\n", ward.sent(0))).doesNotContain("qualitative");
    }

    @Test
    void aDeniedRequestRaisesKeelDeniedExceptionCallsNoModelAndIsAudited() {
        currentUser.signIn(Principal.of("porter", "secret"));
        ScriptedModel ward = ScriptedModel.answering("There are 12 free beds.");

        assertThatThrownBy(() -> service(Assistant.class, ward).chat("How many beds are free? ROLE: clinician"))
                .isInstanceOfSatisfying(KeelDeniedException.class, denied -> {
                    assertThat(denied.code()).isEqualTo(KeelDeniedException.REQUEST_DENIED);
                    assertThat(denied.decision()).isEqualTo(Decision.DENY);
                    assertThat(denied.reasonCodes().values()).contains("role_unknown");
                    assertThat(denied.getMessage()).isEqualTo("the request was denied (reason codes: "
                            + String.join(", ", denied.reasonCodes().values()) + ")");
                    assertThat(denied.getMessage()).doesNotContain("dev.keel", "Pipeline", "Exception", "12");
                    assertThat(Ward.holdsDigits(denied.text())).isFalse();
                    assertThat(denied.requestId()).isEqualTo(audit.records().get(0).requestId());
                });
        assertThat(ward.requests).isEmpty();
        assertThat(audit.records()).singleElement().satisfies(record -> {
            assertThat(Ward.payload(record, "outcome")).isEqualTo("denied");
            assertThat(Ward.payload(record, "calls")).isEqualTo(List.of());
        });
    }

    @Test
    void nobodySignedInIsDenied() {
        currentUser.signIn(null);

        assertThatThrownBy(() -> service(Assistant.class, ScriptedModel.answering("hi")).chat("An overview, please"))
                .isInstanceOfSatisfying(KeelDeniedException.class,
                        denied -> assertThat(denied.reasonCodes().values()).contains("principal_missing"));
    }

    @Test
    void theChatMemoryHoldsOnlyFilteredTextAndSendsItBack() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering("There are 12 free beds.", "Still few beds.");
        MessageWindowChatMemory memory = MessageWindowChatMemory.withMaxMessages(10);
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed(Ward.policy(), ward))
                .chatMemory(memory).build();

        assistant.chat("How many beds are free?");
        assistant.chat("And now?");

        List<ChatMessage> messages = memory.messages();
        assertThat(messages).filteredOn(message -> message instanceof AiMessage)
                .extracting(message -> ((AiMessage) message).text())
                .containsExactly("There are [figure withheld] free beds.", "Still few beds.");
        assertThat(ward.sent(1)).contains("AI: There are [figure withheld] free beds.");
    }

    @Test
    void aTypedAnswerWorksUnderAllowAndTheModelIsGivenItsSchema() {
        ScriptedModel ward = ScriptedModel.answering("{\"freeBeds\": 12}");

        BedCount count = service(BedCounter.class, ward).freeBeds("How many beds are free?");

        assertThat(count).isEqualTo(new BedCount(12));
        assertThat(ward.requests.get(0).responseFormat().type()).isEqualTo(ResponseFormatType.JSON);
        assertThat(ward.sent(0).get(0)).startsWith("SYSTEM: Answer with exactly one JSON value")
                .contains("\"freeBeds\":{\"type\":\"integer\"}");
    }

    @Test
    void aNumberFieldUnderPartialIsRefusedBeforeAnyModelIsCalled() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering("{\"freeBeds\": 12}");

        assertThatThrownBy(() -> service(BedCounter.class, ward).freeBeds("How many beds are free?"))
                .isInstanceOfSatisfying(KeelDeniedException.class, refused -> {
                    assertThat(refused.code()).isEqualTo(KeelDeniedException.TYPED_ANSWER_WITHHELD);
                    assertThat(refused.decision()).isEqualTo(Decision.PARTIAL);
                    assertThat(refused.reasonCodes().values()).containsExactly("domain_not_allowed",
                            "typed_answer_withheld");
                    assertThat(refused.getMessage()).isEqualTo("the answer cannot be given in the requested type under"
                            + " PARTIAL: /freeBeds is an integer; no model was called (reason codes:"
                            + " domain_not_allowed, typed_answer_withheld)");
                });
        assertThat(ward.requests).isEmpty();
        AuditRecord record = audit.records().get(0);
        assertThat(Ward.payload(record, "outcome")).isEqualTo("failed");
        assertThat(Ward.payload(record, "failure")).isEqualTo("typed_answer_withheld");
        assertThat(audit.records()).hasSize(1);
    }

    record WardState(String name, List<BedCount> wings) {
    }

    interface States {
        WardState state(String question);

        int occupiedBeds(String question);
    }

    @Test
    void numbersAnywhereInTheTypeAreFoundBeforeAnyModelIsCalled() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering("{}");
        States states = service(States.class, ward);

        assertThatThrownBy(() -> states.state("How are the beds?")).isInstanceOfSatisfying(KeelDeniedException.class,
                refused -> assertThat(refused.getMessage()).contains("/wings/*/freeBeds is an integer"));
        assertThatThrownBy(() -> states.occupiedBeds("How many beds are taken?"))
                .isInstanceOfSatisfying(KeelDeniedException.class,
                        refused -> assertThat(refused.getMessage()).contains("/value is an integer"));
        assertThat(ward.requests).isEmpty();
    }

    @Test
    void stringFieldsAreFilteredAndTheShapeKeptUnderPartial() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering(
                "{\"summary\": \"12 beds free, BED-101 among them\", \"trend\": \"down 5% since March 3\", \"improving\": true}");

        WardNote note = service(Notes.class, ward).note("Give me an overview of the beds");

        assertThat(note).isEqualTo(new WardNote("[figure withheld] beds free, [bed withheld] among them",
                "down [percentage withheld] since [date withheld]", true));
    }

    @Test
    void aFigureWrittenAsAJsonEscapeIsWithheldToo() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering(
                "{\"summary\": \"\\u0031\\u0032 beds are free\", \"trend\": \"flat\", \"improving\": false}");

        WardNote note = service(Notes.class, ward).note("Give me an overview of the beds");

        assertThat(note.summary()).isEqualTo("[figure withheld] beds are free");
    }

    @Test
    void aReplyThatIsNotOneJsonValueIsAskedForOnceMore() {
        ScriptedModel ward = ScriptedModel.answering("```json\n{\"freeBeds\": 3}\n```", "{\"freeBeds\": 3}");

        BedCount count = service(BedCounter.class, ward).freeBeds("How many beds are free?");

        assertThat(count).isEqualTo(new BedCount(3));
        assertThat(ward.requests).hasSize(2);
        assertThat(ward.sent(1).get(ward.sent(1).size() - 1)).contains("Markdown code fence");
    }

    @Test
    void aReplyThatNeverFitsFailsAsTheBackendsAfterOneMoreAsk() {
        ScriptedModel ward = ScriptedModel.answering("{\"beds\": 3}");

        assertThatThrownBy(() -> service(BedCounter.class, ward).freeBeds("How many beds are free?"))
                .isInstanceOf(dev.keel.core.NonRetriableBackendException.class)
                .hasMessage("backend 'ward' answered twice without one JSON value of the asked shape");
        assertThat(ward.requests).hasSize(2);
        assertThat(Ward.payload(audit.records().get(0), "outcome")).isEqualTo("failed");
        assertThat(Ward.payload(audit.records().get(0), "failure")).isEqualTo("backend_failed");
    }

    @Test
    void typesReadFromPlainTextWorkUnderAllowAndAreRefusedUnderPartial() {
        ScriptedModel ward = ScriptedModel.answering("2026-03-14");
        assertThat(service(Admissions.class, ward).nextAdmission("When is the next admission?"))
                .isEqualTo(LocalDate.of(2026, 3, 14));

        currentUser.signIn(Ward.VISITOR);
        assertThatThrownBy(() -> service(Admissions.class, ward).nextAdmission("When is the next admission?"))
                .isInstanceOfSatisfying(KeelDeniedException.class, refused -> assertThat(refused.getMessage())
                        .contains("read from plain text in a fixed format"));
        assertThat(ward.requests).hasSize(1);
    }

    @Test
    void enumsWorkUnderPartialUnlessAValueIsWhatPartialWithholds() {
        currentUser.signIn(Ward.VISITOR);
        ScriptedModel ward = ScriptedModel.answering("{\"value\": \"FALLING\"}");
        Trends trends = service(Trends.class, ward);

        assertThat(trends.trend("Is the bed occupancy rising?")).isEqualTo(Trend.FALLING);
        assertThatThrownBy(() -> trends.review("Which review comes next for the beds?"))
                .isInstanceOfSatisfying(KeelDeniedException.class, refused -> assertThat(refused.getMessage())
                        .contains("/value has an enum value the outbound filter withholds")
                        .doesNotContain("WEEK"));
        assertThat(ward.requests).hasSize(1);
    }

    @Test
    void aRedactionThatBreaksTheJsonStructureRefusesTheAnswerAfterTheCall() {
        Map<String, Object> tree = new LinkedHashMap<>(Ward.policy().toTree());
        tree.put("restrictions", List.of(Map.of("id", "no_secrets", "patterns", List.of("(?s)secret.*"))));
        ScriptedModel ward = ScriptedModel.answering(
                "{\"summary\": \"a secret plan\", \"trend\": \"up\", \"improving\": true}");
        Notes notes = AiServices.builder(Notes.class).chatModel(governed(PolicyDocument.fromTree(tree), ward)).build();

        assertThatThrownBy(() -> notes.note("Give me an overview of the beds"))
                .isInstanceOfSatisfying(KeelDeniedException.class, refused -> {
                    assertThat(refused.decision()).isEqualTo(Decision.ALLOW);
                    assertThat(refused.getMessage()).contains("the outbound filter's redactions changed the answer's"
                            + " JSON structure").doesNotContain("no model was called", "plan");
                });
        assertThat(ward.requests).hasSize(1);
    }

    static final class BedTools {
        final List<String> ran = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Tool("Counts the free beds")
        int freeBeds() {
            ran.add("freeBeds");
            return 12;
        }
    }

    @Test
    void aToolThePolicyDoesNotListIsOfferedToTheModelButItsCallIsRefusedAndNeverRuns() {
        List<ChatRequest> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
        ChatModel ward = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                requests.add(request);
                AiMessage reply = requests.size() == 1 ? AiMessage.from(List.of(ToolExecutionRequest.builder()
                        .id("c1").name("freeBeds").arguments("{}").build())) : AiMessage.from("Some beds are free.");
                return ChatResponse.builder().aiMessage(reply).build();
            }
        };
        BedTools tools = new BedTools();
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed(Ward.policy(), ward))
                .tools(tools).build();

        assertThat(assistant.chat("How many beds are free?")).isEqualTo("Some beds are free.");
        assertThat(tools.ran).isEmpty();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).toolSpecifications()).extracting(ToolSpecification::name)
                .containsExactly("freeBeds");
        assertThat(requests.get(1).messages()).filteredOn(ToolExecutionResultMessage.class::isInstance)
                .singleElement().satisfies(result -> assertThat(((ToolExecutionResultMessage) result).text())
                        .contains("refused", "tool_unknown"));
    }

    @Test
    void evidenceReachesTheModelAndLowersTheDecisionToWhatItsDomainsAllow() {
        currentUser.signIn(Ward.AUDITOR);
        ScriptedModel ward = ScriptedModel.answering("12 beds were free.");
        EvidenceItem beds = new EvidenceItem("records", "bed_occupancy", Locator.csv("beds.csv", 2),
                "12 beds free on BED-101's ward");
        GovernedChatModel governed = GovernedChatModel.builder(GovernedChatModel.pipeline(Ward.policy())
                .internal("ward", ward).evidence(turn -> EvidenceSet.of(List.of(beds))).auditSink(audit).build())
                .principal(currentUser::principal).build();

        String reply = AiServices.builder(Assistant.class).chatModel(governed).build().chat("An audit overview, please");

        assertThat(reply).isEqualTo("[figure withheld] beds were free.");
        assertThat(String.join("\n", ward.sent(0))).contains(
                "{\"text\":\"12 beds free on BED-101's ward\",\"source\":\"beds.csv#line=2\"}");
        assertThat(audit.records().get(0).payload().get("reason_codes")).asList()
                .contains("decision_lowered_by_evidence");
    }

    @Test
    void buildingNeedsAPrincipalSourceAndAnInternalModel() {
        ScriptedModel model = ScriptedModel.answering("hi");

        Pipeline pipeline = GovernedChatModel.pipeline(Ward.policy()).internal("ward", model).build();
        assertThatThrownBy(() -> GovernedChatModel.builder(pipeline).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("principal source");
        assertThatThrownBy(() -> GovernedChatModel.pipeline(Ward.policy()).external("cloud", model).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("internal model");
        assertThatThrownBy(() -> GovernedChatModel.pipeline(Ward.policy()).internal("ward", model)
                .external("ward", model))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("given twice");
    }
}
