package dev.keel.routing;

import dev.keel.core.Provenance;
import dev.keel.core.ReasonCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where one request's LLM reasoning goes, with everything needed to replay and audit it: the routing key and its
 * length, the index, what the index selected, any override, and the internal-only safeguard.
 *
 * <p>Reason codes: {@code internal_only} (the safeguard forced the internal backend), {@code routing_override}
 * (an override replaced the index's choice), {@code scenario_multiple} (the prompt named several scenario tags;
 * the configured order picked one).
 *
 * <p>Immutable and thread-safe.
 */
public final class RoutingDecision {

    /** The provenance extension naming the model voice the index selected. */
    public static final String ROUTER_SELECTED_LLM = "router_selected_llm";
    /** The provenance extension naming the reasoning mode the index selected. */
    public static final String REASONING_MODE = "reasoning_mode";
    /** The provenance extension saying whether the request was kept on the internal backend. */
    public static final String INTERNAL_ONLY = "internal_only";
    /** The provenance extension naming the override that applied. */
    public static final String ROUTING_OVERRIDE = "routing_override";

    private final String scenarioTag;
    private final String promptDigest;
    private final String routingKey;
    private final int n;
    private final int index;
    private final PoolEntry indexed;
    private final PoolEntry selected;
    private final String backendTarget;
    private final boolean internalOnly;
    private final @Nullable String override;
    private final ReasonCodes reasonCodes;

    RoutingDecision(String scenarioTag, String promptDigest, String routingKey, int n, int index, PoolEntry indexed,
            PoolEntry selected, String backendTarget, boolean internalOnly, @Nullable String override,
            ReasonCodes reasonCodes) {
        this.scenarioTag = scenarioTag;
        this.promptDigest = promptDigest;
        this.routingKey = routingKey;
        this.n = n;
        this.index = index;
        this.indexed = indexed;
        this.selected = selected;
        this.backendTarget = backendTarget;
        this.internalOnly = internalOnly;
        this.override = override;
        this.reasonCodes = Objects.requireNonNull(reasonCodes, "reasonCodes");
    }

    /** {@code "0"} to {@code "3"}. */
    public String scenarioTag() {
        return scenarioTag;
    }

    /** The {@code <prompt_digest>} used: the caller's or the default. */
    public String promptDigest() {
        return promptDigest;
    }

    /** {@code K = "<role>|<clearance>|<scenario_tag>|<prompt_digest>"}, before removing separators and white space. */
    public String routingKey() {
        return routingKey;
    }

    /** The number of code points of K without {@code |} and white space. */
    public int n() {
        return n;
    }

    /** {@code N mod 10}. */
    public int index() {
        return index;
    }

    /** What the index selected, before any override and the safeguard. */
    public PoolEntry indexedEntry() {
        return indexed;
    }

    /** {@code router_selected_llm}: the override's when one applied, else the index's. Never changed by the safeguard. */
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
     * The {@code keel eval route} result: {@code scenario_tag}, {@code routing_key}, {@code n}, {@code index},
     * {@code router_selected_llm}, {@code reasoning_mode}, {@code backend_target},
     * {@code top_secret_internal_only}, {@code override} (null when none).
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("scenario_tag", scenarioTag);
        wire.put("routing_key", routingKey);
        wire.put("n", n);
        wire.put("index", index);
        wire.put("router_selected_llm", selected.routerSelectedLlm());
        wire.put("reasoning_mode", selected.reasoningMode());
        wire.put("backend_target", backendTarget);
        wire.put("top_secret_internal_only", internalOnly);
        wire.put("override", override);
        return wire;
    }

    /** The wire form plus the digest, the index's own selection and the reason codes, for audit records. */
    public Map<String, Object> toAuditWire() {
        Map<String, Object> wire = toWire();
        wire.put("prompt_digest", promptDigest);
        wire.put("indexed_selection", indexed.toWire());
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
