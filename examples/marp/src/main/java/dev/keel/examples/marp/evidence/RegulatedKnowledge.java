package dev.keel.examples.marp.evidence;

import dev.keel.core.InvalidInputException;
import dev.keel.core.evidence.Locator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Regulated knowledge ({@code marp_regulated_knowledge.json}): the structural and policy facts that MUST
 * come from it: capability thresholds and the transition calendars with their ranges, uncertainty bands,
 * bottlenecks and policy flags. Every item carries its {@link Locator}. Immutable and thread-safe.
 *
 * @param source     the source name, as the provenance stub lists it
 * @param caseId     the case the knowledge describes
 * @param thresholds capability thresholds
 * @param calendars  transition calendars, ids distinct
 */
public record RegulatedKnowledge(String source, String caseId, List<CapabilityThreshold> thresholds,
        List<TransitionCalendar> calendars) {

    public RegulatedKnowledge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(caseId, "caseId");
        thresholds = List.copyOf(thresholds);
        calendars = List.copyOf(calendars);
        Set<String> ids = new HashSet<>();
        for (TransitionCalendar calendar : calendars) {
            if (!ids.add(calendar.id())) {
                throw new InvalidInputException(calendar.locator() + ": calendar id " + calendar.id() + " appears twice");
            }
        }
    }

    public Optional<TransitionCalendar> calendar(String id) {
        return calendars.stream().filter(calendar -> calendar.id().equals(id)).findFirst();
    }
}
