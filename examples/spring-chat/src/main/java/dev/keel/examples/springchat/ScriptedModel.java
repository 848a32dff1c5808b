package dev.keel.examples.springchat;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The sample's model when no provider is configured: fixed replies by topic, with figures, so that the outbound
 * filter has something to withhold under PARTIAL. It is honest about what it is: it reports itself as
 * {@value #ID} (the provenance's {@code backend_used}) and model {@value #MODEL}, and every reply says it is
 * scripted. Thread-safe.
 */
@Component("scriptedModel")
public final class ScriptedModel implements LlmBackend {

    /** What this backend reports as {@code backend_used}. */
    public static final String ID = "scripted_model";
    /** The model it reports. */
    public static final String MODEL = "scripted-replies";

    private final AtomicLong calls = new AtomicLong();

    @Override
    public ChatReply chat(ChatRequest request) {
        return reply(request);
    }

    /** The same reply, streamed word by word, as a model streams its tokens. */
    @Override
    public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        ChatReply reply = reply(request);
        for (String word : reply.text().split("(?<= )")) {
            if (handle.isCancelled()) {
                return;
            }
            sink.chunk(word);
        }
        if (!handle.isCancelled()) {
            sink.complete(reply);
        }
    }

    private ChatReply reply(ChatRequest request) {
        calls.incrementAndGet();
        String question = request.messages().stream().filter(m -> m.role() == ChatRole.USER)
                .reduce((first, second) -> second).map(ChatMessage::text).orElse("").toLowerCase(Locale.ROOT);
        String answer;
        if (question.contains("payroll") || question.contains("salar") || question.contains("bonus")) {
            answer = "Payroll runs on the 25th of each month; this year's bonus pool is 4.5% of salaries,"
                    + " paid to DE89370400440532013000.";
        } else if (question.contains("expense") || question.contains("travel") || question.contains("receipt")) {
            answer = "Travel expenses up to 250 EUR need one approval and two above that; claims are paid within"
                    + " 10 working days.";
        } else {
            answer = "I answer questions about expenses and payroll.";
        }
        return ChatReply.builder().text(answer + " (Scripted reply: no language model is configured.)")
                .usage(new TokenUsage(question.length() / 4 + 1, answer.length() / 4 + 1)).backendId(ID)
                .model(MODEL).finishReason("stop").build();
    }

    @Override
    public String id() {
        return ID;
    }

    /** How many requests it answered. */
    public long calls() {
        return calls.get();
    }
}
