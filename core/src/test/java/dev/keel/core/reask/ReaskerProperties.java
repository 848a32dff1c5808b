package dev.keel.core.reask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.RetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The re-asker over any script of replies: calls bounded, one attempt per call, every problem sent back. */
class ReaskerProperties {

    /** A reply: valid ({@code ok...}), invalid (anything else) or a failure ({@code FAIL}). */
    private static final Gen<String> REPLIES = Gen.frequency(
            Weighted.of(2, Gen.strings().alpha().ofMaxLength(6).map(s -> "ok" + s)),
            Weighted.of(5, Gen.strings().alpha().ofMaxLength(12).map(s -> "bad" + s)),
            Weighted.of(1, Gen.of("FAIL")));

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("answer with ok");

    /** Accepts a reply starting with "ok"; rejects any other with a problem naming the reply. */
    private static final ReplyValidator<String> OK = (reply, attempt) -> reply.startsWith("ok") ? Verdict.accept(reply)
            : Verdict.reject(List.of(new Problem("not_ok", "", "attempt " + attempt + " said " + reply)));

    @Test
    void theCallsAreBoundedAndEveryCallIsOneAttemptWithItsOwnTelemetry() {
        Gen<List<String>> scripts = REPLIES.list().ofMinSize(12).ofMaxSize(12);
        Property.forAll(scripts, Gen.integers(0, Reasker.MAX_REASKS), Gen.of(Reasker.History.values()))
                .tries(300).check((script, maxReasks, history) -> {
                    List<Supplier<String>> steps = new ArrayList<>();
                    for (String reply : script) {
                        steps.add(() -> {
                            if (reply.equals("FAIL")) {
                                throw new RetriableBackendException("m", "down", (Throwable) null);
                            }
                            return reply;
                        });
                    }
                    ScriptedReplies backend = ScriptedReplies.of("m", steps);

                    ReaskResult<String> result = Reasker.builder().maxReasks(maxReasks).history(history).build()
                            .ask(backend, REQUEST, OK);

                    int expected = 1;
                    while (expected < maxReasks + 1 && script.get(expected - 1).startsWith("bad")) {
                        expected++;
                    }
                    String last = script.get(expected - 1);
                    assertThat(backend.requests()).hasSize(expected);
                    assertThat(result.attempts()).hasSize(expected);
                    assertThat(result.outcome()).isEqualTo(last.startsWith("ok") ? Attempt.Outcome.ACCEPTED
                            : last.equals("FAIL") ? Attempt.Outcome.FAILED : Attempt.Outcome.REJECTED);
                    assertThat(result.value().isPresent()).isEqualTo(last.startsWith("ok"));
                    for (int i = 0; i < expected; i++) {
                        Attempt<String> attempt = result.attempts().get(i);
                        String reply = script.get(i);
                        assertThat(attempt.number()).isEqualTo(i + 1);
                        assertThat(attempt.request()).isEqualTo(backend.requests().get(i));
                        assertThat(attempt.replyLength()).isEqualTo(reply.equals("FAIL") ? 0 : reply.length());
                        assertThat(attempt.usage().inputTokens()).isEqualTo(reply.equals("FAIL") ? 0 : 10L * (i + 1));
                        assertThat(attempt.problems()).hasSize(reply.startsWith("bad") ? 1 : 0);
                        if (i > 0) {
                            List<ChatMessage> sent = attempt.request().messages();
                            assertThat(sent).hasSize(history == Reasker.History.ALL ? 1 + 2 * i : 3);
                            assertThat(sent.get(sent.size() - 2)).isEqualTo(ChatMessage.of(ChatRole.ASSISTANT,
                                    Part.markdown(script.get(i - 1))));
                            assertThat(sent.get(sent.size() - 1).text()).contains("attempt " + i + " said "
                                    + script.get(i - 1));
                        }
                    }
                });
    }
}
