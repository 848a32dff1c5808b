package dev.keel.models;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** In-process backends for tests. */
final class FakeBackends {

    private FakeBackends() {
    }

    /** A backend answering with a function of the request, recording every request it gets. */
    static class Scripted implements LlmBackend {
        private final String id;
        private final Function<ChatRequest, ChatReply> answer;
        private final List<ChatRequest> requests = new ArrayList<>();

        Scripted(String id, Function<ChatRequest, ChatReply> answer) {
            this.id = id;
            this.answer = answer;
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            return answerOf(request);
        }

        /** Records the request and answers it. */
        final ChatReply answerOf(ChatRequest request) {
            synchronized (requests) {
                requests.add(request);
            }
            return answer.apply(request);
        }

        @Override
        public String id() {
            return id;
        }

        List<ChatRequest> requests() {
            synchronized (requests) {
                return List.copyOf(requests);
            }
        }
    }

    static Scripted answering(String id, String text, TokenUsage usage) {
        return new Scripted(id, request -> ChatReply.builder().text(text).usage(usage).backendId(id).build());
    }

    static Scripted failing(String id, RuntimeException failure) {
        return new Scripted(id, request -> {
            throw failure;
        });
    }
}
