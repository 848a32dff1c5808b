package dev.keel.core;

/**
 * Wiring that cannot work: a missing environment variable, two providers where one is expected, an unknown
 * backend name. The message names what is missing or conflicting, never a secret's value.
 */
public class ConfigurationException extends KeelException {

    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super("configuration_error", message);
    }

    public ConfigurationException(String message, Throwable cause) {
        super("configuration_error", message, cause);
    }
}
