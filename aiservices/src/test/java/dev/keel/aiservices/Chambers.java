package dev.keel.aiservices;

import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A law firm's chambers for the conversation tests: its policy (a sealed matter stays in the house and is denied to
 * associates), a model in the house and one in the cloud, each a real provider client (Ollama's) calling its own
 * loopback HTTP server, and the sealed matter's file as evidence of an internal-only domain, found only when a
 * message names the matter (ORCA): its words alone name nothing sealed. What the cloud server received is what left
 * the house.
 */
final class Chambers implements AutoCloseable {

    static final Principal PARTNER = Principal.of("partner", "confidential");
    static final Principal ASSOCIATE = Principal.of("associate", "confidential");
    static final Principal TRAINEE = Principal.of("trainee", "restricted");

    static final String SEALED_QUESTION = "Where does the ORCA matter stand?";
    static final String SEALED_ANSWER = "The hearing settled it; Ada Quill keeps the file.";
    static final String EVERYDAY_QUESTION = "Which room is free for lunch on Friday?";

    final LoopbackModelServer house = LoopbackModelServer.start();
    final LoopbackModelServer cloud = LoopbackModelServer.start();
    final InMemoryAuditSink audit = new InMemoryAuditSink();

    /** The house model answers with what {@code answer} makes of each request's last user message. */
    Chambers(Function<String, String> answer) {
        house.otherwise(Reply.from(request -> answer.apply(lastUserText(request.messages()))));
        cloud.otherwise(Reply.text("The cloud answers: the small room is free."));
    }

    /** The house model answers every sealed question as {@link #SEALED_ANSWER}. */
    Chambers() {
        this(question -> question.contains("ORCA") ? SEALED_ANSWER : "The house answers.");
    }

    static PolicyDocument policy() {
        try {
            return PolicyFiles.readPolicy(Path.of(Chambers.class.getResource("/aiservices/chambers_policy.json")
                    .toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The sealed matter's file, an item of the internal-only domain, when the user's message names the matter. */
    static EvidenceProvider sealedFile() {
        return turn -> turn.request().message().contains("ORCA")
                ? EvidenceSet.of(List.of(new EvidenceItem("records", "sealed_matters", Locator.csv("orca.csv", 2),
                        "the sealed file of the matter")))
                : EvidenceSet.empty();
    }

    /** A pipeline over the two models, as a process starting afresh builds it (its session state in memory). */
    Pipeline pipeline() {
        return pipeline(new InMemorySessionStore());
    }

    /** A pipeline over the two models that keeps its session state, the labels of what was said, in {@code store}. */
    Pipeline pipeline(SessionStore store) {
        return GovernedChatModel.pipeline(policy())
                .internal("house", OllamaBackends.create("house", "llama3.1", house.baseUrl(), Duration.ofSeconds(10)))
                .external("cloud", OllamaBackends.create("cloud", "llama3.1", cloud.baseUrl(), Duration.ofSeconds(10)))
                .evidence(sealedFile())
                .auditSink(audit)
                .sessionStore(store)
                .build();
    }

    /** The body of every request the cloud server received, from the {@code from}-th on. */
    List<String> sentToTheCloud(int from) {
        List<WireRequest> requests = cloud.requests();
        return requests.subList(Math.min(from, requests.size()), requests.size()).stream().map(WireRequest::body)
                .toList();
    }

    /** The text of each message of every request the cloud server received. */
    List<String> cloudMessages() {
        List<String> texts = new ArrayList<>();
        cloud.requests().forEach(request -> request.chat().orElseThrow().messages()
                .forEach(message -> texts.add(message.text())));
        return texts;
    }

    private static String lastUserText(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatRole.USER) {
                return messages.get(i).text();
            }
        }
        return "";
    }

    /** The first reference token ({@code z} and six letters) in {@code text}, or an empty string. */
    static String token(String text) {
        Matcher matcher = Pattern.compile("\\bz[a-y]{6}\\b").matcher(text);
        return matcher.find() ? matcher.group() : "";
    }

    @Override
    public void close() {
        house.close();
        cloud.close();
    }

    /**
     * A chat memory store that outlives the chat model (a process restarting reads it back) and keeps each message as
     * its role and text only, as a store written before messages had attributes does: every label is lost.
     */
    static final class TextOnlyMemoryStore implements ChatMemoryStore {
        private final Map<Object, List<String[]>> rows = new ConcurrentHashMap<>();

        @Override
        public List<dev.langchain4j.data.message.ChatMessage> getMessages(Object memoryId) {
            List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>();
            for (String[] row : rows.getOrDefault(memoryId, List.of())) {
                messages.add(switch (row[0]) {
                    case "system" -> SystemMessage.from(row[1]);
                    case "user" -> UserMessage.from(row[1]);
                    default -> AiMessage.from(row[1]);
                });
            }
            return messages;
        }

        @Override
        public void updateMessages(Object memoryId, List<dev.langchain4j.data.message.ChatMessage> messages) {
            List<String[]> kept = new ArrayList<>();
            for (dev.langchain4j.data.message.ChatMessage message : messages) {
                if (message instanceof SystemMessage system) {
                    kept.add(new String[] {"system", system.text()});
                } else if (message instanceof UserMessage user) {
                    kept.add(new String[] {"user", user.singleText()});
                } else if (message instanceof AiMessage ai) {
                    kept.add(new String[] {"ai", ai.text()});
                }
            }
            rows.put(memoryId, kept);
        }

        @Override
        public void deleteMessages(Object memoryId) {
            rows.remove(memoryId);
        }
    }
}
