package dev.keel.examples.marp.evidence;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of the confidence checks ({@code docs/marp-example.md}, "Confidence"): the provenance stub's {@code
 * confidence}, and the findings behind it. Immutable and thread-safe.
 *
 * @param confidence     level and rationale
 * @param missingCalendars expected calendars absent from the evidence used
 * @param missingElements  requested elements the evidence does not populate, with where they were looked for
 * @param contradictions   governed figures that contradict regulated knowledge, each naming both locators
 */
public record ConfidenceAssessment(Confidence confidence, List<String> missingCalendars, List<String> missingElements,
        List<String> contradictions) {

    public ConfidenceAssessment {
        Objects.requireNonNull(confidence, "confidence");
        missingCalendars = List.copyOf(missingCalendars);
        missingElements = List.copyOf(missingElements);
        contradictions = List.copyOf(contradictions);
    }
}
