package dev.keel.examples.marp;

import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request controller's reading of a question ({@code docs/marp-example.md}, "The steps"): the restated query and
 * the subtasks to execute. Pure; immutable and thread-safe.
 *
 * @param restatedQuery the question in the assistant's words: boats to retire, time frame, thresholds,
 *                      constraints, role and clearance
 * @param scenarioLabel a short label for the reasoning prompt, for example {@code MARP fleet transition: retire
 *                      two boats in Q3-Q4}
 * @param subtasks      the subtasks, plus the auditors' one for auditors
 */
public record MarpRequest(String restatedQuery, String scenarioLabel, List<String> subtasks) {

    /** The subtasks every fleet transition request executes. */
    public static final List<String> BASE_SUBTASKS = List.of("capability_threshold_check",
            "identify_transition_calendars", "compare_uncertainty_bands", "identify_bottlenecks",
            "collect_policy_flags");
    /** The subtask added for auditors. */
    public static final String AUDITOR_SUBTASK = "explain_evidence_and_governance_combination";

    private static final Pattern BOATS = Pattern.compile(
            "(?i)\\b(\\d+|one|two|three|four|five|six|both)\\s+(?:\\w+\\s+)?(?:boats?|submarines?|vessels?|hulls?)\\b");
    private static final Pattern QUARTERS = Pattern.compile("(?i)\\bQ([1-4])(?:\\s*(?:-|–|to|and|through)\\s*Q([1-4]))?\\b");
    private static final List<String> CONSTRAINTS = List.of("dock", "crew", "spares", "budget");

    public MarpRequest {
        Objects.requireNonNull(restatedQuery, "restatedQuery");
        Objects.requireNonNull(scenarioLabel, "scenarioLabel");
        subtasks = List.copyOf(subtasks);
    }

    /** Reads {@code question} as asked by {@code principal}. */
    public static MarpRequest of(Principal principal, String question) {
        String boats = match(BOATS, question).map(m -> m.group(1).toLowerCase(Locale.ROOT)).orElse(null);
        String timeFrame = match(QUARTERS, question)
                .map(m -> m.group(2) == null ? "Q" + m.group(1) : "Q" + m.group(1) + "-Q" + m.group(2)).orElse(null);
        String lower = question.toLowerCase(Locale.ROOT);
        List<String> constraints = new ArrayList<>();
        for (String constraint : CONSTRAINTS) {
            if (lower.contains(constraint)) {
                constraints.add(constraint);
            }
        }

        StringBuilder restated = new StringBuilder("Retire ")
                .append(boats == null ? "boats (number not stated)" : boats + " boat" + ("one".equals(boats) || "1".equals(boats) ? "" : "s"))
                .append(timeFrame == null ? " (time frame not stated)" : " in " + timeFrame)
                .append(" while keeping capability above its threshold");
        if (!constraints.isEmpty()) {
            restated.append("; constraints asked about: ").append(String.join(", ", constraints));
        }
        restated.append("; asked as ").append(principal.role()).append(" / ").append(principal.clearance()).append('.');

        String label = "MARP fleet transition" + (boats == null && timeFrame == null ? ""
                : ": retire " + (boats == null ? "boats" : boats + " boats") + (timeFrame == null ? "" : " in " + timeFrame));

        List<String> subtasks = new ArrayList<>(BASE_SUBTASKS);
        if ("auditor".equals(principal.role())) {
            subtasks.add(AUDITOR_SUBTASK);
        }
        return new MarpRequest(restated.toString(), label, subtasks);
    }

    private static java.util.Optional<Matcher> match(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? java.util.Optional.of(matcher) : java.util.Optional.empty();
    }
}
