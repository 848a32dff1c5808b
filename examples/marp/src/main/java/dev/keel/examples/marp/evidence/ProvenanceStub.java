package dev.keel.examples.marp.evidence;

import dev.keel.core.Provenance;
import dev.keel.core.json.JsonCodec;
import dev.keel.routing.RoutingDecision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MARP assistant's provenance stub: the library's {@link Provenance} rendered with the stub's own field names,
 * in its own order ({@code role}, {@code clearance}, {@code governance_decision}, {@code evidence_sources},
 * {@code router_selected_llm}, {@code backend_target}, {@code backend_used}, {@code top_secret_internal_only},
 * {@code reasoning_mode}, {@code subtasks_executed}, {@code confidence}), followed, when set, by {@code domains},
 * {@code routing_override}, {@code backend_used_reason}, {@code evidence_routing} and {@code reason_codes} (the
 * provenance's, then the commentary contract's).
 * Evidence contributes the extensions {@value #SUBTASKS_EXECUTED}, {@value #CONFIDENCE} and
 * {@value #EVIDENCE_ROUTING}; routing contributes its own ({@link RoutingDecision#applyTo}).
 *
 * <p>Pure; thread-safe.
 */
public final class ProvenanceStub {

    /** The fence label of the stub block. */
    public static final String FENCE_LABEL = "provenance_stub";
    /** The extension listing the subtasks the request controller ran. */
    public static final String SUBTASKS_EXECUTED = "subtasks_executed";
    /** The extension holding {@code {"level", "rationale"}}. */
    public static final String CONFIDENCE = "confidence";
    /**
     * The extension holding how the commentary fared against its contract: {@code {"outcome", "reason_code"?,
     * "attempts"}}; its reason code joins the stub's {@code reason_codes}.
     */
    public static final String COMMENTARY_CONTRACT = "commentary_contract";
    /** The extension naming the evidence routing decision. */
    public static final String EVIDENCE_ROUTING = "evidence_routing";

    private ProvenanceStub() {
    }

    /**
     * Sets what evidence knows on {@code provenance}: the sources read (with {@code policySources}, the policy and
     * governance files the governance step used), the routing decision's reason, and the confidence.
     */
    public static Provenance.Builder withEvidence(Provenance.Builder provenance, List<String> policySources,
            CollectedEvidence evidence, ConfidenceAssessment assessment) {
        return confidence(provenance.evidenceSources(evidence.sources(policySources))
                .extension(EVIDENCE_ROUTING, evidence.routing().reason()), assessment.confidence());
    }

    /** Sets the {@value #CONFIDENCE} extension. */
    public static Provenance.Builder confidence(Provenance.Builder provenance, Confidence confidence) {
        return provenance.extension(CONFIDENCE, confidenceWire(confidence));
    }

    /** The value of the {@value #CONFIDENCE} extension: {@code {"level", "rationale"}}. */
    public static Map<String, Object> confidenceWire(Confidence confidence) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("level", confidence.level().wireName());
        wire.put("rationale", confidence.rationale());
        return wire;
    }

    /** The stub as an insertion-ordered JSON object of plain values, with the stub's field names. */
    public static Map<String, Object> toWire(Provenance provenance) {
        Map<String, Object> extensions = provenance.extensions();
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("role", provenance.principal().role());
        wire.put("clearance", provenance.principal().clearance());
        wire.put("governance_decision", provenance.decision().wireName());
        Map<String, Object> sources = new LinkedHashMap<>();
        for (String kind : List.of("policy", "regulated_knowledge", "governed_data")) {
            sources.put(kind, provenance.evidenceSources().of(kind));
        }
        wire.put("evidence_sources", sources);
        wire.put("router_selected_llm", extensions.get(RoutingDecision.ROUTER_SELECTED_LLM));
        wire.put("backend_target", provenance.backendTarget());
        wire.put("backend_used", provenance.backendUsed());
        wire.put("top_secret_internal_only", extensions.get(RoutingDecision.INTERNAL_ONLY));
        wire.put("reasoning_mode", extensions.get(RoutingDecision.REASONING_MODE));
        wire.put("subtasks_executed", extensions.get(SUBTASKS_EXECUTED));
        wire.put("confidence", extensions.get(CONFIDENCE));
        putIfSet(wire, "domains", provenance.domains());
        putIfSet(wire, "routing_override", extensions.get(RoutingDecision.ROUTING_OVERRIDE));
        putIfSet(wire, "backend_used_reason", provenance.backendUsedReason());
        putIfSet(wire, "evidence_routing", extensions.get(EVIDENCE_ROUTING));
        List<String> codes = new ArrayList<>(provenance.reasonCodes().values());
        if (extensions.get(COMMENTARY_CONTRACT) instanceof Map<?, ?> contract
                && contract.get("reason_code") instanceof String code && !codes.contains(code)) {
            codes.add(code);
        }
        if (!codes.isEmpty()) {
            wire.put("reason_codes", codes);
        }
        return wire;
    }

    private static void putIfSet(Map<String, Object> wire, String key, Object value) {
        if (value != null) {
            wire.put(key, value);
        }
    }

    /** The stub as a fenced block: three backticks and {@code provenance_stub}, the indented JSON, three backticks. */
    public static String render(Provenance provenance) {
        return "```" + FENCE_LABEL + "\n" + JsonCodec.strict().writePretty(toWire(provenance)) + "\n```\n";
    }
}
