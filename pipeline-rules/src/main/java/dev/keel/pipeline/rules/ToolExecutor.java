package dev.keel.pipeline.rules;

import dev.keel.core.ConfigurationException;
import java.util.Map;

/**
 * Runs the tools matched rules name ({@code docs/rules.md}): each at most once per turn, in a single pass, before
 * the answer is written. What a tool returns goes into the generation prompt, and its numbers, strings and booleans
 * become variables of the enforcement expressions.
 *
 * <p>Implementations must be thread-safe. A tool that fails throws a {@link dev.keel.core.KeelException} (the call
 * is then audited as failed); a tool that found nothing says so in its result.
 */
@FunctionalInterface
public interface ToolExecutor {

    /** The tool's result: a JSON object of plain values (strings, numbers, booleans, lists, objects, null). */
    Map<String, Object> execute(ToolCall call);

    /** No tools: a rule that names one is a wiring mistake. */
    static ToolExecutor none() {
        return call -> {
            throw new ConfigurationException("no tool executor is configured, and a rule names tool '" + call.tool()
                    + "'");
        };
    }
}
