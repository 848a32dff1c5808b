package dev.keel.core.spi;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.util.Map;
import java.util.Objects;

/**
 * A tool a model may ask to call in a chat exchange ({@link ChatRequest#tools()}): its name, what it does, and the
 * JSON Schema of its arguments as a plain tree (an object schema: {@code {"type": "object", "properties": {...},
 * "required": [...]}}). Backends send it in their provider's wire form; the model's calls come back as
 * {@link ChatReply#toolCalls()}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name        the tool's name, as the model calls it; not blank
 * @param description what the tool does, for the model; may be empty
 * @param parameters  the JSON Schema of the arguments, a plain tree; an empty map for a tool without arguments
 */
public record ToolSpec(String name, String description, Map<String, Object> parameters) {

    @SuppressWarnings("unchecked")
    public ToolSpec {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new InvalidInputException("a tool needs a name");
        }
        Objects.requireNonNull(description, "description");
        parameters = (Map<String, Object>) JsonCodec.strict().toPlain(Objects.requireNonNull(parameters,
                "parameters"));
    }

    /** A tool of {@code name} that takes no arguments. */
    public static ToolSpec of(String name, String description) {
        return new ToolSpec(name, description, Map.of());
    }
}
