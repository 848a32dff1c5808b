package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * One week of one calendar in governed data ({@code marp_governed_data_view.csv}). Fractions are 0..1
 * (capability as a fraction of the required capability may exceed 1); budget amounts are cumulative, in the
 * calendar's envelope currency. {@link #locator()} names the CSV line; {@code locator().child("dock_utilisation")}
 * names one figure. Immutable and thread-safe.
 */
public record WeeklyRow(String calendarId, int week, BigDecimal capability, BigDecimal dockUtilisation,
        BigDecimal crewReadiness, BigDecimal sparesCoverage, BigDecimal budgetCommitted, BigDecimal budgetEnvelope,
        Locator locator) {

    public WeeklyRow {
        Objects.requireNonNull(calendarId, "calendarId");
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(dockUtilisation, "dockUtilisation");
        Objects.requireNonNull(crewReadiness, "crewReadiness");
        Objects.requireNonNull(sparesCoverage, "sparesCoverage");
        Objects.requireNonNull(budgetCommitted, "budgetCommitted");
        Objects.requireNonNull(budgetEnvelope, "budgetEnvelope");
        Objects.requireNonNull(locator, "locator");
    }
}
