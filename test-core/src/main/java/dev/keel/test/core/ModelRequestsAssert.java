package dev.keel.test.core;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ListAssert;

/**
 * Assertions on what a stand-in model was sent: a {@link ScriptedBackend} (every message of every request) or a
 * {@link LoopbackModelServer} (every body as sent, and every message as read from it, so that nothing escaped in
 * JSON can hide). Obtained from {@link CoreAssertions#assertThat(ScriptedBackend)} and
 * {@link CoreAssertions#assertThat(LoopbackModelServer)}. Not thread-safe; use it once the calls are done.
 */
public final class ModelRequestsAssert extends AbstractAssert<ModelRequestsAssert, Object> {

    private final String name;
    private final List<String> sent;
    private final List<ChatRequest> chats;
    private final int unanswered;

    ModelRequestsAssert(Object model, String name, List<String> sent, List<ChatRequest> chats, int unanswered) {
        super(model, ModelRequestsAssert.class);
        this.name = name;
        this.sent = List.copyOf(sent);
        this.chats = List.copyOf(chats);
        this.unanswered = unanswered;
    }

    static ModelRequestsAssert of(ScriptedBackend backend) {
        List<String> sent = new ArrayList<>();
        List<ChatRequest> requests = backend.requests();
        requests.forEach(request -> sent.add(messages(request)));
        return new ModelRequestsAssert(backend, "scripted backend '" + backend.id() + "'", sent, requests,
                backend.unanswered().size());
    }

    static ModelRequestsAssert of(LoopbackModelServer server) {
        List<String> sent = new ArrayList<>();
        List<ChatRequest> chats = new ArrayList<>();
        for (WireRequest request : server.requests()) {
            sent.add(request.body() + "\n" + request.chat().map(ModelRequestsAssert::messages).orElse(""));
            request.chat().ifPresent(chats::add);
        }
        return new ModelRequestsAssert(server, "loopback model server " + server.baseUrl(), sent, chats,
                server.unanswered().size());
    }

    private static String messages(ChatRequest request) {
        StringBuilder text = new StringBuilder();
        for (ChatMessage message : request.messages()) {
            text.append(message.text()).append('\n');
        }
        return text.toString();
    }

    /** The model received no request at all. */
    public ModelRequestsAssert wasNeverCalled() {
        isNotNull();
        if (!sent.isEmpty()) {
            failWithMessage("expected %s never to be called, but it received %d request(s)", name, sent.size());
        }
        return this;
    }

    /** The model received exactly {@code count} requests. */
    public ModelRequestsAssert receivedRequests(int count) {
        isNotNull();
        if (sent.size() != count) {
            failWithMessage("expected %s to receive %d request(s), but it received %d", name, count, sent.size());
        }
        return this;
    }

    /** No request the model received contains any of {@code values} (case-sensitive), anywhere. */
    public ModelRequestsAssert noRequestContains(CharSequence... values) {
        isNotNull();
        for (int i = 0; i < sent.size(); i++) {
            for (CharSequence value : values) {
                int at = sent.get(i).indexOf(value.toString());
                if (at >= 0) {
                    failWithMessage("expected no request to %s to contain \"%s\", but request %d did: \"%s\"", name,
                            value, i + 1, around(sent.get(i), at, value.length()));
                }
            }
        }
        return this;
    }

    /** No request the model received has a match of the regular expression {@code regex}, anywhere. */
    public ModelRequestsAssert noRequestContainsPattern(String regex) {
        isNotNull();
        Pattern pattern = Pattern.compile(regex);
        for (int i = 0; i < sent.size(); i++) {
            Matcher matcher = pattern.matcher(sent.get(i));
            if (matcher.find()) {
                failWithMessage("expected no request to %s to match /%s/, but request %d did: \"%s\"", name, regex,
                        i + 1, around(sent.get(i), matcher.start(), matcher.end() - matcher.start()));
            }
        }
        return this;
    }

    /** Every request the model received contains each of {@code values}; it received at least one. */
    public ModelRequestsAssert everyRequestContains(CharSequence... values) {
        isNotNull();
        if (sent.isEmpty()) {
            failWithMessage("expected every request to %s to contain %s, but it received none", name,
                    List.of(values));
        }
        for (int i = 0; i < sent.size(); i++) {
            for (CharSequence value : values) {
                if (!sent.get(i).contains(value)) {
                    failWithMessage("expected every request to %s to contain \"%s\", but request %d did not", name,
                            value, i + 1);
                }
            }
        }
        return this;
    }

    /** Every request the model received was answered from its script. */
    public ModelRequestsAssert answeredEveryRequest() {
        isNotNull();
        if (unanswered > 0) {
            failWithMessage("expected %s to have a scripted reply for every request, but %d had none", name,
                    unanswered);
        }
        return this;
    }

    /** The chat requests received, in order, for AssertJ's own assertions. */
    public ListAssert<ChatRequest> requests() {
        isNotNull();
        return Assertions.assertThat(chats);
    }

    private static String around(String text, int at, int length) {
        int from = Math.max(0, at - 40);
        int to = Math.min(text.length(), at + length + 40);
        return (from > 0 ? "..." : "") + text.substring(from, to).replace('\n', ' ').strip()
                + (to < text.length() ? "..." : "");
    }
}
