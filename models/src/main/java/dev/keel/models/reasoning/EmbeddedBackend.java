package dev.keel.models.reasoning;

import dev.keel.core.spi.LlmBackend;

/**
 * The "no model configured" backend: it answers deterministically without a language model and says so. It
 * reports itself as {@value #ID} in {@code backend_used}, restates the last user message (at most 4,000
 * characters) without interpreting it, and refuses requests for JSON (a
 * {@link dev.keel.core.NonRetriableBackendException}: there is no model to write structured output). Usage is
 * always zero. An application that wants a richer offline answer writes its own extractive backend with the same
 * honesty.
 *
 * <p>Pure and thread-safe.
 */
public interface EmbeddedBackend extends LlmBackend {

    /** What this backend reports as {@code backend_used}. */
    String ID = "embedded_extractive";

    static EmbeddedBackend create() {
        return EmbeddedRestatingBackend.INSTANCE;
    }

    @Override
    default String id() {
        return ID;
    }
}
