package dev.keel.examples.marp.evidence;

import java.util.Locale;

/** Confidence in an assembled answer ({@code docs/marp-example.md}, "Confidence"). Wire names are lower case. Immutable and thread-safe. */
public enum ConfidenceLevel {
    LOW,
    PARTIAL,
    HIGH;

    /** {@code "high"}, {@code "partial"} or {@code "low"}, as the provenance stub writes it. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
