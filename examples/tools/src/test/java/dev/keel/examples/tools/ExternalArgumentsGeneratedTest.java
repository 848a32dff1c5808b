package dev.keel.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.GovernedAnswer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Over seeded generated arguments, what the example's external MCP server receives from {@code exchange_rate} calls
 * a model asks for: for a guest (PARTIAL) no account, no figure and no date of the model's arguments; for staff (ALLOW)
 * never the account, a sensitive argument, while the amount is sent as the model wrote it.
 */
class ExternalArgumentsGeneratedTest {

    private static final long SEED = 20_261_126L;
    private static final int CASES = 30;

    /** A model that asks for one {@code exchange_rate} call with the arguments the test sets, then answers. */
    static final class AsksForRates implements LlmBackend {
        final AtomicReference<Map<String, Object>> next = new AtomicReference<>();

        @Override
        public ChatReply chat(ChatRequest request) {
            boolean answered = request.messages().stream().anyMatch(m -> m.role() == ChatRole.TOOL);
            List<Part.ToolCall> calls = answered || request.tools().isEmpty() ? List.of()
                    : List.of(Part.ToolCall.of("call-rate", OperationsServers.EXCHANGE_RATE, next.get()));
            return ChatReply.builder().text(calls.isEmpty() ? "The rate is in." : "").toolCalls(calls)
                    .backendId("asks_for_rates").build();
        }

        @Override
        public String id() {
            return "asks_for_rates";
        }
    }

    private static OperationsAssistant assistant;
    private static AsksForRates model;

    @BeforeAll
    static void start() {
        model = new AsksForRates();
        assistant = OperationsAssistant.builder().model(model).build();
    }

    @AfterAll
    static void stop() {
        assistant.close();
    }

    @Test
    void theExternalServerNeverReceivesAWithheldItem() {
        Random random = new Random(SEED);
        for (int i = 0; i < CASES; i++) {
            String account = "NW-" + List.of("OPS", "PAY", "FAC", "LOG").get(random.nextInt(4)) + "-"
                    + (1000 + random.nextInt(9000));
            int amount = 100 + random.nextInt(900_000);
            String day = (1 + random.nextInt(28)) + " " + List.of("March", "June", "October").get(random.nextInt(3));
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("from", "USD");
            arguments.put("to", "EUR");
            arguments.put("amount", amount);
            arguments.put("account", account);
            arguments.put("note", "settles on " + day);
            model.next.set(arguments);
            String context = "seed " + SEED + ", case " + i + ", arguments " + arguments;

            Map<String, Object> forGuest = sent(Principal.of("guest", "public"), context);
            Map<String, Object> forStaff = sent(Principal.of("staff", "internal"), context);

            String guestJson = JsonCodec.strict().write(forGuest);
            assertThat(guestJson).as(context).doesNotContain(account, String.valueOf(amount), day);
            assertThat(forGuest).as(context).containsEntry("account", "[argument withheld]")
                    .containsEntry("amount", "[figure withheld]").containsEntry("from", "USD");
            assertThat(JsonCodec.strict().write(forStaff)).as(context).doesNotContain(account);
            assertThat(forStaff).as(context).containsEntry("account", "[argument withheld]")
                    .containsEntry("amount", amount);
        }
    }

    /** The arguments the external server received for the one call {@code principal}'s question made. */
    private static Map<String, Object> sent(Principal principal, String context) {
        int before = assistant.servers().market().served().size();
        GovernedAnswer answer = assistant.ask(principal, "What is the exchange rate for the euro?");
        List<McpHttpServer.Served> served = assistant.servers().market().served();
        assertThat(served).as(context + ", " + answer.provenance().extension("tools")).hasSize(before + 1);
        return served.get(before).arguments();
    }
}
