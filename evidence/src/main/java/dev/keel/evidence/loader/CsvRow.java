package dev.keel.evidence.loader;

import dev.keel.core.ConfigurationException;
import dev.keel.core.evidence.Locator;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One record of a {@link CsvTable}, its values already checked against their columns, with the locator of the
 * record and of each value. Asking for a column the table does not declare throws a {@link ConfigurationException}.
 * Immutable and thread-safe.
 */
public final class CsvRow {

    private final Locator locator;
    private final Map<String, Object> values;

    CsvRow(Locator locator, Map<String, Object> values) {
        this.locator = Objects.requireNonNull(locator, "locator");
        this.values = Map.copyOf(values);
    }

    /** Where the record is: its source and the line it starts on (the header is line 1). */
    public Locator locator() {
        return locator;
    }

    /** The line the record starts on. */
    public long line() {
        return locator.line();
    }

    /** Where the value of {@code column} is. */
    public Locator locator(String column) {
        value(column);
        return locator.child(column);
    }

    /** The value of a {@link CsvColumn.Type#TEXT} column. */
    public String text(String column) {
        return (String) value(column);
    }

    /** The value of a {@link CsvColumn.Type#WHOLE_NUMBER} column. */
    public long wholeNumber(String column) {
        return ((BigDecimal) value(column)).longValueExact();
    }

    /** The value of a {@link CsvColumn.Type#DECIMAL} (or whole number) column, exactly as written. */
    public BigDecimal decimal(String column) {
        return (BigDecimal) value(column);
    }

    private Object value(String column) {
        Object value = values.get(column);
        if (value == null) {
            throw new ConfigurationException("no column '" + column + "'; columns: " + List.copyOf(values.keySet()));
        }
        return value;
    }

    @Override
    public String toString() {
        return "CsvRow" + locator + values;
    }
}
