package dev.keel.examples.marp.evidence;

import java.math.BigDecimal;
import java.util.List;

/**
 * Regulated knowledge as its wire format binds it: one component per member of its JSON Schema
 * ({@code dev/keel/examples/marp/schema/regulated-knowledge.schema.json}), which is what validates it
 * ({@link RegulatedKnowledgeReader}); the reader then gives every item its {@link dev.keel.core.evidence.Locator}.
 * Optional members are null when absent. Not changed once bound; thread-safe.
 */
record RegulatedKnowledgeSpec(String schemaVersion, String caseId, List<Threshold> capabilityThresholds,
        List<Calendar> calendars) {

    /** One entry of {@code capability_thresholds}. */
    record Threshold(String id, String metric, BigDecimal minimum, String unit, String description) {
    }

    /** One entry of {@code calendars}. */
    record Calendar(String id, String name, String description, Range capabilityRange, Range dockUtilisationRange,
            Band uncertaintyBand, Budget budget, List<Bottleneck> bottlenecks, List<Flag> policyFlags) {
    }

    /** A calendar's {@code capability_range} or {@code dock_utilisation_range}. */
    record Range(BigDecimal min, BigDecimal max, String unit) {
    }

    /** A calendar's {@code uncertainty_band}: a range and what it means. */
    record Band(BigDecimal min, BigDecimal max, String unit, String description) {
    }

    /** A calendar's {@code budget}. */
    record Budget(BigDecimal envelope, String currency, String profile) {
    }

    /** One entry of a calendar's {@code bottlenecks}. */
    record Bottleneck(String id, String resource, String description) {
    }

    /** One entry of a calendar's {@code policy_flags}. */
    record Flag(String id, String severity, String description) {
    }
}
