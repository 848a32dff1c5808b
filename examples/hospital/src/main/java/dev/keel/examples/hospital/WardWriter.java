package dev.keel.examples.hospital;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ward's own backend when no model runs in the hospital: it writes the answer from the ward records in the
 * prompt by restating them, deterministically, as the answer contract asks ({@code {"answer", "records"}}, every
 * record cited). It is not a language model and says so, in the text and as
 * {@value #ID} in {@code backend_used}; it infers nothing beyond the records. Pure and thread-safe.
 */
public final class WardWriter implements LlmBackend {

    /** What the writer reports as {@code backend_used}. */
    public static final String ID = "ward_writer";

    /** How every text it writes begins. */
    public static final String PREFACE = "Written without a language model (" + ID + "): the ward records that bear"
            + " on the question, restated; nothing is inferred beyond them.";

    private static final WardWriter INSTANCE = new WardWriter();
    private static final JsonCodec JSON = JsonCodec.strict();

    private WardWriter() {
    }

    public static WardWriter create() {
        return INSTANCE;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        List<WardPrompt.WardRecord> records = WardPrompt.records(request);
        StringBuilder text = new StringBuilder(PREFACE).append("\n");
        if (records.isEmpty()) {
            text.append("\nThe ward records hold nothing that answers this question.");
        }
        records.forEach(record -> text.append("\n- ").append(record.text()));
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("answer", text.toString());
        reply.put("records", records.stream().map(WardPrompt.WardRecord::id).toList());
        return ChatReply.builder().text(JSON.write(reply)).usage(TokenUsage.UNKNOWN).backendId(ID)
                .finishReason("stop").build();
    }

    @Override
    public String toString() {
        return "WardWriter{" + ID + "}";
    }
}
