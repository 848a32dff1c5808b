package dev.keel.rules;

import dev.keel.core.ConfigurationException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Which turns are sampled for a judge's audit of the subjective rules ({@code docs/rules.md}): a turn is sampled
 * when the first 64 bits of SHA-256 of {@code "<session id>#<turn>"}, read as a fraction of 2^64, are below the rate.
 * The same session and turn are always sampled the same way, on any machine; over many turns the share sampled is
 * the rate. Pure and thread-safe.
 */
public final class JudgeSampling {

    private static final BigDecimal TWO_TO_THE_64 = new BigDecimal(BigInteger.ONE.shiftLeft(64));

    private JudgeSampling() {
    }

    /**
     * Whether turn {@code turn} of session {@code sessionId} is sampled at {@code rate}.
     *
     * @throws ConfigurationException when the rate is outside [0, 1]
     */
    public static boolean sampled(String sessionId, long turn, BigDecimal rate) {
        if (rate.signum() < 0 || rate.compareTo(BigDecimal.ONE) > 0) {
            throw new ConfigurationException("a sampling rate lies in [0, 1], found " + rate.toPlainString());
        }
        byte[] digest = sha256((sessionId + "#" + turn).getBytes(StandardCharsets.UTF_8));
        BigInteger first64 = new BigInteger(1, java.util.Arrays.copyOf(digest, 8));
        return new BigDecimal(first64).compareTo(rate.multiply(TWO_TO_THE_64)) < 0;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
