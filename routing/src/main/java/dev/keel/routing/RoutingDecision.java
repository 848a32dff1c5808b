package dev.keel.routing;

import dev.keel.core.Provenance;
import dev.keel.core.ReasonCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where one request's LLM reasoning goes, with everything needed to replay and audit it: what the strategy
 * selected and the facts that replay it (the routing key and the strategy's detail), any override, and the
 * internal-only safeguard.
 *
 * <p>Reason codes: the strategy's own, then {@code routing_override}
 * (an override replaced the strategy's choice) and {@code internal_only} (the safeguard forced the internal
 * backend).
 *
 * <p>Immutable and thread-safe.
 */
public final class RoutingDecision {

    /** The provenance extension naming the model voice selected. */
    public static final String ROUTER_SELECTED_LLM = "router_selected_llm";
    /** The provenance extension naming the reasoning mode selected. */
    public static final String REASONING_MODE = "reasoning_mode";
    /** The provenance extension saying whether the request was kept on the internal backend. */
    public static final String INTERNAL_ONLY = "internal_only";
    /** The provenance extension naming the override that applied. */
    public static final String ROUTING_OVERRIDE = "routing_override";

    private final RoutingStrategy.Selection selection;
    private final PoolEntry selected;
    private final String backendTarget;
    private final boolean internalOnly;
    private final @Nullable String override;
    private final ReasonCodes reasonCodes;

    RoutingDecision(RoutingStrategy.Selection selection, PoolEntry selected, String backendTarget,
            boolean internalOnly, @Nullable String override, ReasonCodes reasonCodes) {
        this.selection = selection;
        this.selected = selected;
        this.backendTarget = backendTarget;
        this.internalOnly = internalOnly;
        this.override = override;
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
    }

    /** The key the strategy computed the choice from (for the weighted strategy {@code role|clearance|digest}). */
    public String routingKey() {
        return selection.routingKey();
    }

    /** The strategy's detail, without the routing key, in its order (the weighted strategy's {@code slot}, ...). */
    public Map<String, Object> detail() {
        return selection.detail();
    }

    /** What the strategy selected: its entry, before any override and the safeguard, and its facts. */
    public RoutingStrategy.Selection selection() {
        return selection;
    }

    /** {@code router_selected_llm}: the override's when one applied, else the strategy's. Never changed by the safeguard. */
    public String routerSelectedLlm() {
        return selected.routerSelectedLlm();
    }

    /** {@code reasoning_mode}, as {@link #routerSelectedLlm()}. */
    public String reasoningMode() {
        return selected.reasoningMode();
    }

    /** {@code backend_target}: the internal backend when the safeguard applies, else the selected entry's. */
    public String backendTarget() {
        return backendTarget;
    }

    /** True when the internal-only safeguard applies: no external backend may be called for this request. */
    public boolean internalOnly() {
        return internalOnly;
    }

    /** The name of the override that applied (for example {@code auditor_override}). */
    public Optional<String> override() {
        return Optional.ofNullable(override);
    }

    public ReasonCodes reasonCodes() {
        return reasonCodes;
    }

    /**
     * Records the routing in a provenance: its {@code backend_target}, and the extensions
     * {@value #ROUTER_SELECTED_LLM}, {@value #REASONING_MODE}, {@value #INTERNAL_ONLY} and, when one applied,
     * {@value #ROUTING_OVERRIDE}. {@code backend_used} is the caller's to set once the backend has answered.
     */
    public Provenance.Builder applyTo(Provenance.Builder provenance) {
        return provenance.backendTarget(backendTarget)
                .extension(ROUTER_SELECTED_LLM, selected.routerSelectedLlm())
                .extension(REASONING_MODE, selected.reasoningMode())
                .extension(INTERNAL_ONLY, internalOnly)
                .extension(ROUTING_OVERRIDE, override);
    }

    /**
     * The {@code keel eval route} result: the strategy's facts in their order ({@code routing_key} and its detail),
     * then {@code router_selected_llm}, {@code reasoning_mode}, {@code backend_target},
     * {@code top_secret_internal_only}, {@code override} (null when none).
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>(selection.facts());
        wire.put("router_selected_llm", selected.routerSelectedLlm());
        wire.put("reasoning_mode", selected.reasoningMode());
        wire.put("backend_target", backendTarget);
        wire.put("top_secret_internal_only", internalOnly);
        wire.put("override", override);
        return wire;
    }

    /** The wire form plus the strategy's own selection and the reason codes, for audit records. */
    public Map<String, Object> toAuditWire() {
        Map<String, Object> wire = toWire();
        wire.put("strategy_selection", selection.entry().toWire());
        wire.put("reason_codes", reasonCodes.values());
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RoutingDecision && ((RoutingDecision) other).toAuditWire().equals(toAuditWire());
    }

    @Override
    public int hashCode() {
        return toAuditWire().hashCode();
    }

    @Override
    public String toString() {
        return "RoutingDecision" + toAuditWire();
    }
}
