package dev.keel.routing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

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

    /** {@code {"router_selected_llm", "reasoning_mode", "backend_target"}}: as a decision records it. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("router_selected_llm", routerSelectedLlm);
        wire.put("reasoning_mode", reasoningMode);
        wire.put("backend_target", backendTarget);
        return wire;
    }
}
