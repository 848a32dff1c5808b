package dev.keel.examples.hospital;

import dev.keel.core.content.Part;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The prompt of the ward assistant's one model call: what the assistant is (the system message), then a user
 * message of parts: a line naming the question, the user's message with its own parts and labels, a line naming the
 * records, and the ward records that bear on it as one JSON part (a list of strings). Nothing the user wrote and no
 * record is spliced into a string. And the way back, for the ward's writer, from a prompt to its records. Pure and
 * thread-safe.
 */
final class WardPrompt {

    /** The request's purpose: the label a test scripts replies by; never sent to a provider. */
    static final String PURPOSE = "ward_answer";

    static final String SYSTEM = "You are the Larch Ward assistant. Answer the question from the ward records given"
            + " and from nothing else; when they do not answer it, say so. Never write a medical record number.";

    private static final String QUESTION = "Question:";
    private static final String RECORDS = "Ward records:";

    private WardPrompt() {
    }

    /** The request for the user's message {@code question}, with {@code evidence}'s records. */
    static ChatRequest request(ChatMessage question, EvidenceSet evidence) {
        List<Part> parts = new ArrayList<>();
        parts.add(Part.text(QUESTION));
        parts.addAll(question.parts());
        parts.add(Part.text(RECORDS));
        parts.add(Part.json(evidence.items().stream().map(EvidenceItem::text).toList()));
        return ChatRequest.builder().addMessage(ChatMessage.system(SYSTEM))
                .addMessage(new ChatMessage(ChatRole.USER, parts)).purpose(PURPOSE).build();
    }

    /**
     * The records in the last user message of {@code request} that has any (the JSON part after the line naming
     * them, as the request holds it); empty when none has.
     */
    static List<String> records(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            ChatMessage message = messages.get(i);
            List<Part> parts = message.parts();
            for (int p = 0; message.role() == ChatRole.USER && p + 1 < parts.size(); p++) {
                if (parts.get(p) instanceof Part.Text named && named.text().equals(RECORDS)
                        && parts.get(p + 1) instanceof Part.Json json && json.value() instanceof List<?> list) {
                    List<String> records = new ArrayList<>();
                    list.forEach(record -> records.add(String.valueOf(record)));
                    return records;
                }
            }
        }
        return List.of();
    }
}
