package dev.keel.models.structured;

import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;

/**
 * Asks a backend for one JSON object and holds it to a contract. Each ask sends the request with
 * {@link dev.keel.core.spi.ResponseFormat#JSON} and an instruction (first system message) to reply with one
 * JSON object only; the reply is read under the rule of {@link dev.keel.core.json.ModelJson}, the one the stage
 * runtime applies too (exactly one strict JSON value, nothing around it: a reply in a Markdown code fence is not
 * unwrapped but asked again, with that said) and checked with the {@link OutputValidator}. A reply that is not a JSON object is the violation {@value OutputViolation#NOT_JSON}.
 * While violations remain and attempts are left, the model is re-asked with its previous reply and the list of
 * violations, in the core re-ask mechanism's standard wording ({@link dev.keel.core.reask.Reasker}); at most
 * {@code maxAttempts} asks are made.
 *
 * <p>Backend failures are not violations: they propagate as {@link dev.keel.core.BackendException}s.
 * Not pure: it calls the backend. Thread-safe when the backend and the validator are.
 */
public interface StructuredOutput {

    /** Three asks at most. */
    int DEFAULT_MAX_ATTEMPTS = 3;

    static StructuredOutput create(LlmBackend backend, OutputValidator validator) {
        return create(backend, validator, DEFAULT_MAX_ATTEMPTS);
    }

    /**
     * @throws dev.keel.core.ConfigurationException when {@code maxAttempts} is not in 1..10
     */
    static StructuredOutput create(LlmBackend backend, OutputValidator validator, int maxAttempts) {
        return new ReaskingStructuredOutput(backend, validator, maxAttempts);
    }

    /** Asks until the output satisfies the contract or the attempts run out. */
    StructuredResult call(ChatRequest request);
}
