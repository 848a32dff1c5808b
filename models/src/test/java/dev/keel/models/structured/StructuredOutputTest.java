package dev.keel.models.structured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class StructuredOutputTest {

    /**
     * Requires {@code summary} (a string) and {@code confidence} (a number in [0, 1]); keel-langchain4j's tests use it
     * too.
     */
    public static final OutputValidator CONTRACT = output -> {
        List<OutputViolation> violations = new ArrayList<>();
        if (!(output.get("summary") instanceof String)) {
            violations.add(new OutputViolation("missing_field", "/summary", "summary must be a string"));
        }
        Object confidence = output.get("confidence");
        if (!(confidence instanceof BigDecimal)
                || ((BigDecimal) confidence).signum() < 0 || ((BigDecimal) confidence).compareTo(BigDecimal.ONE) > 0) {
            violations.add(new OutputViolation("out_of_range", "/confidence", "confidence must be a number in [0, 1]"));
        }
        return violations;
    };

    /** Answers with the scripted texts in turn, recording each request. */
    static final class Scripted implements LlmBackend {
        final List<ChatRequest> requests = new ArrayList<>();
        private final Deque<String> replies;

        Scripted(String... replies) {
            this.replies = new ArrayDeque<>(List.of(replies));
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            requests.add(request);
            return ChatReply.builder().text(replies.poll()).usage(new TokenUsage(100, 20)).backendId("solver").build();
        }
    }

    private static final ChatRequest REQUEST = ChatRequest.builder()
            .addMessage(ChatMessage.user("Summarise the comparison with a confidence.")).requestId("req-7").build();

    @Test
    void aValidFirstReplyIsAcceptedAtOnce() {
        Scripted backend = new Scripted("{\"summary\": \"A is steadier\", \"confidence\": 0.8}");

        StructuredResult result = StructuredOutput.create(backend, CONTRACT).call(REQUEST);

        assertThat(result.valid()).isTrue();
        assertThat(result.output()).contains(Map.of("summary", "A is steadier", "confidence", new BigDecimal("0.8")));
        assertThat(result.violations()).isEmpty();
        assertThat(result.attempts()).hasSize(1);
        assertThat(result.backendUsed()).isEqualTo("solver");
        ChatRequest sent = backend.requests.get(0);
        assertThat(sent.responseFormat()).isEqualTo(ResponseFormat.JSON);
        assertThat(sent.requestId()).contains("req-7");
        assertThat(sent.messages().get(0)).isEqualTo(ChatMessage.system(ReaskingStructuredOutput.JSON_INSTRUCTION));
        assertThat(sent.messages().get(1)).isEqualTo(REQUEST.messages().get(0));
    }

    @Test
    void malformedJsonAndContractViolationsAreReaskedWithTheViolations() {
        Scripted backend = new Scripted(
                "Sure! {summary: A is steadier",
                "{\"summary\": \"A is steadier\", \"confidence\": 1.5}",
                "{\"summary\": \"A is steadier\", \"confidence\": 0.7}");

        StructuredResult result = StructuredOutput.create(backend, CONTRACT, 3).call(REQUEST);

        assertThat(result.valid()).isTrue();
        assertThat(result.output().orElseThrow()).containsEntry("confidence", new BigDecimal("0.7"));
        assertThat(result.attempts()).hasSize(3);
        assertThat(result.attempts().get(0).violations()).singleElement()
                .satisfies(v -> {
                    assertThat(v.code()).isEqualTo(OutputViolation.NOT_JSON);
                    assertThat(v.path()).isEmpty();
                    assertThat(v.message()).startsWith("the output has text before the JSON object");
                });
        assertThat(result.attempts().get(1).violations())
                .containsExactly(new OutputViolation("out_of_range", "/confidence", "confidence must be a number in [0, 1]"));
        assertThat(result.attempts().get(2).violations()).isEmpty();
        assertThat(result.usage()).isEqualTo(new TokenUsage(300, 60));

        List<ChatMessage> third = backend.requests.get(2).messages();
        assertThat(third).extracting(ChatMessage::role).containsExactly(
                ChatRole.SYSTEM, ChatRole.USER, ChatRole.ASSISTANT, ChatRole.USER, ChatRole.ASSISTANT, ChatRole.USER);
        assertThat(third.get(2).text()).isEqualTo("Sure! {summary: A is steadier");
        assertThat(third.get(5).text()).isEqualTo("Your reply does not satisfy the output contract:\n\n"
                + "{\"violations\":[{\"code\":\"out_of_range\",\"pointer\":\"/confidence\","
                + "\"message\":\"confidence must be a number in [0, 1]\"}]}\n\n"
                + "Reply again with one JSON object only, with these violations corrected.");
    }

    @Test
    void runningOutOfAttemptsIsAValueWithTheLastViolations() {
        Scripted backend = new Scripted("[]", "{\"confidence\": 2}");

        StructuredResult result = StructuredOutput.create(backend, CONTRACT, 2).call(REQUEST);

        assertThat(result.valid()).isFalse();
        assertThat(result.output()).isEmpty();
        assertThat(result.violations()).extracting(OutputViolation::path).containsExactly("/summary", "/confidence");
        assertThat(result.attempts()).hasSize(2);
        assertThat(backend.requests).hasSize(2);
        Map<String, Object> wire = result.toWire();
        assertThat(wire).containsEntry("valid", false).doesNotContainKey("output");
        assertThat(JsonCodec.strict().write(wire)).contains("\"code\":\"output_not_json\"");
    }

    @Test
    void backendFailuresAreNotViolations() {
        LlmBackend broken = request -> {
            throw new NonRetriableBackendException("solver", "HTTP 401", null);
        };

        assertThatThrownBy(() -> StructuredOutput.create(broken, CONTRACT).call(REQUEST)).isInstanceOf(NonRetriableBackendException.class);
    }

    @Test
    void attemptsAreBounded() {
        assertThatThrownBy(() -> StructuredOutput.create(new Scripted(), CONTRACT, 0)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> StructuredOutput.create(new Scripted(), CONTRACT, 11)).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void aFencedReplyIsAskedAgainUnderTheRuleTheStageRuntimeApplies() {
        Scripted backend = new Scripted("```json\n{\"a\":1}\n```", "{\"a\":1}");
        OutputValidator any = output -> List.of();

        StructuredResult result = StructuredOutput.create(backend, any, 2).call(REQUEST);

        assertThat(result.attempts()).hasSize(2);
        assertThat(result.attempts().get(0).violations()).singleElement().satisfies(v -> {
            assertThat(v.code()).isEqualTo(OutputViolation.NOT_JSON);
            assertThat(v.message()).isEqualTo(ModelJson.read(JsonCodec.strict(), "```json\n{}\n```").problem());
        });
        assertThat(backend.requests.get(1).messages().get(3).text()).contains("Markdown code fence");
        assertThat(result.output()).hasValueSatisfying(o -> assertThat(o).containsEntry("a", new BigDecimal("1")));
    }

    @Test
    void manyViolationsAreListedUpToALimit() {
        OutputValidator noisy = output -> java.util.stream.IntStream.range(0, 25)
                .mapToObj(i -> new OutputViolation("bad", "/f" + i, "no")).toList();
        Scripted backend = new Scripted("{}", "{}");

        StructuredOutput.create(backend, noisy, 2).call(REQUEST);

        String reask = backend.requests.get(1).messages().get(3).text();
        assertThat(reask).contains("{\"code\":\"bad\",\"pointer\":\"/f19\",\"message\":\"no\"}")
                .doesNotContain("/f20").contains("],\"more\":5}");
    }
}
