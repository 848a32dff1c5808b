package dev.keel.pipeline;

import dev.keel.core.content.Part;
import org.jspecify.annotations.Nullable;

/**
 * Runs one host tool for the governed call ({@link Tools}): the pipeline calls it only for a call the policy's tool
 * gate allowed, with the arguments as the gate lets them be sent (an external tool's egress-filtered, its sensitive
 * arguments withheld whole), and labels what it returns with the tool's domains before the model sees it
 * ({@code docs/tools.md}, "Tool calls in the pipeline").
 *
 * <p>What it throws is the tool's failure: the model is told the call failed (reason code {@code tool_failed}, never
 * the exception's text) and the turn goes on. Implementations must be thread-safe when the host shares them between
 * requests.
 */
@FunctionalInterface
public interface ToolExecutor {

    /**
     * The result of {@code call}: a string, or a JSON value (a plain tree, a record or a bean); null for none.
     */
    @Nullable Object execute(Part.ToolCall call);
}
