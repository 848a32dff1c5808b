package dev.keel.examples.springchat;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.messages.AbstractMessage;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

/**
 * The sample's model when no provider is configured, a Spring AI {@link ChatModel}: fixed replies by topic, with
 * figures, so that the outbound filter has something to withhold under PARTIAL; asked to repeat itself, it repeats its
 * last reply in the conversation's history, which shows what a chat memory kept. It is honest about what it is: the
 * governed call reaches it as the backend {@value #ID} (the provenance's {@code backend_used}), it reports model
 * {@value #MODEL}, and every reply says it is scripted. Both paths of the service reach it through the governed call
 * ({@link SpringAiChat#scriptedModel}). Thread-safe.
 */
@Component("scriptedChatModel")
public final class ScriptedModel implements ChatModel {

    /** What the governed call reports as {@code backend_used} for this model. */
    public static final String ID = "scripted_model";
    /** The model it reports. */
    public static final String MODEL = "scripted-replies";
    /** What the service tells the reader of an answer this backend wrote. */
    public static final String NOTE = "Scripted replay: no language model is configured; this is a fixed reply.";

    private static final String SCRIPTED = " (Scripted reply: no language model is configured.)";

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
    public ChatResponse call(Prompt prompt) {
        String reply = reply(prompt);
        return response(reply, reply);
    }

    /** The same reply, streamed word by word, as a model streams its tokens; the last piece carries the usage. */
    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
        return Flux.defer(() -> {
            String reply = reply(prompt);
            List<String> words = List.of(reply.split("(?<= )"));
            return Flux.range(0, words.size())
                    .map(i -> response(words.get(i), i < words.size() - 1 ? null : reply));
        });
    }

    private String reply(Prompt prompt) {
        calls.incrementAndGet();
        List<Message> messages = prompt.getInstructions();
        String question = last(messages, MessageType.USER).toLowerCase(Locale.ROOT);
        String answer;
        if (question.contains("repeat") || question.contains("say that again")) {
            String before = last(messages, MessageType.ASSISTANT).replace(SCRIPTED, "");
            answer = before.isEmpty() ? "There is nothing to repeat yet." : "I said: " + before;
        } else if (question.contains("payroll") || question.contains("salar") || question.contains("bonus")) {
            answer = PAYROLL;
        } else if (question.contains("expense") || question.contains("travel") || question.contains("receipt")) {
            answer = "Travel expenses up to 250 EUR need one approval and two above that; claims are paid within"
                    + " 10 working days.";
        } else {
            answer = "I answer questions about expenses and payroll.";
        }
        return answer + SCRIPTED;
    }

    private static String last(List<Message> messages, MessageType type) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).getMessageType() == type && messages.get(i) instanceof AbstractMessage message) {
                return message.getText() == null ? "" : message.getText();
            }
        }
        return "";
    }

    /** A response of {@code text}; the last one of a reply ({@code whole} not null) carries its usage and end. */
    private static ChatResponse response(String text, @Nullable String whole) {
        ChatResponseMetadata.Builder metadata = ChatResponseMetadata.builder().model(MODEL);
        ChatGenerationMetadata.Builder generationMetadata = ChatGenerationMetadata.builder();
        if (whole != null) {
            metadata.usage(new DefaultUsage(1, whole.length() / 4 + 1));
            generationMetadata.finishReason("STOP");
        }
        Generation generation = new Generation(new AssistantMessage(text), generationMetadata.build());
        return ChatResponse.builder().generations(List.of(generation)).metadata(metadata.build()).build();
    }

    /** {@link #NOTE} when the answer was written by this model: {@code backendUsed} is the provenance's. */
    public static Optional<String> noteFor(@Nullable Object backendUsed) {
        return ID.equals(backendUsed) ? Optional.of(NOTE) : Optional.empty();
    }

    /** How many requests it answered. */
    public long calls() {
        return calls.get();
    }
}
