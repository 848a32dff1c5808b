package dev.keel.examples.marp.evidence;

import dev.keel.evidence.loader.CsvColumn;
import dev.keel.evidence.loader.CsvRow;
import dev.keel.evidence.loader.CsvTable;
import dev.keel.evidence.loader.CsvTableReader;
import dev.keel.evidence.loader.MalformedEvidenceException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the governed data view (CSV with the columns of {@link #COLUMNS}, documented in docs/marp-example.md) into
 * {@link GovernedData} with the library's strict CSV reader: a wrong header, a value of the wrong type or range
 * (fractions from 0 to 1, amounts not negative, weeks from 1), or a repeated calendar week fails with a
 * {@link MalformedEvidenceException} naming the source, the line (and column) and the problem.
 *
 * <p>Pure apart from reading what it is given; thread-safe.
 */
public final class GovernedDataReader {

    /** The columns, in order. */
    public static final List<CsvColumn> COLUMNS = List.of(
            CsvColumn.text("calendar_id"),
            CsvColumn.wholeNumber("week", 1),
            CsvColumn.decimal("capability", BigDecimal.ZERO, null),
            fraction("dock_utilisation"),
            fraction("crew_readiness"),
            fraction("spares_coverage"),
            CsvColumn.decimal("budget_committed", BigDecimal.ZERO, null),
            CsvColumn.decimal("budget_envelope", BigDecimal.ZERO, null));

    private GovernedDataReader() {
    }

    private static CsvColumn fraction(String name) {
        return CsvColumn.decimal(name, BigDecimal.ZERO, BigDecimal.ONE);
    }

    /** @throws MalformedEvidenceException when the UTF-8 {@code bytes} are not governed data */
    public static GovernedData read(String source, byte[] bytes) {
        return governed(CsvTableReader.read(source, bytes, COLUMNS));
    }

    /** @throws MalformedEvidenceException when {@code csv} is not governed data */
    public static GovernedData read(String source, String csv) {
        return governed(CsvTableReader.read(source, csv, COLUMNS));
    }

    private static GovernedData governed(CsvTable table) {
        List<WeeklyRow> rows = new ArrayList<>();
        Set<CalendarWeek> weeks = new HashSet<>();
        for (CsvRow row : table.rows()) {
            long week = row.wholeNumber("week");
            if (week > Integer.MAX_VALUE) {
                throw new MalformedEvidenceException(table.source(), "line " + row.line() + ", column week",
                        "must be at most " + Integer.MAX_VALUE + ", was \"" + week + "\"");
            }
            WeeklyRow weekly = new WeeklyRow(row.text("calendar_id"), (int) week, row.decimal("capability"),
                    row.decimal("dock_utilisation"), row.decimal("crew_readiness"), row.decimal("spares_coverage"),
                    row.decimal("budget_committed"), row.decimal("budget_envelope"), row.locator());
            if (!weeks.add(new CalendarWeek(weekly.calendarId(), weekly.week()))) {
                throw new MalformedEvidenceException(table.source(), "line " + row.line(),
                        "calendar " + weekly.calendarId() + " week " + weekly.week() + " appears twice");
            }
            rows.add(weekly);
        }
        return new GovernedData(table.source(), rows);
    }

    /** One calendar's week, the key that must be unique in a file. */
    private record CalendarWeek(String calendarId, int week) {
    }
}
