package dev.keel.examples.marp.evidence;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Governed data ({@code marp_governed_data_view.csv}): weekly capability, dock utilisation, crew readiness,
 * spares and budget per calendar, in file order. Immutable and thread-safe.
 */
public record GovernedData(String source, List<WeeklyRow> rows) {

    public GovernedData {
        Objects.requireNonNull(source, "source");
        rows = List.copyOf(rows);
    }

    /** The calendars that have rows, in order of first appearance. */
    public Set<String> calendarIds() {
        return rows.stream().map(WeeklyRow::calendarId).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    public List<WeeklyRow> rowsFor(String calendarId) {
        return rows.stream().filter(row -> row.calendarId().equals(calendarId)).collect(Collectors.toUnmodifiableList());
    }
}
