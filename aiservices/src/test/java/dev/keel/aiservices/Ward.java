package dev.keel.aiservices;

import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The hospital ward of these tests: its policy file (clinicians see everything, auditors summaries and audits,
 * visitors summaries only and qualitatively; secret clearance, patient records and two markings stay in the house),
 * the principal of the signed-in user, and an in-process model standing in for a host's.
 */
final class Ward {

    static final Principal CLINICIAN = Principal.of("clinician", "confidential");
    static final Principal AUDITOR = Principal.of("auditor", "confidential");
    static final Principal VISITOR = Principal.of("visitor", "restricted");

    private Ward() {
    }

    /** The policy file, as a host keeps it on disk. */
    static Path policyFile() {
        try {
            return Path.of(Ward.class.getResource("/aiservices/ward_policy.json").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static PolicyDocument policy() {
        return PolicyFiles.readPolicy(policyFile());
    }

    /** Whether {@code text} holds a character of Unicode category N (a digit of any script, a fraction, ...). */
    static boolean holdsDigits(String text) {
        return text.codePoints().anyMatch(c -> Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER
                || Character.getType(c) == Character.OTHER_NUMBER || Character.getType(c) == Character.LETTER_NUMBER);
    }

    /** The payload field {@code name} of {@code record}. */
    static Object payload(AuditRecord record, String name) {
        Map<String, Object> payload = record.payload();
        return payload.get(name);
    }

    /** The host's record of who is signed in on this thread. */
    static final class SignedIn {
        private volatile Principal principal;

        SignedIn(Principal principal) {
            this.principal = principal;
        }

        Principal principal() {
            return principal;
        }

        /** The signed-in user's id, as the host knows it. */
        String id() {
            return principal == null ? null : principal.role() + "-1";
        }

        /** The conversation the user is in. */
        String conversationId() {
            return "conversation-1";
        }

        void signIn(Principal principal) {
            this.principal = principal;
        }
    }

    /** A model in the house: answers with what {@code reply} makes of each request and keeps every request. */
    static final class ScriptedModel implements ChatModel {
        final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
        private final Function<ChatRequest, String> reply;

        ScriptedModel(Function<ChatRequest, String> reply) {
            this.reply = reply;
        }

        /** Answers with {@code replies} in turn, the last one repeating. */
        static ScriptedModel answering(String... replies) {
            AtomicInteger next = new AtomicInteger();
            return new ScriptedModel(request -> replies[Math.min(next.getAndIncrement(), replies.length - 1)]);
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            requests.add(request);
            return ChatResponse.builder().aiMessage(AiMessage.from(reply.apply(request)))
                    .tokenUsage(new TokenUsage(30, 10)).build();
        }

        /** The texts of the messages of request {@code index}, each prefixed with its kind. */
        List<String> sent(int index) {
            List<String> texts = new ArrayList<>();
            for (ChatMessage message : requests.get(index).messages()) {
                texts.add(message.type() + ": " + text(message));
            }
            return texts;
        }

        private static String text(ChatMessage message) {
            if (message instanceof SystemMessage) {
                return ((SystemMessage) message).text();
            }
            if (message instanceof UserMessage) {
                return ((UserMessage) message).singleText();
            }
            return ((AiMessage) message).text();
        }
    }
}
