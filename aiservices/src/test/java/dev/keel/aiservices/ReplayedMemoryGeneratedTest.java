package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.aiservices.Ward.ScriptedModel;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.ContentLabels;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Generated conversations through an AI Service whose chat memory keeps text alone, spaced its own way, while the
 * process may restart between turns over the same session store, or lose the store: the in-process house and cloud
 * models repeat each question's reference word, so what reached the cloud says which turn it came from. Whatever the
 * turns: nothing an earlier turn's audit record says was internal only reaches the cloud model; while the store is
 * kept, every answer the memory replays comes back with its labels (none is unknown, clean ones stay clean); once the
 * store is lost, an answer the memory replays is internal only and the audit record says why.
 */
class ReplayedMemoryGeneratedTest {

    interface Assistant {
        String chat(String message);
    }

    /** What happens to the process before a turn. */
    enum Before { NOTHING, RESTART, STORE_LOST }

    record Turn(Before before, boolean sealed, String ref) {
    }

    record Conversation(boolean session, boolean respaced, List<Turn> turns) {
    }

    private static final Gen<String> REFS = Gen.chars('a', 'y').list().ofSize(6)
            .map(letters -> "z" + letters.stream().map(String::valueOf).reduce("", String::concat));
    private static final Gen<Turn> TURNS = choices -> new Turn(Gen.of(Before.values()).generate(choices),
            Gen.booleans().generate(choices), REFS.generate(choices));
    private static final Gen<Conversation> CONVERSATIONS = choices -> new Conversation(
            Gen.booleans().generate(choices), Gen.booleans().generate(choices),
            TURNS.list().ofMinSize(2).ofMaxSize(6).generate(choices));

    @Test
    void theLabelsOfWhatAMemoryReplaysComeBackWhileTheStoreIsKeptAndWhatIsUnknownStaysIn() {
        Property.forAll(CONVERSATIONS).tries(40).check(ReplayedMemoryGeneratedTest::converse);
    }

    private static void converse(Conversation conversation) {
        ScriptedModel house = new ScriptedModel(request -> "On " + Chambers.token(lastUser(request.messages()))
                + ", the house answers.");
        ScriptedModel cloud = new ScriptedModel(request -> "On " + Chambers.token(lastUser(request.messages()))
                + ", the cloud answers.");
        InMemoryAuditSink audit = new InMemoryAuditSink();
        RespacingMemory rows = new RespacingMemory(conversation.respaced());
        SessionStore store = new InMemorySessionStore();
        Assistant assistant = null;
        Set<String> heldIn = new HashSet<>();
        boolean storeKept = true;
        for (int t = 0; t < conversation.turns().size(); t++) {
            Turn turn = conversation.turns().get(t);
            String context = conversation + ", turn " + t;
            if (turn.before() == Before.STORE_LOST) {
                store = new InMemorySessionStore();
                storeKept = false;
            }
            if (assistant == null || turn.before() != Before.NOTHING) {
                assistant = assistant(house, cloud, audit, store, conversation.session(), rows);
            }
            boolean replays = rows.messages().stream().anyMatch(AiMessage.class::isInstance);
            int sentOut = cloud.requests.size();

            assistant.chat(turn.sealed() ? "Where does the ORCA matter stand, ref " + turn.ref() + "?"
                    : "Which room is free for lunch, ref " + turn.ref() + "?");

            AuditRecord record = audit.records().get(t);
            String codes = String.valueOf(Ward.payload(record, "reason_codes"));
            for (int request = sentOut; request < cloud.requests.size(); request++) {
                String sent = cloud.requests.get(request).messages().toString();
                for (String held : heldIn) {
                    assertThat(sent).as("%s: the cloud received %s of a turn held in", context, held)
                            .doesNotContain(held);
                }
            }
            if (storeKept) {
                assertThat(codes).as(context).doesNotContain(ContentLabels.UNKNOWN_HISTORY);
            }
            if (turn.before() == Before.STORE_LOST && replays) {
                assertThat(codes).as(context).contains(ContentLabels.UNKNOWN_HISTORY);
                assertThat(Ward.payload(record, "internal_only")).as(context).isEqualTo(true);
            }
            if (Boolean.TRUE.equals(Ward.payload(record, "internal_only"))) {
                heldIn.add(turn.ref());
            }
        }
    }

    private static Assistant assistant(ScriptedModel house, ScriptedModel cloud, InMemoryAuditSink audit,
                                       SessionStore store, boolean session, RespacingMemory rows) {
        GovernedChatModel model = GovernedChatModel.builder(GovernedChatModel.pipeline(Chambers.policy())
                        .internal("house", house).external("cloud", cloud).evidence(Chambers.sealedFile())
                        .auditSink(audit).sessionStore(store).build())
                .principal(() -> Chambers.PARTNER).subject(() -> "ada")
                .session(() -> session ? "matter-chat" : null).build();
        return AiServices.builder(Assistant.class).chatModel(model).chatMemory(MessageWindowChatMemory.builder()
                .id("matter-chat").maxMessages(8).chatMemoryStore(rows).build()).build();
    }

    private static String lastUser(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof UserMessage user) {
                return user.singleText();
            }
        }
        return "";
    }

    /**
     * A chat memory that outlives the process and keeps each message's text alone, with its spaces doubled and a
     * line break after it when it re-spaces: no label, no attribute.
     */
    private static final class RespacingMemory implements ChatMemoryStore {
        private final boolean respaced;
        private final Map<Object, List<ChatMessage>> rows = new ConcurrentHashMap<>();

        RespacingMemory(boolean respaced) {
            this.respaced = respaced;
        }

        List<ChatMessage> messages() {
            return getMessages("matter-chat");
        }

        @Override
        public List<ChatMessage> getMessages(Object memoryId) {
            return rows.getOrDefault(memoryId, List.of());
        }

        @Override
        public void updateMessages(Object memoryId, List<ChatMessage> messages) {
            List<ChatMessage> kept = new ArrayList<>();
            for (ChatMessage message : messages) {
                if (message instanceof UserMessage user) {
                    kept.add(UserMessage.from(spaced(user.singleText())));
                } else if (message instanceof AiMessage ai) {
                    kept.add(AiMessage.from(spaced(ai.text())));
                } else {
                    kept.add(message);
                }
            }
            rows.put(memoryId, kept);
        }

        private String spaced(String text) {
            return respaced ? text.replace(" ", "  ") + "\n" : text;
        }

        @Override
        public void deleteMessages(Object memoryId) {
            rows.remove(memoryId);
        }
    }
}
