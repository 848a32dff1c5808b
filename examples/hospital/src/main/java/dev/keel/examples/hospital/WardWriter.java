package dev.keel.examples.hospital;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.util.List;

/**
 * The ward's own backend when no model runs in the hospital: it writes the answer from the ward records in the
 * prompt by restating them, deterministically. It is not a language model and says so, in the text and as
 * {@value #ID} in {@code backend_used}; it infers nothing beyond the records. Pure and thread-safe.
 */
public final class WardWriter implements LlmBackend {

    /** What the writer reports as {@code backend_used}. */
    public static final String ID = "ward_writer";

    /** How every text it writes begins. */
    public static final String PREFACE = "Written without a language model (" + ID + "): the ward records that bear"
            + " on the question, restated; nothing is inferred beyond them.";

    private static final WardWriter INSTANCE = new WardWriter();

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
        List<String> records = WardPrompt.records(request);
        StringBuilder text = new StringBuilder(PREFACE).append("\n");
        if (records.isEmpty()) {
            text.append("\nThe ward records hold nothing that answers this question.");
        }
        records.forEach(record -> text.append("\n- ").append(record));
        return ChatReply.builder().text(text.toString()).usage(TokenUsage.UNKNOWN).backendId(ID).finishReason("stop")
                .build();
    }

    @Override
    public String toString() {
        return "WardWriter{" + ID + "}";
    }
}
