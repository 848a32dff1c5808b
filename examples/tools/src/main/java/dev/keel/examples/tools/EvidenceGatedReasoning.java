package dev.keel.examples.tools;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.Turn;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The assistant's reasoning: the model answers with the request's tools (one model call, its tool calls governed by
 * the pipeline's tool loop), then the discovery plan's probes run through the MCP source's gate and the evidence
 * gate decides what the draft may claim. A confirmed answer stands; a bounded inference says it is one; an answer
 * the sources checked do not confirm is replaced by what was checked and why it does not confirm it: the model's
 * claims are not shown. Thread-safe.
 */
final class EvidenceGatedReasoning implements ReasoningStep {

    static final String SYSTEM_PROMPT = "You are Northwind's operations assistant. Answer questions about the teams' "
            + "open tickets and payroll with the tools you are offered, and only from what they return. When a tool "
            + "call is refused or fails, say so and answer without it.";

    private final SingleCallReasoning model;
    private final OperationsDiscovery discovery;
    private final ToolGate gate;
    private final RecordedModel replay;

    /** {@code replay} is the assistant's model when it is the recorded one, else null. */
    EvidenceGatedReasoning(OperationsDiscovery discovery, ToolGate gate, RecordedModel replay) {
        this.model = SingleCallReasoning.of(turn -> {
            List<ChatMessage> messages = new ArrayList<>();
            messages.add(ChatMessage.system(SYSTEM_PROMPT));
            messages.addAll(turn.conversation());
            return ChatRequest.builder().messages(messages).build();
        });
        this.discovery = discovery;
        this.gate = gate;
        this.replay = replay;
    }

    @Override
    public Reasoning reason(Turn turn) {
        Reasoning drafted = model.reason(turn);
        String question = turn.request().message();
        turn.extension("model", modelWire(question));
        if (drafted.endedAs().isPresent()) {
            return drafted;
        }
        OperationsDiscovery.Outcome outcome = discovery.discover(gate, ToolTurn.of(turn.governance()), question);
        turn.put(OperationsAssistant.DISCOVERY, outcome);
        turn.extension("discovery", outcome.toWire());
        DiscoveryEvidence evidence = outcome.evidence();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("answer_permission", evidence.answerPermission().wireName());
        details.put("reason_codes", evidence.wireReasonCodes());
        turn.trace("evidence_gate", evidence.answerPermission().wireName() + " (" + evidence.confidenceReason()
                + ")", details);
        return Reasoning.draft(permitted(drafted.text(), evidence));
    }

    /** The draft as the evidence gate lets it stand. */
    static String permitted(String draft, DiscoveryEvidence evidence) {
        return switch (evidence.answerPermission()) {
            case CONFIRMED_ANSWER -> draft;
            case BOUNDED_INFERENCE -> "Inferred from partial rows, not confirmed: " + draft;
            case CHECKED_SOURCES_ONLY -> "The sources checked do not confirm an answer to this question"
                    + (evidence.queryLimitations().isEmpty() ? "."
                    : ": " + String.join("; ", evidence.queryLimitations()) + ".");
        };
    }

    /** Who wrote the draft, for the provenance: a replay of recorded replies, or the host's language model. */
    private Map<String, Object> modelWire(String question) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("replay", replay != null);
        if (replay != null) {
            wire.put("backend", RecordedModel.ID);
            wire.put("model", RecordedModel.MODEL);
            replay.recordingFor(question).ifPresent(id -> wire.put("recording", id));
        }
        return wire;
    }
}
