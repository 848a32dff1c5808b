package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.aiservices.Chambers.TextOnlyMemoryStore;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.pipeline.KeelDeniedException;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Generated conversations through an AI Service over the governed chat model, the house's model and the cloud's
 * behind real HTTP servers on loopback: whatever the mix of principals (a partner, an associate, a trainee, nobody
 * signed in) and of questions (a sealed matter, a privileged marking, an everyday question, a matter, "my previous
 * question"), and whether the chat memory keeps the answers' labels or only their text, nothing the audit record of
 * an earlier turn says was internal only or denied reaches the cloud server in a later turn. Every question carries
 * its own reference word, which the house model repeats in its answer, so what reached the cloud is traced back to
 * its turn. One chat memory and one user at the desk per conversation, as a shared terminal; no session, so the
 * labels alone carry what each turn learnt.
 */
class GeneratedConversationsTest {

    interface Assistant {
        String chat(String message);
    }

    private static final int CONVERSATIONS = 24;
    private static final Principal[] ASKERS = {Chambers.PARTNER, Chambers.ASSOCIATE, Chambers.TRAINEE, null};
    private static final String[] QUESTIONS = {
        "Where does the ORCA matter stand, ref %s?",
        "PRIVILEGED: what are the settlement terms, ref %s?",
        "Which room is free for lunch, ref %s?",
        "How did the hearing go, ref %s?",
        "Please answer my previous question, ref %s."
    };

    @Test
    void nothingLabelledInternalOnlyOrDeniedAtAnEarlierTurnReachesTheCloudLater() {
        long seed = Long.getLong("keel.seed", System.nanoTime());
        Random random = new Random(seed);
        for (int conversation = 0; conversation < CONVERSATIONS; conversation++) {
            converse(random, "seed " + seed + ", conversation " + conversation);
        }
    }

    private static void converse(Random random, String which) {
        // The house repeats the question's reference word; the cloud answers without one.
        try (Chambers chambers = new Chambers(question -> "On " + Chambers.token(question) + ", the house answers.")) {
            Principal[] signedIn = new Principal[1];
            GovernedChatModel model = GovernedChatModel.builder(chambers.pipeline()).principal(() -> signedIn[0])
                    .subject(() -> "desk-7").build();
            boolean textOnly = random.nextBoolean();
            ChatMemory memory = textOnly
                    ? MessageWindowChatMemory.builder().id("desk").maxMessages(6)
                            .chatMemoryStore(new TextOnlyMemoryStore()).build()
                    : MessageWindowChatMemory.withMaxMessages(6);
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(model).chatMemory(memory).build();
            Set<String> heldIn = new HashSet<>();
            List<String> turns = new ArrayList<>();
            int count = 2 + random.nextInt(5);
            for (int turn = 0; turn < count; turn++) {
                signedIn[0] = ASKERS[random.nextInt(ASKERS.length)];
                String ref = reference(random);
                String question = String.format(QUESTIONS[random.nextInt(QUESTIONS.length)], ref);
                turns.add((signedIn[0] == null ? "nobody" : signedIn[0].role()) + ": " + question);
                int sentBefore = chambers.cloud.requests().size();
                try {
                    assistant.chat(question);
                } catch (KeelDeniedException denied) {
                    // a denial is an outcome like any other here: its record says so
                }
                AuditRecord record = chambers.audit.records().get(turn);
                if (Boolean.TRUE.equals(Ward.payload(record, "internal_only"))
                        || "DENY".equals(Ward.payload(record, "decision"))) {
                    heldIn.add(ref);
                }
                String context = which + (textOnly ? " (memory of text only)" : "") + ", turns " + turns;
                for (String body : chambers.sentToTheCloud(sentBefore)) {
                    for (String held : heldIn) {
                        assertThat(body).as("%s: the cloud received %s of a turn held in", context, held)
                                .doesNotContain(held);
                    }
                }
            }
        }
    }

    /** A reference word no domain rule, marking or filter reads: {@code z} and six letters. */
    private static String reference(Random random) {
        StringBuilder ref = new StringBuilder("z");
        for (int i = 0; i < 6; i++) {
            ref.append((char) ('a' + random.nextInt(25)));
        }
        return ref.toString();
    }
}
