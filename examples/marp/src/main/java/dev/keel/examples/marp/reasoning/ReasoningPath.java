package dev.keel.examples.marp.reasoning;

import dev.keel.core.spi.LlmBackend;
import java.util.Map;

/**
 * Seed 000 §3.5, the LLM reasoning path of one request. For an external {@code backend_target} (a key of the
 * external backends, for example {@code llama} or {@code deepseek}) it builds the single structured prompt
 * ({@link ExplanationPrompt}) and calls that backend exactly once for the main explanatory subtask (retries
 * of a failed transport are that backend's own business); if it fails, the internal backend answers and the
 * {@link Commentary} records why. For {@value #INTERNAL_TARGET}, and whenever the brief is
 * {@linkplain ExplanationBrief#topSecretInternalOnly() top-secret internal only}, no external backend is
 * called.
 *
 * <p>Not pure: it calls backends (I/O). Thread-safe when the backends are.
 */
public interface ReasoningPath {

    /** Seed 000's internal backend target. */
    String INTERNAL_TARGET = "internal_chatgpt";

    /**
     * A path with {@code externalBackends} by target name and {@code internalBackend} for
     * {@value #INTERNAL_TARGET} and as the fallback.
     */
    static ReasoningPath create(Map<String, ? extends LlmBackend> externalBackends, LlmBackend internalBackend) {
        return new SingleCallReasoningPath(externalBackends, internalBackend);
    }

    /** A path whose internal backend is the {@link MarpExtractiveWriter} (no model configured). */
    static ReasoningPath withEmbeddedInternal(Map<String, ? extends LlmBackend> externalBackends) {
        return create(externalBackends, MarpExtractiveWriter.create());
    }

    /**
     * The commentary for {@code brief} from {@code backendTarget}.
     *
     * @throws dev.keel.core.ConfigurationException when the target is neither an external backend nor
     *         {@value #INTERNAL_TARGET}
     * @throws dev.keel.core.BackendException when the internal backend fails too
     */
    Commentary explain(String backendTarget, ExplanationBrief brief);
}
