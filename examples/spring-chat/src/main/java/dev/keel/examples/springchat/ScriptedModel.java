package dev.keel.examples.springchat;

import dev.keel.core.Provenance;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import java.util.Locale;
import java.util.Optional;
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
    /** What the service tells the reader of an answer this backend wrote. */
    public static final String NOTE = "Scripted replay: no language model is configured; this is a fixed reply.";

    /*
     * Longer than the streaming filter's window (512 visible characters), so that a streamed answer arrives in
     * several pieces, as a model's long answer does.
     */
    private static final String PAYROLL = "Payroll runs on the 25th of each month; when the 25th falls on a weekend or"
            + " a public holiday, it runs on the working day before. This year's bonus pool is 4.5% of salaries, paid"
            + " to DE89370400440532013000 with the March payroll. Salaries are paid to the account each employee"
            + " registered with the payroll team, and the payslip is in the portal two working days before pay day."
            + " Changes to bank details must reach the payroll team by the 15th to be used in the same month; later"
            + " changes apply from the next month. Overtime approved by a line manager before the 10th is paid in the"
            + " same month, and overtime approved later in the month after. Salary advances are possible up to 50% of"
            + " the monthly net salary, at most twice a year, and are deducted from the next three payrolls in equal"
            + " parts. Questions about a payslip go to the payroll team, who answer within 3 working days; a"
            + " correction found after payment is made in the next payroll. Pension contributions are 9.3% of the"
            + " gross salary, matched by the company up to 4% of the gross salary. Year-end statements are sent by"
            + " the 31st of January, and the payroll calendar of the coming year is published every December.";

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
            answer = PAYROLL;
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

    /** {@link #NOTE} when the answer of {@code provenance} was written by this backend. */
    public static Optional<String> noteOn(Provenance provenance) {
        return ID.equals(provenance.backendUsed()) ? Optional.of(NOTE) : Optional.empty();
    }

    /** How many requests it answered. */
    public long calls() {
        return calls.get();
    }
}
