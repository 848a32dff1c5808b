package dev.keel.evidence.loader;

import dev.keel.evidence.source.GovernedData;
import dev.keel.evidence.source.Locator;
import dev.keel.evidence.source.WeeklyRow;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads governed data CSV (RFC 4180, UTF-8, header {@link #HEADER} in this order, documented in docs/evidence.md)
 * into {@link GovernedData}, through commons-csv. Strict: a wrong header, a record with too few or too many values,
 * bad quoting, a value of the wrong type or range, or a repeated calendar week fails with a
 * {@link MalformedEvidenceException} naming the source, the line (and column) and the problem. The whole file is
 * read before anything is returned.
 *
 * <p>Pure apart from reading the given reader; thread-safe.
 */
public final class GovernedDataReader {

    /** The columns, in order. */
    public static final List<String> HEADER = List.of("calendar_id", "week", "capability", "dock_utilisation",
            "crew_readiness", "spares_coverage", "budget_committed", "budget_envelope");

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(false).get();

    private GovernedDataReader() {
    }

    /**
     * @throws MalformedEvidenceException when the text is not governed data
     * @throws UncheckedIOException       when {@code csv} cannot be read
     */
    public static GovernedData read(String source, Reader csv) {
        List<WeeklyRow> rows = new ArrayList<>();
        Set<CalendarWeek> weeks = new HashSet<>();
        try (CSVParser parser = CSVParser.builder().setReader(csv).setFormat(FORMAT).get()) {
            if (!parser.getHeaderNames().equals(HEADER)) {
                throw new MalformedEvidenceException(source, "line 1", "header must be " + String.join(",", HEADER)
                        + ", was " + String.join(",", parser.getHeaderNames()));
            }
            Iterator<CSVRecord> records = parser.iterator();
            while (true) {
                long line = parser.getCurrentLineNumber() + 1;
                CSVRecord record;
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                    record = records.next();
                } catch (UncheckedIOException e) {
                    throw new MalformedEvidenceException(source, "line " + line, "malformed CSV: " + e.getCause().getMessage(), e);
                }
                WeeklyRow row = row(source, line, record);
                if (!weeks.add(new CalendarWeek(row.calendarId(), row.week()))) {
                    throw new MalformedEvidenceException(source, "line " + line,
                            "calendar " + row.calendarId() + " week " + row.week() + " appears twice");
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw new MalformedEvidenceException(source, "line 1", "malformed CSV: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // commons-csv reports a duplicate or empty header name this way.
            throw new MalformedEvidenceException(source, "line 1", "malformed header: " + e.getMessage(), e);
        }
        return new GovernedData(source, rows);
    }

    /** One calendar's week, the key that must be unique in a file. */
    private record CalendarWeek(String calendarId, int week) {
    }

    private static WeeklyRow row(String source, long line, CSVRecord record) {
        if (record.size() != HEADER.size()) {
            throw new MalformedEvidenceException(source, "line " + line,
                    "expected " + HEADER.size() + " values, found " + record.size());
        }
        Locator locator = Locator.csv(source, line);
        String calendar = record.get(0);
        if (calendar.isBlank()) {
            throw new MalformedEvidenceException(source, "line " + line + ", column calendar_id", "must not be empty");
        }
        int week;
        try {
            week = Integer.parseInt(record.get(1));
        } catch (NumberFormatException e) {
            throw malformedValue(source, line, 1, record, "must be a whole number of weeks");
        }
        if (week < 1) {
            throw malformedValue(source, line, 1, record, "must be 1 or more");
        }
        return new WeeklyRow(calendar, week, decimal(source, line, 2, record), fraction(source, line, 3, record),
                fraction(source, line, 4, record), fraction(source, line, 5, record), decimal(source, line, 6, record),
                decimal(source, line, 7, record), locator);
    }

    /** A non-negative decimal, written plainly (digits with an optional fraction). */
    private static BigDecimal decimal(String source, long line, int column, CSVRecord record) {
        String text = record.get(column);
        BigDecimal value = plainDecimal(text);
        if (value == null) {
            throw malformedValue(source, line, column, record, "must be a non-negative decimal number");
        }
        return value;
    }

    private static BigDecimal fraction(String source, long line, int column, CSVRecord record) {
        BigDecimal value = decimal(source, line, column, record);
        if (value.compareTo(BigDecimal.ONE) > 0) {
            throw malformedValue(source, line, column, record, "must be a fraction from 0 to 1");
        }
        return value;
    }

    /**
     * Digits with an optional fraction ({@code 12}, {@code 0.80}), exactly, keeping the scale; null for anything else.
     * Parsed by hand because {@code new BigDecimal(String)} dominates the cost of reading a large file.
     */
    private static BigDecimal plainDecimal(String text) {
        int n = text.length();
        long unscaled = 0;
        int digits = 0;
        int scale = -1;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                unscaled = unscaled * 10 + (c - '0');
                digits++;
                if (scale >= 0) {
                    scale++;
                }
            } else if (c == '.' && scale < 0 && digits > 0) {
                scale = 0;
            } else {
                return null;
            }
        }
        if (digits == 0 || scale == 0) {
            return null;
        }
        // Beyond 18 digits a long may overflow: let BigDecimal read the (already validated) text.
        return digits > 18 ? new BigDecimal(text) : BigDecimal.valueOf(unscaled, Math.max(scale, 0));
    }

    private static MalformedEvidenceException malformedValue(String source, long line, int column, CSVRecord record,
            String problem) {
        return new MalformedEvidenceException(source, "line " + line + ", column " + HEADER.get(column),
                problem + ", was \"" + record.get(column) + "\"");
    }
}
