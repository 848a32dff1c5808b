package dev.keel.rules;

import dev.keel.core.ConfigurationException;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * How sticky a scenario is ({@code docs/rules.md}). Immutable and thread-safe.
 *
 * @param stickinessBoost added to the score of every candidate of the current scenario
 * @param exitThreshold   the raw score an entry point of another scenario must pass, strictly, to leave the current
 *                        one
 * @param minScore        the least (effective) score that moves a conversation at all
 */
public record NavigationConfig(BigDecimal stickinessBoost, BigDecimal exitThreshold, BigDecimal minScore) {

    /** 0.25, 0.85 and 0.50. */
    public static final NavigationConfig DEFAULTS = new NavigationConfig(new BigDecimal("0.25"),
            new BigDecimal("0.85"), new BigDecimal("0.50"));

    /** @throws ConfigurationException when a value lies outside [0, 1] */
    public NavigationConfig {
        check("stickiness_boost", stickinessBoost);
        check("exit_threshold", exitThreshold);
        check("min_score", minScore);
    }

    private static void check(String name, BigDecimal value) {
        Objects.requireNonNull(value, name);
        if (value.signum() < 0 || value.compareTo(BigDecimal.ONE) > 0) {
            throw new ConfigurationException(name + " lies in [0, 1], found " + value.toPlainString());
        }
    }
}
