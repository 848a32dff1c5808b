package dev.keel.examples.services;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A stage model that answers with scripted replies, in order, and keeps every request. {@code SESSION} in a reply
 * stands for the {@code cached_state.session_id} of the prompt it answers, as a model would echo it.
 */
final class ScriptedStageModel implements LlmBackend {

    static final String ID = "scripted";

    private final Deque<String> replies;
    private final List<ChatRequest> requests = Collections.synchronizedList(new ArrayList<>());

    ScriptedStageModel(String... replies) {
        this.replies = new ArrayDeque<>(List.of(replies));
    }

    @Override
    public synchronized ChatReply chat(ChatRequest request) {
        requests.add(request);
        String reply = replies.isEmpty() ? "no more replies" : replies.removeFirst();
        return ChatReply.builder().text(reply.replace("SESSION", sessionOf(request))).usage(TokenUsage.UNKNOWN)
                .backendId(ID).build();
    }

    @Override
    public String id() {
        return ID;
    }

    List<ChatRequest> requests() {
        return requests;
    }

    @SuppressWarnings("unchecked")
    private static String sessionOf(ChatRequest request) {
        String user = request.messages().stream().filter(m -> m.role() == ChatRole.USER).findFirst().orElseThrow().text();
        Map<String, Object> input = (Map<String, Object>) JsonCodec.strict().parseObject(user).get("input");
        Object state = input.get("cached_state");
        return state instanceof Map ? String.valueOf(((Map<String, Object>) state).get("session_id")) : "";
    }
}
