package dev.keel.llm.adapters.reasoning;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@link EmbeddedBackend}. Stateless, pure and thread-safe. */
final class EmbeddedExtractiveWriter implements EmbeddedBackend {

    static final EmbeddedExtractiveWriter INSTANCE = new EmbeddedExtractiveWriter();

    private static final int MAX_RESTATED = 4000;

    private EmbeddedExtractiveWriter() {
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        if (request.responseFormat() == ResponseFormat.JSON) {
            throw new NonRetriableBackendException(ID, "backend '" + ID + "' writes text only: no language model is"
                    + " configured to produce JSON", null);
        }
        String message = lastUserMessage(request);
        String text = ExplanationPrompt.parse(message).map(this::write).orElseGet(() -> restate(message));
        return ChatReply.builder().text(text).usage(TokenUsage.UNKNOWN).backendId(ID).finishReason("stop").build();
    }

    @Override
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

    private static String restate(String message) {
        String content = message.strip();
        if (content.length() > MAX_RESTATED) {
            content = content.substring(0, MAX_RESTATED) + "...";
        }
        return "No language model is configured (" + ID + "); the request is restated without interpretation:\n\n"
                + (content.isEmpty() ? "(the request was empty)" : content) + "\n";
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
        return "EmbeddedBackend{" + ID + "}";
    }
}
