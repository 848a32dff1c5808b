package dev.keel.llm.adapters.reasoning;

import dev.keel.core.spi.LlmBackend;

/**
 * The "no model configured" backend: it writes the reasoning-path text from the evidence it is handed, by
 * extraction and a fixed template, deterministically. It is not a language model and does not pretend to be
 * one: it reports itself as {@value #ID} in {@code backend_used}, infers nothing beyond the evidence, and
 * refuses requests for JSON (a {@link dev.keel.core.NonRetriableBackendException}: there is no model to write
 * structured output).
 *
 * <p>Given a prompt rendered by {@link ExplanationPrompt}, it restates scenario, calendars, constraints and
 * weekly behaviour and says what is missing; given any other request, it restates the last user message
 * (at most 4,000 characters). Usage is always zero. Pure and thread-safe.
 */
public interface EmbeddedBackend extends LlmBackend {

    /** What this backend reports as {@code backend_used}. */
    String ID = "embedded_extractive";

    static EmbeddedBackend create() {
        return EmbeddedExtractiveWriter.INSTANCE;
    }

    /** The text for {@code brief}, without going through a prompt. */
    String write(ExplanationBrief brief);

    @Override
    default String id() {
        return ID;
    }
}
