package dev.keel.committee;

import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The thresholds and weights that turn scores into statuses and a confidence: {@code cred < tauHard} is DISCARD,
 * {@code tauHard <= cred < tauSoft} QUARANTINE, otherwise VALID; {@code c_final >= askUserThreshold} ships the reply.
 * Weights are by agent name (1 for an agent not listed). See {@code docs/committee.md}.
 *
 * <p>Immutable, pure and thread-safe.
 *
 * @param tauHard          the credibility below which an output is discarded, in [0, 1]
 * @param tauSoft          the credibility below which an output is quarantined, in [tauHard, 1]
 * @param askUserThreshold the confidence below which the user is asked instead, in [0, 1]
 * @param weights          weights of agents in the mean of the VALID credibilities, each at least 0
 */
public record ScoringPolicy(BigDecimal tauHard, BigDecimal tauSoft, BigDecimal askUserThreshold,
                            Map<String, BigDecimal> weights) {

    /** The ask-user threshold when none is given. */
    public static final BigDecimal DEFAULT_ASK_USER_THRESHOLD = new BigDecimal("0.70");

    /**
     * @throws ConfigurationException when a threshold is outside [0, 1], tauHard passes tauSoft, or a weight is
     *         negative
     */
    public ScoringPolicy {
        Objects.requireNonNull(tauHard, "tauHard");
        Objects.requireNonNull(tauSoft, "tauSoft");
        Objects.requireNonNull(askUserThreshold, "askUserThreshold");
        for (BigDecimal threshold : new BigDecimal[] {tauHard, tauSoft, askUserThreshold}) {
            if (threshold.signum() < 0 || threshold.compareTo(BigDecimal.ONE) > 0) {
                throw new ConfigurationException("thresholds must be from 0 to 1");
            }
        }
        if (tauHard.compareTo(tauSoft) > 0) {
            throw new ConfigurationException("tauHard must not be above tauSoft");
        }
        Map<String, BigDecimal> copy = new LinkedHashMap<>();
        weights.forEach((agent, weight) -> {
            if (Objects.requireNonNull(weight, "weight").signum() < 0) {
                throw new ConfigurationException("weights must be at least 0");
            }
            copy.put(Objects.requireNonNull(agent, "agent"), weight);
        });
        weights = Collections.unmodifiableMap(copy);
    }

    /** Thresholds with the default ask-user threshold (0.70) and every weight 1. */
    public static ScoringPolicy of(BigDecimal tauHard, BigDecimal tauSoft) {
        return new ScoringPolicy(tauHard, tauSoft, DEFAULT_ASK_USER_THRESHOLD, Map.of());
    }

    /** The weight of {@code agent}: as listed, else 1. */
    public BigDecimal weightOf(String agent) {
        return weights.getOrDefault(agent, BigDecimal.ONE);
    }

    /** The status a credibility gives. */
    public CredStatus statusOf(BigDecimal cred) {
        if (cred.compareTo(tauHard) < 0) {
            return CredStatus.DISCARD;
        }
        return cred.compareTo(tauSoft) < 0 ? CredStatus.QUARANTINE : CredStatus.VALID;
    }

    /** What a confidence leads to. */
    public Action actionOf(BigDecimal cFinal) {
        return cFinal.compareTo(askUserThreshold) >= 0 ? Action.SHIP : Action.ASK_USER;
    }

    /** {@code {"tauHard", "tauSoft", "askUserThreshold", "weights"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("tauHard", tauHard);
        wire.put("tauSoft", tauSoft);
        wire.put("askUserThreshold", askUserThreshold);
        wire.put("weights", weights);
        return wire;
    }

    /**
     * Reads {@code {"tauHard", "tauSoft", "askUserThreshold"?, "weights"?}}; problems (by pointer) go to the value's
     * reader and the result is then null.
     */
    public static ScoringPolicy read(Value value) {
        ObjectValue policy = value.object("tauHard", "tauSoft", "askUserThreshold", "weights");
        BigDecimal tauHard = unit(policy.required("tauHard"));
        BigDecimal tauSoft = unit(policy.required("tauSoft"));
        BigDecimal threshold = unit(policy.optional("askUserThreshold"));
        Map<String, BigDecimal> weights = weights(policy.optional("weights"));
        if (tauHard != null && tauSoft != null && tauHard.compareTo(tauSoft) > 0) {
            policy.required("tauHard").problem("must not be above tauSoft");
        }
        return policy.build(() -> new ScoringPolicy(tauHard, tauSoft,
                threshold == null ? DEFAULT_ASK_USER_THRESHOLD : threshold, weights));
    }

    /** A number from 0 to 1; null when absent or wrong. */
    static BigDecimal unit(Value value) {
        return value.decimal(BigDecimal.ZERO, BigDecimal.ONE);
    }

    /** An object of agent names to weights at least 0; empty when absent. */
    private static Map<String, BigDecimal> weights(Value value) {
        Map<String, BigDecimal> weights = new LinkedHashMap<>();
        value.members().forEach((agent, weight) -> {
            BigDecimal read = weight.decimal(BigDecimal.ZERO, null);
            if (read != null) {
                weights.put(agent, read);
            }
        });
        return weights;
    }
}
