package dev.keel.examples.hospital;

import dev.keel.core.content.Part;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The prompt of the ward assistant's one model call: what the assistant is and the answer's contract (the system
 * message), then a user message of parts: a line naming the question, the user's message with its own parts and
 * labels, a line naming the records, and the ward records that bear on it as one JSON part (a list of
 * {@code {"id", "record"}}). Nothing the user wrote and no record is spliced into a string. Record ids are letters
 * only ({@code rec-a}, {@code rec-b}, ..., {@code rec-ba}): under PARTIAL the egress filter withholds every figure,
 * and an id must reach the model whole. And the way back, for the ward's writer, from a prompt to its records.
 * Pure and thread-safe.
 */
final class WardPrompt {

    /** The request's purpose: the label a test scripts replies by; never sent to a provider. */
    static final String PURPOSE = "ward_answer";

    static final String SYSTEM = "You are the Larch Ward assistant. Answer the question from the ward records given"
            + " and from nothing else; when they do not answer it, say so. Never write a medical record number."
            + " Reply with one JSON object only, nothing before or after it: {\"answer\": \"your answer\","
            + " \"records\": [\"the id of each record the answer rests on, as given\"]}, and no other member.";

    private static final String QUESTION = "Question:";
    private static final String RECORDS = "Ward records:";

    /** A ward record as the prompt gives it: its id and its text. */
    record WardRecord(String id, String text) {
    }

    private WardPrompt() {
    }

    /** The request for the user's message {@code question}, with {@code evidence}'s records. */
    static ChatRequest request(ChatMessage question, EvidenceSet evidence) {
        List<Part> parts = new ArrayList<>();
        parts.add(Part.text(QUESTION));
        parts.addAll(question.parts());
        parts.add(Part.text(RECORDS));
        List<Map<String, Object>> records = new ArrayList<>();
        for (WardRecord record : records(evidence)) {
            Map<String, Object> value = new LinkedHashMap<>();
            value.put("id", record.id());
            value.put("record", record.text());
            records.add(value);
        }
        parts.add(Part.json(records));
        return ChatRequest.builder().addMessage(ChatMessage.system(SYSTEM))
                .addMessage(new ChatMessage(ChatRole.USER, parts)).purpose(PURPOSE)
                .responseFormat(ResponseFormat.JSON).build();
    }

    /** {@code evidence}'s records with the ids the prompt gives them, in order. */
    static List<WardRecord> records(EvidenceSet evidence) {
        List<WardRecord> records = new ArrayList<>();
        for (EvidenceItem item : evidence.items()) {
            records.add(new WardRecord(id(records.size()), item.text()));
        }
        return records;
    }

    /** {@code rec-} and the index in letters, a for 0: a, ..., z, ba, bb, ... */
    private static String id(int index) {
        StringBuilder letters = new StringBuilder();
        int rest = index;
        do {
            letters.insert(0, (char) ('a' + rest % 26));
            rest /= 26;
        } while (rest > 0);
        return "rec-" + letters;
    }

    /**
     * The records in the last user message of {@code request} that has any (the JSON part after the line naming
     * them, as the request holds it); empty when none has.
     */
    static List<WardRecord> records(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            ChatMessage message = messages.get(i);
            List<Part> parts = message.parts();
            for (int p = 0; message.role() == ChatRole.USER && p + 1 < parts.size(); p++) {
                if (parts.get(p) instanceof Part.Text named && named.text().equals(RECORDS)
                        && parts.get(p + 1) instanceof Part.Json json && json.value() instanceof List<?> list) {
                    List<WardRecord> records = new ArrayList<>();
                    for (Object value : list) {
                        if (value instanceof Map<?, ?> record && record.get("id") instanceof String id) {
                            records.add(new WardRecord(id, String.valueOf(record.get("record"))));
                        }
                    }
                    return records;
                }
            }
        }
        return List.of();
    }
}
