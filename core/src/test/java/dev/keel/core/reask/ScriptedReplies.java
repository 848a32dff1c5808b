package dev.keel.core.reask;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** A backend that answers from a script, in order, and keeps every request; a step may throw instead. */
final class ScriptedReplies implements LlmBackend {

    private final String id;
    private final List<Supplier<String>> script;
    private final List<ChatRequest> requests = new ArrayList<>();

    private ScriptedReplies(String id, List<Supplier<String>> script) {
        this.id = id;
        this.script = script;
    }

    static ScriptedReplies of(String id, String... replies) {
        List<Supplier<String>> script = new ArrayList<>();
        for (String reply : replies) {
            script.add(() -> reply);
        }
        return new ScriptedReplies(id, script);
    }

    static ScriptedReplies of(String id, List<Supplier<String>> script) {
        return new ScriptedReplies(id, List.copyOf(script));
    }

    @Override
    public synchronized ChatReply chat(ChatRequest request) {
        requests.add(request);
        if (requests.size() > script.size()) {
            throw new AssertionError("called " + requests.size() + " times; the script has " + script.size() + " replies");
        }
        String text = script.get(requests.size() - 1).get();
        // Each reply reports its own usage, so that the telemetry of each attempt can be told apart.
        return ChatReply.builder().text(text).backendId(id).usage(new TokenUsage(10L * requests.size(), text.length()))
                .build();
    }

    @Override
    public String id() {
        return id;
    }

    synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }
}
