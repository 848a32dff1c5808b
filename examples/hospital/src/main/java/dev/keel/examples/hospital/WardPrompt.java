package dev.keel.examples.hospital;

import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The prompt of the ward assistant's one model call: what the assistant is, the question, and the ward records that
 * bear on it, one per line; and the way back, for the ward's writer, from a prompt to its records. Pure and
 * thread-safe.
 */
final class WardPrompt {

    /** The request's purpose: the label a test scripts replies by; never sent to a provider. */
    static final String PURPOSE = "ward_answer";

    static final String SYSTEM = "You are the Larch Ward assistant. Answer the question from the ward records given"
            + " and from nothing else; when they do not answer it, say so. Never write a medical record number.";

    private static final String RECORDS = "Ward records:";
    private static final String ITEM = "- ";

    private WardPrompt() {
    }

    /** The request for {@code question}, with {@code evidence}'s records. */
    static ChatRequest request(String question, EvidenceSet evidence) {
        StringBuilder user = new StringBuilder("Question: ").append(question.strip()).append("\n\n").append(RECORDS);
        for (EvidenceItem item : evidence.items()) {
            user.append('\n').append(ITEM).append(item.text().replace('\n', ' '));
        }
        if (evidence.isEmpty()) {
            user.append("\n(none)");
        }
        return ChatRequest.builder().addMessage(ChatMessage.system(SYSTEM))
                .addMessage(ChatMessage.user(user.toString())).purpose(PURPOSE).build();
    }

    /** The records in the last user message of {@code request} that has any; empty when none has. */
    static List<String> records(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            ChatMessage message = messages.get(i);
            int at = message.text().indexOf(RECORDS);
            if (message.role() == ChatRole.USER && at >= 0) {
                List<String> records = new ArrayList<>();
                for (String line : message.text().substring(at + RECORDS.length()).split("\n")) {
                    if (line.startsWith(ITEM)) {
                        records.add(line.substring(ITEM.length()));
                    }
                }
                return records;
            }
        }
        return List.of();
    }
}
