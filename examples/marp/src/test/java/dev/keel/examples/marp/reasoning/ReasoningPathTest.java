package dev.keel.examples.marp.reasoning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.RetriableBackendException;
import dev.keel.llm.adapters.reasoning.EmbeddedBackend;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ReasoningPathTest {

    /** A backend that records every request and answers with a function of it. */
    static final class Recording implements LlmBackend {
        final List<ChatRequest> requests = new ArrayList<>();
        private final String id;
        private final Function<ChatRequest, String> answer;

        Recording(String id, Function<ChatRequest, String> answer) {
            this.id = id;
            this.answer = answer;
        }

        @Override
        public synchronized ChatReply chat(ChatRequest request) {
            requests.add(request);
            return ChatReply.builder().text(answer.apply(request)).usage(new TokenUsage(400, 60)).backendId(id).build();
        }

        @Override
        public String id() {
            return id;
        }
    }

    private final Recording llama = new Recording("llama",
            r -> "Calendar A keeps 8 boats every week; B dips in weeks 4-5 and needs 3 extra crews in Q3.");
    private final Recording deepseek = new Recording("deepseek", r -> "B is riskier.");

    @Test
    void anExternalTargetGetsExactlyOneCallWithTheStructuredPrompt() {
        ReasoningPath path = ReasoningPath.withEmbeddedInternal(Map.of("llama", llama, "deepseek", deepseek));
        ExplanationBrief brief = Briefs.marp().build();

        Commentary commentary = path.explain("llama", brief);

        assertThat(llama.requests).hasSize(1);
        assertThat(deepseek.requests).isEmpty();
        ChatRequest sent = llama.requests.get(0);
        assertThat(sent.messages()).hasSize(1);
        ChatMessage prompt = sent.messages().get(0);
        assertThat(prompt.role()).isEqualTo(ChatRole.USER);
        assertThat(prompt.text()).isEqualTo(ExplanationPrompt.render(brief));
        assertThat(sent.requestId()).contains("req-1");

        assertThat(commentary.text()).startsWith("Calendar A keeps 8 boats");
        assertThat(commentary.backendTarget()).isEqualTo("llama");
        assertThat(commentary.backendUsed()).isEqualTo("llama");
        assertThat(commentary.backendUsedReason()).isEmpty();
        assertThat(commentary.usage()).isEqualTo(new TokenUsage(400, 60));
        assertThat(commentary.prompt()).isEqualTo(prompt.text());
        // "3 extra crews" is not in the evidence (the 3 of Q3 is no figure); 8, 4 and 5 are
        assertThat(commentary.numbersNotInEvidence()).containsExactly("3");
        assertThat(commentary.consistentWithEvidence()).isFalse();
        assertThat(commentary.toWire()).containsEntry("kind", "llm_commentary").containsEntry("backend_used", "llama")
                .containsEntry("numbers_not_in_evidence", List.of("3")).doesNotContainKey("backend_used_reason");
    }

    @Test
    void aFailedExternalCallFallsBackToTheInternalBackendOnce() {
        LlmBackend down = new Recording("deepseek", r -> {
            throw new RetriableBackendException("deepseek", "backend 'deepseek' timed out (gave up after 3 attempts)", null);
        });
        ReasoningPath path = ReasoningPath.withEmbeddedInternal(Map.of("deepseek", down));

        Commentary commentary = path.explain("deepseek", Briefs.marp().build());

        assertThat(((Recording) down).requests).hasSize(1);
        assertThat(commentary.backendTarget()).isEqualTo("deepseek");
        assertThat(commentary.backendUsed()).isEqualTo(EmbeddedBackend.ID);
        assertThat(commentary.backendUsedReason()).contains("deepseek failed (backend_retriable: backend 'deepseek' timed out"
                + " (gave up after 3 attempts)); answered by embedded_extractive");
        assertThat(commentary.text()).contains("Transition Calendar A: Retire boat 1 in week 2 and boat 2 in week 9.");
        // the embedded backend restates the evidence: it states no figure of its own
        assertThat(commentary.numbersNotInEvidence()).isEmpty();
    }

    @Test
    void topSecretNeverCallsAnExternalBackend() {
        Recording internal = new Recording("internal_chatgpt", r -> "internal commentary");
        ReasoningPath path = ReasoningPath.create(Map.of("llama", llama), internal);

        Commentary commentary = path.explain("llama", Briefs.marp().topSecretInternalOnly(true).build());

        assertThat(llama.requests).isEmpty();
        assertThat(internal.requests).hasSize(1);
        assertThat(commentary.backendTarget()).isEqualTo(ReasoningPath.INTERNAL_TARGET);
        assertThat(commentary.backendUsed()).isEqualTo("internal_chatgpt");
        assertThat(commentary.backendUsedReason()).contains("top_secret_internal_only: external target llama was not called");
    }

    @Test
    void theInternalTargetCallsNoExternalBackend() {
        ReasoningPath path = ReasoningPath.withEmbeddedInternal(Map.of("llama", llama));

        Commentary commentary = path.explain(ReasoningPath.INTERNAL_TARGET, Briefs.marp().build());

        assertThat(llama.requests).isEmpty();
        assertThat(commentary.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(commentary.backendUsed()).isEqualTo("embedded_extractive");
        assertThat(commentary.backendUsedReason()).contains("internal_chatgpt is served by embedded_extractive");
    }

    @Test
    void anUnknownTargetIsAConfigurationError() {
        ReasoningPath path = ReasoningPath.withEmbeddedInternal(Map.of("llama", llama));

        assertThatThrownBy(() -> path.explain("mistral", Briefs.marp().build()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("no backend for target 'mistral' (known: internal_chatgpt, llama)");
        assertThatThrownBy(() -> ReasoningPath.create(Map.of("internal_chatgpt", llama), llama))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void listNumberingAndRestatedFiguresAreNotFlagged() {
        Recording listing = new Recording("llama", r -> "1. Calendar A: weeks 2 and 9.\n2. Calendar B: weeks 4-5, budget 1.2 M.\n3) Q3 overall.");

        Commentary commentary = ReasoningPath.withEmbeddedInternal(Map.of("llama", listing)).explain("llama", Briefs.marp().build());

        assertThat(commentary.numbersNotInEvidence()).isEmpty();
    }

    @Test
    void numbersCompareByValue() {
        assertThat(EvidenceNumbers.notIn("0.80 and 1,200 and 7", "0.8 and 1200")).containsExactly("7");
        assertThat(EvidenceNumbers.notIn("7 then 7.0 again", "nothing")).containsExactly("7");
        assertThat(EvidenceNumbers.notIn("Q3 and A1 but 3", "Q3")).containsExactly("3");
    }
}
