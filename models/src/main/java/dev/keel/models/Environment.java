package dev.keel.models;

import dev.keel.core.ConfigurationException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where environment variables are read from. Configuration code takes one of these instead of calling
 * {@link System#getenv(String)}, so that it stays testable and the host decides what the process may see.
 *
 * <p>Implementations must be thread-safe and, for a given name, stable while configuration is resolved. Code
 * that takes an {@code Environment} stays pure; only {@link #system()} reads the process. A variable that is set but blank counts as missing.
 */
@FunctionalInterface
public interface Environment {

    /** The raw value of {@code name}, or empty when it is not set. */
    Optional<String> lookup(String name);

    /** The value of {@code name} with surrounding whitespace removed; empty when unset or blank. */
    default Optional<String> value(String name) {
        return lookup(name).map(String::strip).filter(value -> !value.isEmpty());
    }

    /**
     * The value of {@code name}, which {@code purpose} needs.
     *
     * @throws ConfigurationException naming the variable and its purpose (never a value) when it is unset or
     *         blank
     */
    default String require(String name, String purpose) {
        return value(name).orElseThrow(() -> new ConfigurationException(
                "environment variable " + name + " is not set (" + purpose + ")"));
    }

    /** The process environment. */
    static Environment system() {
        return name -> Optional.ofNullable(System.getenv(name));
    }

    /** A fixed set of variables, for tests and for hosts that pass configuration explicitly. */
    static Environment of(Map<String, String> variables) {
        Map<String, String> copy = Map.copyOf(variables);
        return name -> Optional.ofNullable(copy.get(Objects.requireNonNull(name, "name")));
    }
}
