package dev.keel.core.reask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.BackendException;
import dev.keel.core.CancelledException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ReaskerTest {

    private static final ChatRequest REQUEST = ChatRequest.builder().addMessage(ChatMessage.system("be brief"))
            .addMessage(ChatMessage.user("Give the answer as {\"answer\": <number>}")).maxOutputTokens(50)
            .requestId("r-1").purpose("answer").build();

    /** Accepts an object with a numeric {@code answer}. */
    private static final ReplyValidator<Map<String, Object>> ANSWER = (reply, attempt) -> {
        Verdict<Map<String, Object>> json = Reasker.jsonObject(reply);
        if (!json.accepted()) {
            return json;
        }
        return json.value().get("answer") instanceof Number ? json : new Verdict<>(json.value(),
                List.of(new Problem("answer_missing", "/answer", "must be a number")));
    };

    @Test
    void aValidFirstReplyMakesOneCall() {
        ScriptedReplies backend = ScriptedReplies.of("model-a", "{\"answer\": 42}", "{\"answer\": 43}");

        ReaskResult<Map<String, Object>> result = Reasker.builder().build().ask(backend, REQUEST, ANSWER);

        assertThat(result.accepted()).isTrue();
        assertThat(result.value()).hasValueSatisfying(v -> assertThat(v.get("answer")).hasToString("42"));
        assertThat(backend.requests()).containsExactly(REQUEST);
        assertThat(result.attempts()).singleElement().satisfies(attempt -> {
            assertThat(attempt.number()).isEqualTo(1);
            assertThat(attempt.outcome()).isEqualTo(Attempt.Outcome.ACCEPTED);
            assertThat(attempt.problems()).isEmpty();
        });
    }

    @Test
    void theReaskCarriesTheRejectedReplyAndItsProblems() {
        ScriptedReplies backend = ScriptedReplies.of("model-a", "```json\n{\"answer\": 1}\n```", "{\"answer\": \"one\"}",
                "{\"answer\": 1}");

        ReaskResult<Map<String, Object>> result = Reasker.builder().build().ask(backend, REQUEST, ANSWER);

        assertThat(result.accepted()).isTrue();
        List<ChatRequest> sent = backend.requests();
        assertThat(sent).hasSize(3);
        ChatRequest second = sent.get(1);
        assertThat(second.messages()).hasSize(4).startsWith(REQUEST.messages().toArray(ChatMessage[]::new));
        assertThat(second.messages().get(2)).isEqualTo(ChatMessage.of(ChatRole.ASSISTANT,
                Part.markdown("```json\n{\"answer\": 1}\n```")));
        assertThat(second.messages().get(3).role()).isEqualTo(ChatRole.USER);
        assertThat(second.messages().get(3).text()).startsWith("Your reply does not satisfy the output contract:\n\n"
                + "{\"violations\":[{\"code\":\"" + Problem.NOT_JSON + "\",\"pointer\":\"\","
                + "\"message\":\"the output is wrapped in a Markdown code fence");
        // The whole conversation by default: the third ask carries both rejected replies and both corrections.
        ChatRequest third = sent.get(2);
        assertThat(third.messages()).hasSize(6);
        assertThat(third.messages().get(5).text()).contains(
                "{\"code\":\"answer_missing\",\"pointer\":\"/answer\",\"message\":\"must be a number\"}");
        // Everything else of the request is kept on every ask.
        assertThat(sent).allSatisfy(request -> {
            assertThat(request.purpose()).contains("answer");
            assertThat(request.requestId()).contains("r-1");
            assertThat(request.maxOutputTokens()).contains(50);
        });
    }

    @Test
    void withTheLastHistoryAReaskCarriesOnlyTheLastRejectedReply() {
        ScriptedReplies backend = ScriptedReplies.of("model-a", "no", "still no", "{\"answer\": 1}");
        Correction numbered = problems -> ChatMessage.user("fix " + problems.size() + ": " + problems.get(0).code());

        Reasker.builder().history(Reasker.History.LAST).correction(numbered).build().ask(backend, REQUEST, ANSWER);

        ChatRequest third = backend.requests().get(2);
        assertThat(third.messages()).hasSize(4);
        assertThat(third.messages().get(2)).isEqualTo(ChatMessage.of(ChatRole.ASSISTANT, Part.markdown("still no")));
        assertThat(third.messages().get(3)).isEqualTo(ChatMessage.user("fix 1: " + Problem.NOT_JSON));
    }

    @Test
    void theReasksAreBoundedAndTheLastProblemsReported() {
        ScriptedReplies backend = ScriptedReplies.of("model-a", "{}", "{}", "{}");

        ReaskResult<Map<String, Object>> result = Reasker.builder().maxReasks(1).build().ask(backend, REQUEST, ANSWER);

        assertThat(result.outcome()).isEqualTo(Attempt.Outcome.REJECTED);
        assertThat(result.value()).isEmpty();
        assertThat(backend.requests()).hasSize(2);
        assertThat(result.attempts()).extracting(Attempt::number).containsExactly(1, 2);
        assertThat(result.problems()).extracting(Problem::code).containsExactly("answer_missing");
        // A rejected reply keeps what was read of it.
        assertThat(result.verdict()).hasValueSatisfying(v -> assertThat(v.value()).isEmpty());
    }

    @Test
    void everyAttemptHasItsOwnTelemetry() {
        ScriptedReplies backend = ScriptedReplies.of("model-a", "nope", "{\"answer\": 7}");

        ReaskResult<Map<String, Object>> result = Reasker.builder().build().ask(backend, REQUEST, ANSWER);

        Attempt<Map<String, Object>> first = result.attempts().get(0);
        Attempt<Map<String, Object>> second = result.attempts().get(1);
        assertThat(first.outcome()).isEqualTo(Attempt.Outcome.REJECTED);
        assertThat(first.replyLength()).isEqualTo(4);
        assertThat(first.usage()).isEqualTo(new TokenUsage(10, 4));
        assertThat(first.backendId()).isEqualTo("model-a");
        assertThat(first.problems()).extracting(Problem::code).containsExactly(Problem.NOT_JSON);
        assertThat(first.request()).isEqualTo(backend.requests().get(0));
        assertThat(second.outcome()).isEqualTo(Attempt.Outcome.ACCEPTED);
        assertThat(second.usage()).isEqualTo(new TokenUsage(20, 13));
        assertThat(second.replyLength()).isEqualTo(13);
        assertThat(second.request()).isEqualTo(backend.requests().get(1));
        assertThat(result.usage()).isEqualTo(new TokenUsage(30, 17));
    }

    @Test
    void theValidatorIsToldWhichAttemptItChecks() {
        ScriptedReplies backend = ScriptedReplies.of("model-a", "{}", "{}", "{}");
        List<Integer> seen = new ArrayList<>();

        Reasker.builder().build().ask(backend, REQUEST, (reply, attempt) -> {
            seen.add(attempt);
            return ANSWER.check(reply, attempt);
        });

        assertThat(seen).containsExactly(1, 2, 3);
    }

    @Test
    void aBackendFailureIsNotReaskedButReported() {
        RetriableBackendException timeout = new RetriableBackendException("model-a", "timed out", (Throwable) null);
        ScriptedReplies backend = ScriptedReplies.of("model-a", List.<Supplier<String>>of(() -> "not json", () -> {
            throw timeout;
        }, () -> "{\"answer\": 1}"));

        ReaskResult<Map<String, Object>> result = Reasker.builder().build().ask(backend, REQUEST, ANSWER);

        assertThat(result.outcome()).isEqualTo(Attempt.Outcome.FAILED);
        assertThat(result.failure()).containsSame(timeout);
        assertThat(backend.requests()).hasSize(2);
        assertThat(result.attempts().get(1).reply()).isEmpty();
        assertThat(result.attempts().get(1).usage()).isEqualTo(TokenUsage.UNKNOWN);
        // The problems of the reply before the failure stay visible.
        assertThat(result.problems()).extracting(Problem::code).containsExactly(Problem.NOT_JSON);
    }

    @Test
    void aBackendThatBreaksTheSpiFailsAsANonRetriableBackendException() {
        LlmBackend throwing = request -> {
            throw new IllegalStateException("provider said: sk-secret-value");
        };
        LlmBackend silent = request -> null;

        for (LlmBackend backend : List.of(throwing, silent)) {
            ReaskResult<Map<String, Object>> result = Reasker.builder().build().ask(backend, REQUEST, ANSWER);

            assertThat(result.outcome()).isEqualTo(Attempt.Outcome.FAILED);
            BackendException failure = result.failure().orElseThrow();
            assertThat(failure).isInstanceOf(NonRetriableBackendException.class);
            assertThat(failure.backendId()).isEqualTo(backend.id());
            assertThat(failure.getMessage()).doesNotContain("sk-secret-value");
            assertThat(result.attempts()).hasSize(1);
        }
    }

    @Test
    void aCancellationPropagates() {
        LlmBackend cancelled = request -> {
            throw new CancelledException("the caller gave up");
        };

        assertThatThrownBy(() -> Reasker.builder().build().ask(cancelled, REQUEST, ANSWER))
                .isInstanceOf(CancelledException.class);
    }

    @Test
    void theMeterSeesEachCallAsTheBackendWouldSendItAndMayRefuseIt() {
        ScriptedReplies scripted = ScriptedReplies.of("model-a", "no", "no", "{\"answer\": 1}");
        // A backend that lengthens what it sends, as an egress filter may.
        LlmBackend lengthening = new LlmBackend() {
            @Override
            public dev.keel.core.spi.ChatReply chat(ChatRequest request) {
                return scripted.chat(request);
            }

            @Override
            public ChatRequest outgoing(ChatRequest request) {
                return request.toBuilder().addMessage(ChatMessage.system("appended on the way out")).build();
            }

            @Override
            public String id() {
                return "model-a";
            }
        };
        List<Integer> admittedSizes = new ArrayList<>();
        List<Attempt.Outcome> made = new ArrayList<>();
        CallMeter twoCalls = new CallMeter() {
            @Override
            public boolean admit(ChatRequest outgoing) {
                if (admittedSizes.size() == 2) {
                    return false;
                }
                admittedSizes.add(outgoing.messages().size());
                return true;
            }

            @Override
            public void made(Attempt<?> attempt) {
                made.add(attempt.outcome());
            }
        };

        ReaskResult<Map<String, Object>> result = Reasker.builder().meter(twoCalls).build().ask(lengthening, REQUEST, ANSWER);

        assertThat(admittedSizes).containsExactly(3, 5);
        assertThat(made).containsExactly(Attempt.Outcome.REJECTED, Attempt.Outcome.REJECTED);
        assertThat(scripted.requests()).hasSize(2);
        assertThat(result.outcome()).isEqualTo(Attempt.Outcome.REFUSED);
        Attempt<Map<String, Object>> refused = result.attempts().get(2);
        assertThat(refused.reply()).isEmpty();
        assertThat(refused.request().messages()).hasSize(6);
        assertThat(refused.backendId()).isEqualTo("model-a");
    }

    @Test
    void theMeterIsToldOfAFailedCall() {
        List<Attempt.Outcome> made = new ArrayList<>();
        LlmBackend failing = request -> {
            throw new NonRetriableBackendException("model-b", "refused", 400, null);
        };
        CallMeter all = new CallMeter() {
            @Override
            public boolean admit(ChatRequest outgoing) {
                return true;
            }

            @Override
            public void made(Attempt<?> attempt) {
                made.add(attempt.outcome());
            }
        };

        ReaskResult<Map<String, Object>> result = Reasker.builder().meter(all).build().ask(failing, REQUEST, ANSWER);

        assertThat(made).containsExactly(Attempt.Outcome.FAILED);
        assertThat(result.backendId()).isEqualTo("model-b");
        assertThat(result.failure().orElseThrow().httpStatus()).hasValue(400);
    }

    @Test
    void theStandardCorrectionListsTwentyProblemsAndCountsTheRest() {
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            problems.add(new Problem("p" + i, "/items/" + i, "wrong"));
        }

        String text = Correction.standard().message(problems).text();

        assertThat(text).contains("{\"code\":\"p19\",\"pointer\":\"/items/19\",\"message\":\"wrong\"}")
                .doesNotContain("p20").contains("],\"more\":3}\n\n")
                .endsWith("Reply again with one JSON object only, with these violations corrected.");
    }

    @Test
    void aJsonObjectIsReadUnderTheModelJsonRule() {
        assertThat(Reasker.jsonObject(" {\"a\": 1} ").value().get("a")).hasToString("1");
        assertThat(Reasker.jsonObject("[1]").problems()).singleElement().satisfies(p -> {
            assertThat(p.code()).isEqualTo(Problem.NOT_JSON);
            assertThat(p.pointer()).isEmpty();
            assertThat(p.message()).startsWith("the output must be a single JSON object, found");
        });
        assertThat(Reasker.jsonObject("Sure! {\"a\": 1}").accepted()).isFalse();
    }

    @Test
    void theBoundsAreChecked() {
        assertThatThrownBy(() -> Reasker.builder().maxReasks(-1)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> Reasker.builder().maxReasks(Reasker.MAX_REASKS + 1))
                .isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> Verdict.reject(List.of())).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> Verdict.accept(null)).isInstanceOf(NullPointerException.class);
        assertThat(new Problem("score_precision", "", "two decimals").toString())
                .isEqualTo("[score_precision] (output): two decimals");
    }
}
