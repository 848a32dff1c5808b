package dev.keel.evidence;

import dev.keel.core.InvalidInputException;
import org.jspecify.annotations.Nullable;

/**
 * How much discovery a plan may spend (the protocol's {@code AssistantMcpDiscoveryExecutionBudget}, see {@code
 * docs/evidence.md}): at most {@code maxProbeCount} probes (1..36, default 3) of at most {@code maxRowsPerProbe} rows
 * each (1..500, default 100). Immutable and thread-safe.
 */
public record ExecutionBudget(int maxProbeCount, int maxRowsPerProbe) {

    public static final int DEFAULT_MAX_PROBE_COUNT = 3;
    public static final int DEFAULT_MAX_ROWS_PER_PROBE = 100;
    public static final int MAX_PROBE_COUNT = 36;
    public static final int MAX_ROWS_PER_PROBE = 500;

    /** The reference's {@code DEFAULT_DISCOVERY_BUDGET}. */
    public static final ExecutionBudget DEFAULT = new ExecutionBudget(DEFAULT_MAX_PROBE_COUNT, DEFAULT_MAX_ROWS_PER_PROBE);

    public ExecutionBudget {
        if (maxProbeCount < 1 || maxProbeCount > MAX_PROBE_COUNT) {
            throw new InvalidInputException("/execution_budget/max_probe_count: must be 1..36, was " + maxProbeCount);
        }
        if (maxRowsPerProbe < 1 || maxRowsPerProbe > MAX_ROWS_PER_PROBE) {
            throw new InvalidInputException("/execution_budget/max_rows_per_probe: must be 1..500, was " + maxRowsPerProbe);
        }
    }

    /**
     * The reference's {@code clampInteger}: a missing or non-finite request gives the default; otherwise it is
     * truncated toward zero ({@code Math.trunc}) and clamped to the bounds.
     */
    public static ExecutionBudget clamped(@Nullable Double maxProbeCount, @Nullable Double maxRowsPerProbe) {
        return new ExecutionBudget(clamp(maxProbeCount, DEFAULT_MAX_PROBE_COUNT, MAX_PROBE_COUNT),
                clamp(maxRowsPerProbe, DEFAULT_MAX_ROWS_PER_PROBE, MAX_ROWS_PER_PROBE));
    }

    private static int clamp(@Nullable Double requested, int fallback, int max) {
        // Number.isFinite(value): absent, NaN and the infinities fall back to the default.
        if (requested == null || !Double.isFinite(requested)) {
            return fallback;
        }
        double truncated = requested < 0 ? Math.ceil(requested) : Math.floor(requested); // Math.trunc
        return (int) Math.min(max, Math.max(1, truncated));
    }
}
