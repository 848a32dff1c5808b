package dev.keel.pipeline.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the turn's tools returned, by tool name, in the order they ran. Immutable and thread-safe.
 *
 * @param results each tool's result
 */
public record ToolResults(Map<String, Map<String, Object>> results) {

    public ToolResults {
        Map<String, Map<String, Object>> copy = new LinkedHashMap<>();
        results.forEach((tool, result) -> copy.put(tool, Collections.unmodifiableMap(new LinkedHashMap<>(result))));
        results = Collections.unmodifiableMap(copy);
    }
}
