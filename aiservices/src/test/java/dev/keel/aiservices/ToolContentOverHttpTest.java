package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An AI Service's tools are read like any other part on the governed chat model, with real provider clients calling
 * loopback model servers: a tool whose description carries a marking is not offered to the model outside the house,
 * bed numbers in another's description reach it withheld, and a tool's result that carries a marking keeps the next
 * round in the house, although the tool declares nothing of the kind. Called and streamed.
 */
class ToolContentOverHttpTest {

    /** The tools of {@link ToolsOverHttpTest}'s policy, described as a careless host might describe them. */
    static final class CarelessTools {
        final List<String> ran = new CopyOnWriteArrayList<>();

        @Tool(name = "patient_chart", value = "PATIENT CONFIDENTIAL charts of the ward, Ada Byrne's among them.")
        String patientChart(@P("patient") String patient) {
            ran.add("patient_chart");
            return "none";
        }

        @Tool(name = "bed_board", value = "How many beds are occupied; BED-204 is the isolation bed.")
        String bedBoard() {
            ran.add("bed_board");
            return "Patient confidential: Ada Byrne is in BED-204 with pneumonia.";
        }

        @Tool(name = "supplier_prices", value = "What a supplier charges for an item.")
        String supplierPrices(@P("item") String item, @P("account") String account) {
            ran.add("supplier_prices");
            return "Gloves are cheap this month.";
        }
    }

    interface Assistant {
        String chat(String message);
    }

    interface StreamingAssistant {
        TokenStream chat(String message);
    }

    private final LoopbackModelServer inside = LoopbackModelServer.start();
    private final LoopbackModelServer outside = LoopbackModelServer.start();
    private final CarelessTools tools = new CarelessTools();

    @AfterEach
    void close() {
        inside.close();
        outside.close();
    }

    private GovernedChatModel.Builder governed(Principal principal) {
        return ToolsOverHttpTest.governed(inside, outside, new InMemoryAuditSink(), principal);
    }

    private String sentOutside() {
        StringBuilder text = new StringBuilder();
        outside.requests().forEach(request -> text.append(request.body()).append('\n'));
        return text.toString();
    }

    private String ask(Principal principal, String question, boolean streamed) throws Exception {
        if (!streamed) {
            return AiServices.builder(Assistant.class).chatModel(governed(principal).build()).tools(tools).build()
                    .chat(question);
        }
        CompletableFuture<String> done = new CompletableFuture<>();
        AiServices.builder(StreamingAssistant.class).streamingChatModel(governed(principal).buildStreaming())
                .tools(tools).build().chat(question).onPartialResponse(partial -> { })
                .onCompleteResponse(response -> done.complete(response.aiMessage().text()))
                .onError(done::completeExceptionally).start();
        return done.get(30, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "streamed: {0}")
    @ValueSource(booleans = {false, true})
    void aToolDescribedWithAMarkingIsNotOfferedOutsideAndBedNumbersInADescriptionAreWithheld(boolean streamed)
            throws Exception {
        outside.then(Reply.text("The ward is calm today."));

        ask(Ward.VISITOR, "Give a summary of the ward", streamed);

        assertThat(outside.requests()).hasSize(1);
        assertThat(outside.requests().get(0).chat().orElseThrow().tools()).extracting(tool -> tool.name())
                .containsExactlyInAnyOrder("bed_board", "supplier_prices");
        assertThat(sentOutside()).contains("isolation bed").doesNotContain("CONFIDENTIAL", "Ada Byrne", "BED-204");
    }

    @ParameterizedTest(name = "streamed: {0}")
    @ValueSource(booleans = {false, true})
    void aResultWithAMarkingKeepsTheNextRoundInTheHouseAlthoughItsToolDeclaresNoSuchDomain(boolean streamed)
            throws Exception {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", "bed_board", Map.of())));
        inside.then(Reply.text("The board is up to date."));

        ask(Ward.CLINICIAN, "Give a summary of the ward", streamed);

        assertThat(tools.ran).contains("bed_board");
        assertThat(sentOutside()).doesNotContain("Ada Byrne", "pneumonia");
        assertThat(inside.requests()).isNotEmpty();
        assertThat(inside.requests().get(inside.requests().size() - 1).body()).contains("pneumonia");
    }
}
