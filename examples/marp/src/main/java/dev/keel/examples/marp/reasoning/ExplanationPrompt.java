package dev.keel.examples.marp.reasoning;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The single structured prompt ({@code docs/marp-example.md}, "The reasoning path"): role and clearance, scenario
 * label, constraints from the evidence, calendar summaries and key weekly behaviour, then the instruction to compare
 * the calendars, explain trade-offs and bottlenecks, stay consistent with the supplied data and not invent numerical
 * values (and, under a PARTIAL decision, to stay qualitative).
 *
 * <p>The text is Markdown with fixed headings, every supplied text on one line (line breaks inside a value
 * become spaces), so that {@link #parse(String)} reads back exactly the brief it was rendered from: that is how
 * the {@link EmbeddedBackend} finds the evidence in a request. Pure and thread-safe.
 */
public final class ExplanationPrompt {

    static final String TITLE = "# Reasoning path brief";
    private static final String INTRO = "You write the commentary of a governed answer: explanation and comparison"
            + " only. The evidence below is the only source of facts.";
    private static final String REQUESTER = "## Requester";
    private static final String SCENARIO = "## Scenario";
    private static final String QUESTION = "## Question";
    private static final String CONSTRAINTS = "## Constraints from evidence";
    private static final String CALENDARS = "## Calendar summaries";
    private static final String WEEKLY = "## Key weekly behaviour";
    private static final String INSTRUCTIONS = "## Instructions";
    private static final List<String> HEADINGS = List.of(REQUESTER, SCENARIO, QUESTION, CONSTRAINTS, CALENDARS, WEEKLY, INSTRUCTIONS);
    private static final String CALENDAR_PREFIX = "### ";
    private static final String ITEM = "- ";
    private static final String NONE = "(none supplied)";
    private static final String ROLE = "Role: ";
    private static final String CLEARANCE = "Clearance: ";
    private static final String DECISION = "Governance decision: ";
    private static final String MODE = "Reasoning mode: ";

    private ExplanationPrompt() {
    }

    /** The prompt for {@code brief}. */
    public static String render(ExplanationBrief brief) {
        StringBuilder text = new StringBuilder(1024);
        text.append(TITLE).append('\n').append(INTRO).append("\n\n");
        text.append(REQUESTER).append('\n');
        text.append(ROLE).append(oneLine(brief.principal().role())).append('\n');
        text.append(CLEARANCE).append(oneLine(brief.principal().clearance())).append('\n');
        text.append(DECISION).append(brief.decision().wireName()).append('\n');
        brief.reasoningMode().ifPresent(mode -> text.append(MODE).append(oneLine(mode)).append('\n'));
        text.append('\n').append(SCENARIO).append('\n').append(standalone(brief.scenarioLabel())).append("\n\n");
        brief.question().ifPresent(q -> text.append(QUESTION).append('\n').append(standalone(q)).append("\n\n"));
        items(text, CONSTRAINTS, brief.constraints());
        text.append(CALENDARS).append('\n');
        if (brief.calendarSummaries().isEmpty()) {
            text.append(NONE).append('\n');
        }
        brief.calendarSummaries().forEach((label, summary) ->
                text.append(CALENDAR_PREFIX).append(oneLine(label)).append('\n').append(standalone(summary)).append('\n'));
        text.append('\n');
        items(text, WEEKLY, brief.weeklyBehaviour());
        text.append(INSTRUCTIONS).append('\n');
        for (String instruction : instructions(brief)) {
            text.append(ITEM).append(instruction).append('\n');
        }
        return text.toString();
    }

    private static List<String> instructions(ExplanationBrief brief) {
        List<String> lines = new ArrayList<>();
        int calendars = brief.calendarSummaries().size();
        lines.add(calendars > 1 ? "Compare the calendars." : calendars == 1 ? "Describe the calendar supplied."
                : "No calendar summary was supplied: say what cannot be compared without one.");
        lines.add("Explain the trade-offs and the bottlenecks.");
        lines.add("Stay consistent with the supplied data: where it conflicts with anything else you know, the supplied"
                + " data is right.");
        lines.add("Do not invent numerical values: use only numbers that appear above. If information is missing, say so.");
        brief.reasoningMode().map(ExplanationPrompt::voice).ifPresent(lines::add);
        if (brief.decision() == Decision.PARTIAL) {
            lines.add("Describe qualitative trends only: no explicit numbers, dates or detailed calendar structures.");
        }
        return lines;
    }

    private static String voice(String mode) {
        switch (mode) {
            case "detailed_analysis":
                return "Write a detailed, technical analysis.";
            case "balanced_summary":
                return "Write a balanced summary.";
            case "policy_summary":
                return "Write a policy-oriented summary.";
            default:
                return "Write in the style '" + oneLine(mode) + "'.";
        }
    }

    private static void items(StringBuilder text, String heading, List<String> items) {
        text.append(heading).append('\n');
        if (items.isEmpty()) {
            text.append(ITEM).append(NONE).append('\n');
        }
        for (String item : items) {
            text.append(ITEM).append(oneLine(item)).append('\n');
        }
        text.append('\n');
    }

    /** Line breaks and runs of whitespace become one space, so no value can start a line of its own. */
    static String oneLine(String value) {
        return value.replaceAll("\\s+", " ").strip();
    }

    /**
     * A value on a line of its own: one line, and a leading {@code #} or backslash escaped with a backslash (as
     * Markdown does), so that it is never read as a heading.
     */
    private static String standalone(String value) {
        String line = oneLine(value);
        return line.startsWith("#") || line.startsWith("\\") ? "\\" + line : line;
    }

    private static String unescape(String line) {
        String value = line.strip();
        return value.startsWith("\\") ? value.substring(1) : value;
    }

    /**
     * The brief a prompt was rendered from, or empty when {@code text} is not such a prompt. Values come back
     * on one line ({@link #render} flattened them); the request id is not part of the prompt.
     */
    public static Optional<ExplanationBrief> parse(String text) {
        if (text == null || !text.startsWith(TITLE + "\n")) {
            return Optional.empty();
        }
        Map<String, List<String>> sections = sections(text);
        Map<String, String> requester = keyValues(sections.get(REQUESTER));
        List<String> scenario = sections.get(SCENARIO);
        if (requester.get(ROLE) == null || requester.get(CLEARANCE) == null || scenario == null || scenario.isEmpty()) {
            return Optional.empty();
        }
        Optional<Decision> decision = Decision.parse(requester.get(DECISION));
        if (decision.isEmpty() || decision.get() == Decision.DENY) {
            return Optional.empty();
        }
        ExplanationBrief.Builder brief = ExplanationBrief.builder()
                .principal(Principal.of(requester.get(ROLE), requester.get(CLEARANCE)))
                .decision(decision.get())
                .scenarioLabel(unescape(scenario.get(0)))
                .reasoningMode(requester.get(MODE))
                .constraints(listItems(sections.get(CONSTRAINTS)))
                .weeklyBehaviour(listItems(sections.get(WEEKLY)));
        List<String> question = sections.get(QUESTION);
        if (question != null && !question.isEmpty()) {
            brief.question(unescape(question.get(0)));
        }
        calendars(sections.get(CALENDARS)).forEach(brief::calendar);
        return Optional.of(brief.build());
    }

    private static Map<String, List<String>> sections(String text) {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : text.split("\n", -1)) {
            if (HEADINGS.contains(line)) {
                current = new ArrayList<>();
                sections.put(line, current);
            } else if (current != null && !line.isBlank()) {
                current.add(line);
            }
        }
        return sections;
    }

    private static Map<String, String> keyValues(List<String> lines) {
        Map<String, String> values = new LinkedHashMap<>();
        if (lines != null) {
            for (String line : lines) {
                for (String key : List.of(ROLE, CLEARANCE, DECISION, MODE)) {
                    if (line.startsWith(key)) {
                        values.put(key, line.substring(key.length()).strip());
                    }
                }
            }
        }
        return values;
    }

    private static List<String> listItems(List<String> lines) {
        List<String> items = new ArrayList<>();
        if (lines != null) {
            for (String line : lines) {
                items.add(line.startsWith(ITEM) ? line.substring(ITEM.length()).strip() : line.strip());
            }
        }
        // render writes the marker alone for an empty list; a list whose one item is that text reads as empty
        return items.equals(List.of(NONE)) ? List.of() : items;
    }

    private static Map<String, String> calendars(List<String> lines) {
        Map<String, String> calendars = new LinkedHashMap<>();
        if (lines == null) {
            return calendars;
        }
        String label = null;
        for (String line : lines) {
            if (line.startsWith(CALENDAR_PREFIX)) {
                if (label != null) {
                    // an empty summary renders as a blank line, which sections() skips
                    calendars.put(label, "");
                }
                label = line.substring(CALENDAR_PREFIX.length()).strip();
            } else if (label != null) {
                calendars.put(label, unescape(line));
                label = null;
            }
        }
        if (label != null) {
            calendars.put(label, "");
        }
        return calendars;
    }
}
