package dev.keel.eval;

import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.EvidenceGateInput;
import java.util.Map;

/**
 * {@code keel eval} op {@code evidence_gate}: the protocol's {@code ResolveAssistantMcpDiscoveryEvidenceInput} in
 * (camelCase keys, {@code plan} a plan contract kept as given), the evidence contract out, identical to the
 * reference; where the reference throws, the line's error names the offending value. Stateless; pure and
 * thread-safe.
 */
final class EvidenceGateOp implements EvalOp {

    private final EvidenceGate gate = EvidenceGate.create();

    @Override
    public String name() {
        return "evidence_gate";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        return gate.resolve(EvidenceGateInput.fromWire(input)).toWire();
    }
}
