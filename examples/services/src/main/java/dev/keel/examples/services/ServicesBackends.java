package dev.keel.examples.services;

import dev.keel.core.spi.LlmBackend;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import java.time.Duration;
import java.util.Optional;

/**
 * The stage model the demo configures from the environment: an Ollama model when {@code OLLAMA_HOST} is set
 * ({@code OLLAMA_MODEL}, default {@value #DEFAULT_MODEL}). Building it opens no connection; it needs
 * {@code langchain4j-ollama} on the class path. Thread-safe (no state).
 */
public final class ServicesBackends {

    /** The backend id of the Ollama stage model. */
    public static final String OLLAMA = "ollama";
    /** The variable naming the Ollama model. */
    public static final String MODEL_VARIABLE = "OLLAMA_MODEL";
    /** The Ollama model unless {@code OLLAMA_MODEL} names another. */
    public static final String DEFAULT_MODEL = "llama3.1";
    /** How long one stage call may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private ServicesBackends() {
    }

    /** The Ollama stage model when {@code OLLAMA_HOST} is set in {@code environment}; empty otherwise. */
    public static Optional<LlmBackend> fromEnvironment(Environment environment) {
        if (environment.value(OllamaHost.VARIABLE).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(OllamaBackends.create(OLLAMA, environment.value(MODEL_VARIABLE).orElse(DEFAULT_MODEL),
                OllamaHost.baseUrl(environment), TIMEOUT));
    }
}
