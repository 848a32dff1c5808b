package dev.keel.committee;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The reply's Markdown, written and read in one place: the sections of a shipped reply ({@code ## TL;DR},
 * {@code ## Answer}, {@code ## Acceptance tests}, {@code ## Assumptions}, {@code ## Confidence},
 * {@code ## Execution time estimate}), the one question of an ask-user reply, citation markers {@code [agent:id]}
 * and what counts as a plan. Pure and thread-safe.
 */
final class ReplyText {

    static final String TLDR = "## TL;DR";
    static final String ANSWER = "## Answer";
    static final String ACCEPTANCE_TESTS = "## Acceptance tests";
    static final String ASSUMPTIONS = "## Assumptions";
    static final String CONFIDENCE = "## Confidence";
    static final String ESTIMATE = "## Execution time estimate";
    static final List<String> HEADINGS = List.of(TLDR, ANSWER, ACCEPTANCE_TESTS, ASSUMPTIONS, CONFIDENCE,
            ESTIMATE);

    private static final String QUESTION_MARK = "**Question:** ";

    /** A citation marker: {@code [agent:id]}. */
    static final Pattern MARKER = Pattern.compile("\\[([A-Za-z0-9_-]+):([A-Za-z0-9][A-Za-z0-9_.-]*)\\]");
    /** An item of an ordered list: {@code 1. ...} or {@code 1) ...}. */
    private static final Pattern ORDERED_ITEM = Pattern.compile("(?m)^\\s{0,3}\\d{1,3}[.)]\\s+\\S");
    /** An option line of a question. */
    private static final Pattern OPTION_LINE = Pattern.compile("(?m)^\\s*[ABC]\\)\\s+\\S");
    /** The whole of an ask-user reply. */
    private static final Pattern QUESTION_REPLY = Pattern.compile(
            "\\*\\*Question:\\*\\* ([^\\n]+)\\n\\nA\\) ([^\\n]+)\\nB\\) ([^\\n]+)\\nC\\) ([^\\n]+)\\n?");
    private static final Pattern STEP_LINE = Pattern.compile(
            "^  - (.+): O=([0-9.]+), M=([0-9.]+), P=([0-9.]+), E=([0-9.]+)$");
    private static final Pattern TOTAL_LINE = Pattern.compile(
            "^  - O_total=([0-9.]+), M_total=([0-9.]+), P_total=([0-9.]+), E_total=([0-9.]+)$");
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(?:\\.[0-9]+)?");

    private ReplyText() {
    }

    /**
     * A shipped reply: TL;DR, answer, the acceptance tests when there are any, assumptions ledger, confidence and,
     * when there is one, the estimate.
     */
    static String shipped(List<String> tldr, String answer, List<String> acceptanceTests,
                                 List<String> assumptions, BigDecimal confidence, @Nullable EstimateDraft estimate) {
        StringBuilder text = new StringBuilder();
        text.append(TLDR).append('\n');
        tldr.forEach(line -> text.append(oneLine(line)).append('\n'));
        text.append('\n').append(ANSWER).append('\n').append(answer.strip()).append("\n\n");
        if (!acceptanceTests.isEmpty()) {
            text.append(ACCEPTANCE_TESTS).append('\n');
            bullets(text, "", acceptanceTests, "");
            text.append('\n');
        }
        text.append(ASSUMPTIONS).append('\n');
        bullets(text, "", assumptions, "None stated.");
        text.append('\n').append(CONFIDENCE).append('\n').append("c_final = ").append(confidence.toPlainString())
                .append('\n');
        if (estimate != null) {
            PertEstimate computed = estimate.computed();
            text.append('\n').append(ESTIMATE).append('\n');
            text.append("- Unit: ").append(computed.unit().wireName()).append('\n');
            text.append("- Per-step (3-point):\n");
            int k = 1;
            for (PertStep step : computed.steps()) {
                text.append("  - Step ").append(k++).append(" (").append(oneLine(step.step())).append("): O=")
                        .append(plain(step.o())).append(", M=").append(plain(step.m())).append(", P=")
                        .append(plain(step.p())).append(", E=").append(plain(step.e())).append('\n');
            }
            text.append("- Total:\n  - O_total=").append(plain(computed.total().o())).append(", M_total=")
                    .append(plain(computed.total().m())).append(", P_total=").append(plain(computed.total().p()))
                    .append(", E_total=").append(plain(computed.total().e())).append('\n');
            text.append("- Assumptions:\n");
            bullets(text, "  ", estimate.assumptions(), "None stated.");
            text.append("- Risks that push to P:\n");
            bullets(text, "  ", estimate.risks(), "None stated.");
            text.append("- Confidence in estimate: ").append(estimate.confidence().toPlainString()).append('\n');
        }
        return text.toString();
    }

    /** An ask-user reply: the question and its three options, nothing else. */
    static String question(ClarificationQuestion question) {
        return QUESTION_MARK + oneLine(question.question()) + "\n\nA) " + oneLine(question.options().get(0)) + "\nB) "
                + oneLine(question.options().get(1)) + "\nC) " + oneLine(question.options().get(2)) + "\n";
    }

    /** Whether {@code reply} is exactly one ask-user question with options A, B and C. */
    static boolean isQuestion(String reply) {
        return QUESTION_REPLY.matcher(reply).matches();
    }

    /** Whether {@code text} asks the user something in the reply's question form (a question line or options). */
    static boolean asksUser(String text) {
        return text.contains("**Question:**") || OPTION_LINE.matcher(text).find();
    }

    /** Whether {@code text} holds a plan: an ordered list of at least two steps. */
    static boolean hasPlan(String text) {
        Matcher matcher = ORDERED_ITEM.matcher(text);
        int items = 0;
        while (matcher.find()) {
            items++;
        }
        return items >= 2;
    }

    /** Whether {@code text} has a line that is one of the reply's own section headings. */
    static boolean usesHeadings(String text) {
        for (String line : text.split("\n", -1)) {
            if (HEADINGS.contains(line.strip())) {
                return true;
            }
        }
        return false;
    }

    /** The citation markers of {@code text}, as {@code agent:id}, in order of appearance. */
    static List<String> markers(String text) {
        List<String> markers = new ArrayList<>();
        Matcher matcher = MARKER.matcher(text);
        while (matcher.find()) {
            markers.add(matcher.group(1) + ":" + matcher.group(2));
        }
        return markers;
    }

    /** A shipped reply's sections by heading, in order; text before the first heading under {@code ""}. */
    static Map<String, String> sections(String reply) {
        Map<String, String> sections = new LinkedHashMap<>();
        String current = "";
        StringBuilder body = new StringBuilder();
        for (String line : reply.split("\n", -1)) {
            if (HEADINGS.contains(line)) {
                if (!current.isEmpty() || !body.toString().isBlank()) {
                    sections.merge(current, body.toString(), (a, b) -> a + b);
                }
                current = line;
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        sections.merge(current, body.toString(), (a, b) -> a + b);
        return sections;
    }

    /** The number of a confidence section ({@code c_final = 0.8}), or null. */
    static @Nullable BigDecimal confidence(String section) {
        Matcher matcher = NUMBER.matcher(section);
        return matcher.find() ? new BigDecimal(matcher.group()) : null;
    }

    /** Each {@code [o, m, p, e]} of an estimate section's step lines. */
    static List<BigDecimal[]> estimateSteps(String section) {
        List<BigDecimal[]> steps = new ArrayList<>();
        for (String line : section.split("\n")) {
            Matcher matcher = STEP_LINE.matcher(line);
            if (matcher.matches()) {
                steps.add(new BigDecimal[] {new BigDecimal(matcher.group(2)), new BigDecimal(matcher.group(3)),
                    new BigDecimal(matcher.group(4)), new BigDecimal(matcher.group(5))});
            }
        }
        return steps;
    }

    /** The {@code [o, m, p, e]} totals of an estimate section, or null. */
    static BigDecimal @Nullable [] estimateTotal(String section) {
        for (String line : section.split("\n")) {
            Matcher matcher = TOTAL_LINE.matcher(line);
            if (matcher.matches()) {
                return new BigDecimal[] {new BigDecimal(matcher.group(1)), new BigDecimal(matcher.group(2)),
                    new BigDecimal(matcher.group(3)), new BigDecimal(matcher.group(4))};
            }
        }
        return null;
    }

    /** The bullet lines ({@code - ...}) of a section. */
    static List<String> bullets(String section) {
        List<String> items = new ArrayList<>();
        for (String line : section.split("\n")) {
            if (line.startsWith("- ") && !line.substring(2).isBlank()) {
                items.add(line.substring(2).strip());
            }
        }
        return items;
    }

    private static void bullets(StringBuilder text, String indent, List<String> items, String none) {
        if (items.isEmpty()) {
            text.append(indent).append("- ").append(none).append('\n');
        }
        items.forEach(item -> text.append(indent).append("- ").append(oneLine(item)).append('\n'));
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    private static String plain(BigDecimal value) {
        return value.toPlainString();
    }
}
