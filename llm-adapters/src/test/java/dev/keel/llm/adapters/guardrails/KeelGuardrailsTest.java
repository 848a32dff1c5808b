package dev.keel.llm.adapters.guardrails;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.guardrail.InputGuardrailException;
import dev.langchain4j.guardrail.OutputGuardrailException;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Keel as langchain4j guardrails in an AI Service over a fake ChatModel. */
class KeelGuardrailsTest {

    /** An AI Service as a host declares it. */
    interface Assistant {
        String chat(String message);

        String chat(@dev.langchain4j.service.UserMessage String message, InvocationParameters parameters);
    }

    /** A ChatModel that records the user messages it receives and answers at once. */
    static final class FakeModel implements ChatModel {
        final List<String> userMessages = new ArrayList<>();
        private final Function<String, String> answer;

        FakeModel(Function<String, String> answer) {
            this.answer = answer;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            UserMessage last = (UserMessage) request.messages().get(request.messages().size() - 1);
            userMessages.add(last.singleText());
            return ChatResponse.builder().aiMessage(AiMessage.from(answer.apply(last.singleText()))).build();
        }
    }

    /** A stand-in for the policy module: budgets are denied to guests, calendars are PARTIAL for them. */
    private static final PolicyGate GATE = input -> {
        String role = (String) input.parameters().getOrDefault("role", "planner");
        String text = input.userMessage().toLowerCase(Locale.ROOT);
        if (role.equals("guest") && text.contains("budget")) {
            return GateVerdict.of(Decision.DENY, "domain_not_allowed", "budget_envelopes");
        }
        if (role.equals("guest")) {
            return GateVerdict.of(Decision.PARTIAL, "qualitative_only");
        }
        return GateVerdict.of(Decision.ALLOW);
    };

    /** A stand-in for the outbound filter: PARTIAL removes figures. */
    private static final OutboundTextFilter FILTER = (verdict, text) ->
            verdict.decision() == Decision.PARTIAL ? text.replaceAll("\\d+", "[figure withheld]") : text;

    private final KeelGuardrails keel = KeelGuardrails.create(GATE, FILTER);

    private Assistant assistant(ChatModel model) {
        return AiServices.builder(Assistant.class)
                .chatModel(model)
                .inputGuardrails(keel.input())
                .outputGuardrails(keel.output())
                .build();
    }

    private final FakeModel model = new FakeModel(message -> "Calendar A keeps 8 boats; B dips to 6 in week 4.");

    @Test
    void allowPassesTheMessageAndTheReplyUnchanged() {
        String reply = assistant(model).chat("Compare the calendars.");

        assertThat(reply).isEqualTo("Calendar A keeps 8 boats; B dips to 6 in week 4.");
        assertThat(model.userMessages).containsExactly("Compare the calendars.");
    }

    @Test
    void denyStopsBeforeTheModelWithTheReasonCodesOnly() {
        assertThatThrownBy(() -> assistant(model).chat("Show the budget envelopes.", InvocationParameters.from("role", "guest")))
                .isInstanceOf(InputGuardrailException.class)
                .hasMessageContaining("Keel governance denied the request (domain_not_allowed, budget_envelopes)");
        assertThat(model.userMessages).isEmpty();
    }

    @Test
    void partialAsksForQualitativeTrendsAndFiltersTheReply() {
        String reply = assistant(model).chat("Compare the calendars.", InvocationParameters.from("role", "guest"));

        assertThat(model.userMessages).containsExactly("Compare the calendars.\n\n" + KeelGuardrails.PARTIAL_INSTRUCTION);
        assertThat(reply).isEqualTo("Calendar A keeps [figure withheld] boats; B dips to [figure withheld] in week [figure withheld].");
    }

    @Test
    void eachCallIsFilteredUnderItsOwnVerdictAndNothingIsLeftPending() {
        Assistant assistant = assistant(model);

        assertThat(assistant.chat("Compare the calendars.", InvocationParameters.from("role", "guest"))).contains("[figure withheld]");
        assertThat(assistant.chat("Compare the calendars.", InvocationParameters.from("role", "planner"))).contains("8 boats");
        assertThat(((PairedGuardrails) keel).pendingCount()).isZero();
    }

    @Test
    void anOutputGuardrailWithoutItsInputGuardrailWithholdsTheReply() {
        Assistant outputOnly = AiServices.builder(Assistant.class).chatModel(model).outputGuardrails(keel.output()).build();

        assertThatThrownBy(() -> outputOnly.chat("Compare the calendars."))
                .isInstanceOf(OutputGuardrailException.class)
                .hasMessageContaining("Keel governance has no decision for this call");
    }
}
