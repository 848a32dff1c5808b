package dev.keel.models.config;

import dev.keel.core.ConfigurationException;
import dev.keel.models.Environment;
import java.math.BigDecimal;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A number of the {@code policy} section ({@code normalMaxUsd}, {@code deepMaxUsd}, {@code askUserThreshold},
 * ...): either fixed in the file, or read from an environment variable with a default, so that a deployment can
 * change a cap without editing the file. Immutable, pure (the environment is passed in) and thread-safe.
 *
 * @param fixed        the value written in the file, or null
 * @param env          the environment variable to read, or null
 * @param defaultValue the value when {@code env} is unset, or null (then it must be set)
 */
public record PolicyValue(@Nullable BigDecimal fixed, @Nullable String env, @Nullable BigDecimal defaultValue) {

    public PolicyValue {
        if ((fixed == null) == (env == null)) {
            throw new ConfigurationException("a policy value is either fixed or read from the environment");
        }
    }

    public static PolicyValue of(BigDecimal value) {
        return new PolicyValue(Objects.requireNonNull(value, "value"), null, null);
    }

    /**
     * The value in {@code environment}.
     *
     * @throws ConfigurationException when the variable is unset without a default, or is not a number >= 0
     */
    public BigDecimal resolve(String name, Environment environment) {
        if (fixed != null) {
            return fixed;
        }
        // Not fixed, so read from the environment (the constructor allows nothing else).
        String variable = Objects.requireNonNull(env, "env");
        java.util.Optional<String> raw = environment.value(variable);
        if (raw.isEmpty()) {
            if (defaultValue == null) {
                throw new ConfigurationException("environment variable " + variable + " is not set (policy value " + name + ")");
            }
            return defaultValue;
        }
        BigDecimal value;
        try {
            value = new BigDecimal(raw.get());
        } catch (NumberFormatException e) {
            value = null;
        }
        if (value == null || value.signum() < 0) {
            throw new ConfigurationException("environment variable " + variable + " (policy value " + name
                    + ") is not a decimal number >= 0");
        }
        return value;
    }
}
