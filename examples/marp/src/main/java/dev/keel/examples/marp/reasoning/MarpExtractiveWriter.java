package dev.keel.examples.marp.reasoning;

import dev.keel.core.Decision;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.reasoning.EmbeddedBackend;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The MARP assistant's internal backend when no model is configured: it writes the commentary, as the JSON object
 * the commentary contract asks for ({@link CommentaryReply}), from the evidence in a request built by
 * {@link ExplanationPrompt}, read back as JSON values ({@link ExplanationPrompt#read}),
 * never by parsing a rendered text, by extraction and a fixed template, deterministically. It is not a language
 * model and does not pretend to be one: it reports itself as {@value EmbeddedBackend#ID} in {@code backend_used} and
 * infers nothing beyond the evidence. It restates scenario,
 * calendars, constraints and weekly behaviour and says what is missing; any other request it hands to the
 * library's {@link EmbeddedBackend}, which restates it. Stateless, pure and thread-safe.
 */
public final class MarpExtractiveWriter implements LlmBackend {

    private static final MarpExtractiveWriter INSTANCE = new MarpExtractiveWriter();
    private static final String ID = EmbeddedBackend.ID;
    /** A word holding a digit: a figure, a quarter, a week. */
    private static final Pattern FIGURE_WORD = Pattern.compile("\\S*\\d\\S*");
    private static final Pattern WHITE_SPACE = Pattern.compile("\\s+");
    private static final int MAX_QUESTION = 300;
    private static final JsonCodec JSON = JsonCodec.strict();

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
        return ExplanationPrompt.read(request)
                .map(reading -> ChatReply.builder().text(write(reading.brief(), reading.question()))
                        .usage(TokenUsage.UNKNOWN).backendId(ID).finishReason("stop").build())
                .orElseGet(() -> restating.chat(request));
    }

    /**
     * The reply for {@code brief} and the user's {@code question} (null when there is none), without going through
     * a request: {@link #reply} as the JSON object the commentary contract asks for.
     */
    public String write(ExplanationBrief brief, @Nullable String question) {
        CommentaryReply reply = reply(brief, question);
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("comparison", reply.comparison());
        wire.put("calendars", reply.calendars().stream().map(note -> Map.of("calendar", note.calendar(),
                "trade_offs", note.tradeOffs())).toList());
        return JSON.write(wire);
    }

    /**
     * The commentary for {@code brief} and the user's {@code question}: the comparison restates scenario, requester,
     * question, constraints, budget and weekly behaviour and says what is missing; each calendar's note is its
     * summary. Under a PARTIAL decision the user's words are not restated: the scenario stands in for them, without
     * its figures, as the instruction to stay qualitative asks. A long question is cut, so that the reply keeps the
     * contract's limits whatever the user wrote.
     */
    CommentaryReply reply(ExplanationBrief brief, @Nullable String question) {
        StringBuilder text = new StringBuilder(1024);
        text.append("Reasoning path written without a language model (").append(ID)
                .append("): it restates the evidence supplied and infers nothing beyond it.\n\n");
        text.append("Scenario: ").append(oneLine(brief.scenarioLabel())).append(".\n");
        text.append("Requested by role ").append(oneLine(brief.principal().role()))
                .append(" with clearance ").append(oneLine(brief.principal().clearance())).append(".\n");
        String restated = brief.decision() == Decision.PARTIAL ? FIGURE_WORD.matcher(brief.scenarioLabel()).replaceAll("")
                : question;
        if (restated != null && !oneLine(restated).isEmpty()) {
            text.append("Question: ").append(cut(oneLine(restated))).append('\n');
        }
        List<String> missing = new ArrayList<>();
        Map<String, String> calendars = brief.calendarSummaries();
        if (calendars.isEmpty()) {
            missing.add("calendar summaries");
        } else if (calendars.size() > 1) {
            text.append("\nComparison: ").append(String.join(" and ", calendars.keySet()))
                    .append(" are set out side by side below; their trade-offs and bottlenecks are the ones the"
                            + " evidence states, and no further comparison is drawn without a model.\n");
        }
        section(text, "Constraints from the evidence that the calendars must meet:", brief.constraints(), missing, "constraints");
        section(text, "Budget:", brief.budget(), missing, "budget");
        section(text, "Key weekly behaviour:", brief.weeklyBehaviour(), missing, "weekly behaviour");
        if (!missing.isEmpty()) {
            text.append("\nMissing from the evidence supplied: ").append(String.join(", ", missing)).append(".\n");
        }
        List<CommentaryReply.CalendarNote> notes = new ArrayList<>();
        calendars.forEach((label, summary) -> notes.add(new CommentaryReply.CalendarNote(label,
                summary.isBlank() ? "no summary supplied." : oneLine(summary))));
        return new CommentaryReply(text.toString(), notes);
    }

    /** At most {@value #MAX_QUESTION} characters of a restated question. */
    private static String cut(String text) {
        return text.length() <= MAX_QUESTION ? text
                : text.substring(0, text.offsetByCodePoints(0, text.codePointCount(0, MAX_QUESTION - 1))) + "…";
    }

    private static void section(StringBuilder text, String heading, List<String> items, List<String> missing, String name) {
        if (items.isEmpty()) {
            missing.add(name);
            return;
        }
        text.append('\n').append(heading).append('\n');
        for (String item : items) {
            text.append("- ").append(oneLine(item)).append('\n');
        }
    }

    /** Line breaks and runs of white space become one space: the text is written line by line. */
    static String oneLine(String value) {
        return WHITE_SPACE.matcher(value).replaceAll(" ").strip();
    }

    @Override
    public String toString() {
        return "MarpExtractiveWriter{" + ID + "}";
    }
}
