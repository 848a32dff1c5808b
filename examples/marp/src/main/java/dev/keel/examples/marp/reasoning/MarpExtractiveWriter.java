package dev.keel.examples.marp.reasoning;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.llm.adapters.reasoning.EmbeddedBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The MARP assistant's internal backend when no model is configured: it writes the reasoning-path text from the
 * evidence in a prompt rendered by {@link ExplanationPrompt}, by extraction and a fixed template,
 * deterministically. It is not a language model and does not pretend to be one: it reports itself as
 * {@value EmbeddedBackend#ID} in {@code backend_used} and infers nothing beyond the evidence. It restates scenario,
 * calendars, constraints and weekly behaviour and says what is missing; any other request it hands to the
 * library's {@link EmbeddedBackend}, which restates it. Stateless, pure and thread-safe.
 */
public final class MarpExtractiveWriter implements LlmBackend {

    private static final MarpExtractiveWriter INSTANCE = new MarpExtractiveWriter();
    private static final String ID = EmbeddedBackend.ID;

    private final EmbeddedBackend restating = EmbeddedBackend.create();

    private MarpExtractiveWriter() {
    }

    public static MarpExtractiveWriter create() {
        return INSTANCE;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        if (request.responseFormat() == ResponseFormat.JSON) {
            return restating.chat(request);
        }
        return ExplanationPrompt.parse(lastUserMessage(request))
                .map(brief -> ChatReply.builder().text(write(brief)).usage(TokenUsage.UNKNOWN).backendId(ID)
                        .finishReason("stop").build())
                .orElseGet(() -> restating.chat(request));
    }

    /** The text for {@code brief}, without going through a prompt. */
    public String write(ExplanationBrief brief) {
        StringBuilder text = new StringBuilder(1024);
        text.append("Reasoning path written without a language model (").append(ID)
                .append("): it restates the evidence supplied and infers nothing beyond it.\n\n");
        text.append("Scenario: ").append(ExplanationPrompt.oneLine(brief.scenarioLabel())).append(".\n");
        text.append("Requested by role ").append(ExplanationPrompt.oneLine(brief.principal().role()))
                .append(" with clearance ").append(ExplanationPrompt.oneLine(brief.principal().clearance())).append(".\n");
        brief.question().ifPresent(q -> text.append("Question: ").append(ExplanationPrompt.oneLine(q)).append('\n'));
        List<String> missing = new ArrayList<>();
        Map<String, String> calendars = brief.calendarSummaries();
        if (calendars.isEmpty()) {
            missing.add("calendar summaries");
        } else {
            text.append('\n');
            calendars.forEach((label, summary) -> text.append(ExplanationPrompt.oneLine(label)).append(": ")
                    .append(summary.isBlank() ? "no summary supplied." : ExplanationPrompt.oneLine(summary)).append('\n'));
            if (calendars.size() > 1) {
                text.append("\nComparison: ").append(String.join(" and ", calendars.keySet()))
                        .append(" are set out side by side above; their trade-offs and bottlenecks are the ones the"
                                + " evidence states, and no further comparison is drawn without a model.\n");
            }
        }
        section(text, "Constraints from the evidence that the calendars must meet:", brief.constraints(), missing, "constraints");
        section(text, "Key weekly behaviour:", brief.weeklyBehaviour(), missing, "weekly behaviour");
        if (!missing.isEmpty()) {
            text.append("\nMissing from the evidence supplied: ").append(String.join(", ", missing)).append(".\n");
        }
        return text.toString();
    }

    private static void section(StringBuilder text, String heading, List<String> items, List<String> missing, String name) {
        if (items.isEmpty()) {
            missing.add(name);
            return;
        }
        text.append('\n').append(heading).append('\n');
        for (String item : items) {
            text.append("- ").append(ExplanationPrompt.oneLine(item)).append('\n');
        }
    }

    private static String lastUserMessage(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatRole.USER) {
                return messages.get(i).text();
            }
        }
        return messages.get(messages.size() - 1).text();
    }

    @Override
    public String toString() {
        return "MarpExtractiveWriter{" + ID + "}";
    }
}
