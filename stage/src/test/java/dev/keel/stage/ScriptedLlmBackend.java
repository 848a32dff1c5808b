package dev.keel.stage;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Test double: an {@link LlmBackend} that replays scripted replies in order (or throws a scripted exception) and
 * records every request it was sent. Fails the test when asked for more replies than were scripted.
 */
final class ScriptedLlmBackend implements LlmBackend {

    static final String ID = "scripted";

    private final Deque<Object> script = new ArrayDeque<>();
    private final List<ChatRequest> requests = new ArrayList<>();

    /** Replies with these texts, one per call. */
    static ScriptedLlmBackend replying(String... outputs) {
        ScriptedLlmBackend backend = new ScriptedLlmBackend();
        for (String output : outputs) {
            backend.thenReply(output);
        }
        return backend;
    }

    ScriptedLlmBackend thenReply(String output) {
        script.addLast(output);
        return this;
    }

    ScriptedLlmBackend thenThrow(RuntimeException failure) {
        script.addLast(failure);
        return this;
    }

    @Override
    public synchronized ChatReply chat(ChatRequest request) {
        requests.add(request);
        Object next = script.pollFirst();
        if (next == null) {
            throw new AssertionError("the scripted backend was called " + requests.size()
                    + " times but only had replies for " + (requests.size() - 1));
        }
        if (next instanceof RuntimeException) {
            throw (RuntimeException) next;
        }
        String text = (String) next;
        return ChatReply.builder().text(text).backendId(ID).usage(new TokenUsage(100, text.length() / 4)).build();
    }

    @Override
    public String id() {
        return ID;
    }

    synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }

    /** Replies scripted but never requested. */
    synchronized int unused() {
        return script.size();
    }
}
