package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a startup that fails on Keel's {@link ConfigurationException}, anywhere in the cause chain (a bean's
 * creation wraps it several times), into Spring Boot's failure report: the exception's message, which names the
 * missing or conflicting variable, property or file and never a secret's value, as the description; no stack trace.
 * Registered in {@code META-INF/spring.factories}, so every Spring Boot application with the starter has it.
 * Stateless; thread-safe.
 *
 * <p>Public only because Spring Boot creates it by name; a host never uses it directly.
 */
public final class ConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<ConfigurationException> {

    /** What the report asks the operator to do. */
    public static final String ACTION = "Set what the description names (an environment variable, a property or a"
            + " file) and start the application again.";

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ConfigurationException cause) {
        return new FailureAnalysis(cause.getMessage(), ACTION, cause);
    }
}
