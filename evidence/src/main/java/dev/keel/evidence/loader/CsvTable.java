package dev.keel.evidence.loader;

import java.util.List;

/**
 * A CSV file read by {@link CsvTableReader}: its source name, its columns and its records. Immutable and
 * thread-safe.
 *
 * @param source  the source name (a file name), as locators and provenance give it
 * @param columns the columns, in header order
 * @param rows    the records, in file order
 */
public record CsvTable(String source, List<CsvColumn> columns, List<CsvRow> rows) {

    public CsvTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }
}
