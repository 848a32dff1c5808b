package dev.keel.routing;

import dev.keel.core.json.JsonTreeReader.ObjectValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one routing index selects: the model whose voice is used, the reasoning mode, and the
 * backend that should produce the explanation.
 *
 * <p>Immutable and thread-safe.
 *
 * @param routerSelectedLlm {@code router_selected_llm}, for example {@code llama}
 * @param reasoningMode     {@code reasoning_mode}, for example {@code balanced_summary}
 * @param backendTarget     {@code backend_target}, for example {@code llama} or {@code internal_chatgpt}
 */
public record PoolEntry(String routerSelectedLlm, String reasoningMode, String backendTarget) {

    public PoolEntry {
        Objects.requireNonNull(routerSelectedLlm, "routerSelectedLlm");
        Objects.requireNonNull(reasoningMode, "reasoningMode");
        Objects.requireNonNull(backendTarget, "backendTarget");
    }

    /**
     * Reads the entry from the {@code router_selected_llm}, {@code reasoning_mode} and {@code backend_target}
     * members of {@code object} (a pool or an override of a table), each a required non-blank string; a
     * {@link RoutingStrategyProvider} reads its pools with it.
     *
     * @return the entry, or null when a member is missing or wrong (the problem is recorded at its pointer)
     */
    public static @Nullable PoolEntry read(ObjectValue object) {
        String llm = object.required("router_selected_llm").nonBlankString();
        String mode = object.required("reasoning_mode").nonBlankString();
        String target = object.required("backend_target").nonBlankString();
        return llm == null || mode == null || target == null ? null : new PoolEntry(llm, mode, target);
    }

    /** {@code {"router_selected_llm", "reasoning_mode", "backend_target"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("router_selected_llm", routerSelectedLlm);
        wire.put("reasoning_mode", reasoningMode);
        wire.put("backend_target", backendTarget);
        return wire;
    }
}
