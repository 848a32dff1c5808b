package dev.keel.evidence.loader;

import dev.keel.core.evidence.Locator;
import dev.keel.core.io.TextSources;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

/**
 * Reads a CSV file (RFC 4180, UTF-8, a header line naming the columns in order) into a {@link CsvTable} whose every
 * value is checked against its {@link CsvColumn}, through commons-csv. A byte-order mark at the start is accepted.
 * Strict: a header other than the columns', a record with too few or too many values, bad quoting,
 * or a value of the wrong type or outside its range fails with a {@link MalformedEvidenceException} naming the
 * source, the line (and column) and the problem. The whole file is read before anything is returned.
 *
 * <p>Pure apart from reading what it is given; thread-safe.
 */
public final class CsvTableReader {

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(false).get();

    /** The most digits of a whole number: every such value fits a long. */
    private static final int MAX_WHOLE_DIGITS = 18;

    private CsvTableReader() {
    }

    /**
     * Reads {@code bytes}, which must be UTF-8.
     *
     * @throws dev.keel.core.WireFormatException {@code invalid_utf8} when the bytes are not UTF-8
     * @throws MalformedEvidenceException          when they are not a table of these columns
     */
    public static CsvTable read(String source, byte[] bytes, List<CsvColumn> columns) {
        return read(source, TextSources.decode(source, bytes), columns);
    }

    /**
     * Reads {@code csv}.
     *
     * @throws MalformedEvidenceException when the text is not a table of these columns
     */
    public static CsvTable read(String source, String csv, List<CsvColumn> columns) {
        List<String> header = columns.stream().map(CsvColumn::name).toList();
        List<CsvRow> rows = new ArrayList<>();
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(EvidenceText.withoutByteOrderMark(csv)))
                .setFormat(FORMAT).get()) {
            if (!parser.getHeaderNames().equals(header)) {
                throw new MalformedEvidenceException(source, "line 1", "header must be " + String.join(",", header)
                        + ", was " + EvidenceText.visible(String.join(",", parser.getHeaderNames())));
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
                    throw new MalformedEvidenceException(source, "line " + line, "malformed CSV: "
                            + Objects.requireNonNull(e.getCause()).getMessage(), e);
                }
                rows.add(row(source, line, record, columns));
            }
        } catch (IOException e) {
            throw new MalformedEvidenceException(source, "line 1", "malformed CSV: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // commons-csv reports a duplicate or empty header name this way.
            throw new MalformedEvidenceException(source, "line 1", "malformed header: " + e.getMessage(), e);
        }
        return new CsvTable(source, columns, rows);
    }

    private static CsvRow row(String source, long line, CSVRecord record, List<CsvColumn> columns) {
        if (record.size() != columns.size()) {
            throw new MalformedEvidenceException(source, "line " + line,
                    "expected " + columns.size() + " values, found " + record.size());
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            CsvColumn column = columns.get(i);
            values.put(column.name(), value(source, line, column, record.get(i)));
        }
        return new CsvRow(Locator.csv(source, line), values);
    }

    private static Object value(String source, long line, CsvColumn column, String text) {
        if (column.type() == CsvColumn.Type.TEXT) {
            if (text.isBlank()) {
                throw malformed(source, line, column, "must not be empty", text);
            }
            return text;
        }
        BigDecimal number = plainNumber(text, column.type() == CsvColumn.Type.DECIMAL, column.admitsNegative());
        if (number == null || column.min() != null && number.compareTo(column.min()) < 0
                || column.max() != null && number.compareTo(column.max()) > 0) {
            throw malformed(source, line, column, "must be " + column.expectation(), text);
        }
        return number;
    }

    /**
     * {@code -?digits} or, for a decimal, {@code -?digits(.digits)?}, in ASCII digits, exactly (scale kept); null for
     * anything else. Checked by hand so that no other form ({@code +1}, {@code 1e3}, digits of another script) is
     * accepted by a lenient parser.
     */
    private static @Nullable BigDecimal plainNumber(String text, boolean fraction, boolean negative) {
        int start = negative && text.startsWith("-") ? 1 : 0;
        int digits = 0;
        int point = -1;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && fraction && point < 0 && digits > 0) {
                point = i;
            } else {
                return null;
            }
        }
        if (digits == 0 || point == text.length() - 1 || !fraction && digits > MAX_WHOLE_DIGITS) {
            return null;
        }
        return new BigDecimal(text);
    }

    private static MalformedEvidenceException malformed(String source, long line, CsvColumn column, String problem,
            String text) {
        return new MalformedEvidenceException(source, "line " + line + ", column " + column.name(),
                problem + ", was \"" + EvidenceText.visible(text) + "\"");
    }
}
