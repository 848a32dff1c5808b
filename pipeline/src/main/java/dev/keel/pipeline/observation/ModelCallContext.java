package dev.keel.pipeline.observation;

import dev.keel.core.spi.ChatReply;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The context of a {@link KeelObservation#MODEL_CALL}: the backend called, whether it is outside the house, and
 * its reply once it came (model, token usage, the backend id that answered). Never the prompt or the reply's text
 * for a handler to read: {@link #usage()} and {@link #model()} are what a cost meter needs.
 *
 * <p>Mutable while the call runs; thread-safe to read once the observation stopped.
 */
public final class ModelCallContext extends Observation.Context {

    private final String backend;
    private final boolean external;
    private volatile @Nullable ChatReply reply;

    private ModelCallContext(String backend, boolean external) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.external = external;
    }

    /** The context of a call of the backend named {@code backend}. */
    public static ModelCallContext of(String backend, boolean external) {
        return new ModelCallContext(backend, external);
    }

    /** The backend called, by its name among the pipeline's backends. */
    public String backend() {
        return backend;
    }

    /** Whether the backend is outside the house (its prompts passed the egress filter). */
    public boolean external() {
        return external;
    }

    /** The model the backend reported; empty before the reply, when the call failed or the backend did not say. */
    public Optional<String> model() {
        return Optional.ofNullable(reply).flatMap(ChatReply::model);
    }

    /** The tokens the backend reported; empty before the reply and when the call failed. */
    public Optional<dev.keel.core.spi.TokenUsage> usage() {
        return Optional.ofNullable(reply).map(ChatReply::usage);
    }

    /** The backend id the reply reports; empty before the reply and when the call failed. */
    public Optional<String> answeredBy() {
        return Optional.ofNullable(reply).map(ChatReply::backendId);
    }

    /** Records the backend's reply (the pipeline does, before the observation stops). */
    public void recordReply(ChatReply reply) {
        this.reply = Objects.requireNonNull(reply, "reply");
    }
}
