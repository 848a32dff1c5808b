package dev.keel.examples.committee;

import dev.keel.committee.BudgetReport;
import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.CommitteeScore;
import dev.keel.committee.InvariantViolation;
import dev.keel.committee.PreHints;
import dev.keel.committee.ReplyInvariants;
import dev.keel.committee.TaskType;
import dev.keel.core.Principal;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.committee.CommitteeReasoning;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's one path for a chat request, used by {@code POST /api/chat} and by {@code keel demo committee}:
 * read the request ({@link CommitteeRequest#fromWire}), govern it with the service's {@link Pipeline} for the
 * service's principal, the committee being the call's reasoning ({@link CommitteeReasoning}), check the reply
 * invariants, and give the wire form. The pipeline stores the call's one audit record (kind
 * {@value Pipeline#AUDIT_KIND}), the committee's whole record in its {@code details.committee}
 * ({@link CommitteeReasoning#AUDIT_DETAIL}) and, in replay mode, the recording in {@code details.replay}.
 *
 * <p>The wire form is the committee's: {@code reply} is the governed answer's text (outbound-filtered),
 * {@code meta} the committee's meta as the provenance extension holds it, with the answer's {@code provenance}
 * (its committee extension left out: it is {@code meta} and {@code audit}), and {@code audit} the committee's
 * audit appendix for {@code audit} and {@code deep}. A request governance denies runs no committee: its
 * {@code meta} says so (no agents, {@code c_final} 0, nothing spent). In replay mode every model call is answered
 * from a recording, and {@code meta}, the audit appendix and the audit record say so under {@code replay}.
 *
 * <p>Thread-safe.
 */
public final class ChatService {

    private static final Logger LOG = LoggerFactory.getLogger(ChatService.class);

    private final Pipeline pipeline;
    private final Principal principal;
    private final CommitteeConfig config;
    private final Optional<RecordedReplies> replay;

    private ChatService(Builder b) {
        this.pipeline = Objects.requireNonNull(b.pipeline, "pipeline");
        this.principal = Objects.requireNonNull(b.principal, "principal");
        this.config = Objects.requireNonNull(b.models, "models").config();
        this.replay = b.models.replay();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Answers the request {@code wireRequest} (a parsed JSON tree) as {@code requestId}.
     *
     * @throws dev.keel.committee.InvalidCommitteeRequestException when the request breaks the contract
     * @throws NoRecordingException in replay mode, for a request without a recording
     * @throws dev.keel.core.BackendException when the audit record cannot be stored
     */
    public ChatExchange answer(Object wireRequest, String requestId) {
        CommitteeRequest request = CommitteeRequest.fromWire(wireRequest);
        Optional<RecordedConversation> recording = replay.map(replies -> replies.find(request).orElseThrow(() ->
                new NoRecordingException("replay mode answers only the recorded requests (" + replies.source() + ": "
                        + replies.conversations().stream().map(RecordedConversation::name).toList()
                        + "); no recording has this mode and message")));
        // The message and each attachment as parts: governance reads a file's name and URL as it reads the text.
        GovernedRequest governed = GovernedRequest.builder().requestId(requestId).principal(principal)
                .message(request.messageParts()).attribute(CommitteeReasoning.REQUEST_ATTRIBUTE, request).build();
        GovernedAnswer answer;
        if (recording.isPresent()) {
            try (RecordedReplies.Replay ignored = replay.orElseThrow().replay(requestId, recording.get())) {
                answer = pipeline.call(governed);
            }
        } else {
            answer = pipeline.call(governed);
        }
        Optional<CommitteeResponse> response = answer.value(CommitteeReasoning.RESPONSE);
        List<InvariantViolation> violations = response.map(ReplyInvariants::check).orElse(List.of());
        if (!violations.isEmpty()) {
            LOG.warn("reply invariants broken: {}", violations);
        }
        Map<String, Object> wire = wire(request, answer);
        LOG.info("answered mode={} source={} decision={} outcome={} committee={} c_final={}{}",
                request.mode().wireName(), request.source().wireName(), answer.decision().wireName(),
                answer.outcome().wireName(), response.map(r -> r.outcome().wireName()).orElse("not_run"),
                response.map(CommitteeResponse::cFinal).orElse(BigDecimal.ZERO),
                recording.map(conversation -> " replay=" + conversation.name()).orElse(""));
        return new ChatExchange(answer, response, wire, violations, recording.map(RecordedConversation::name));
    }

    /**
     * {@code {"reply", "meta", "audit"?}}: everything from the governed answer, its text and its provenance's
     * extensions, each leaf of which was shown through the outbound filter under the answer's decision when the
     * answer was built; the one exception is the meta of a request no committee ran for, the service's own
     * (its task type, its cap, zeros).
     */
    private Map<String, Object> wire(CommitteeRequest request, GovernedAnswer answer) {
        Map<?, ?> committee = answer.provenance().extension(CommitteeReasoning.EXTENSION) instanceof Map<?, ?> map
                ? map : Map.of();
        Object replayNote = answer.provenance().extension(CommitteeModels.REPLAY_EXTENSION);
        Map<String, Object> meta = new LinkedHashMap<>();
        if (committee.get("meta") instanceof Map<?, ?> committeeMeta) {
            committeeMeta.forEach((key, value) -> meta.put((String) key, value));
        } else {
            meta.putAll(notRunMeta(request));
        }
        if (replayNote != null) {
            meta.put("replay", replayNote);
        }
        Map<String, Object> provenance = new LinkedHashMap<>(answer.provenance().toWire());
        provenance.remove(CommitteeReasoning.EXTENSION);
        provenance.remove(CommitteeModels.REPLAY_EXTENSION);
        meta.put("provenance", provenance);

        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("reply", answer.text());
        wire.put("meta", meta);
        if (request.mode().auditAppendix()) {
            Map<String, Object> appendix = new LinkedHashMap<>();
            if (committee.get("audit") instanceof Map<?, ?> audit) {
                audit.forEach((key, value) -> appendix.put((String) key, value));
            } else {
                appendix.put("requestId", answer.requestId());
                appendix.put("mode", request.mode().wireName());
                appendix.put("committee", "not run: " + answer.outcome().wireName());
            }
            if (replayNote != null) {
                appendix.put("replay", replayNote);
            }
            wire.put("audit", appendix);
        }
        return wire;
    }

    /** The meta of a request no committee ran for: its task type as the pre-hints see it, nothing used or spent. */
    private Map<String, Object> notRunMeta(CommitteeRequest request) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("taskType", PreHints.of(request).suggested().orElse(TaskType.MIXED).wireName());
        meta.put("c_final", BigDecimal.ZERO);
        meta.put("budget", new BudgetReport(config.capUsd(request.mode()), BigDecimal.ZERO, false).toWire());
        meta.put("usedAgents", List.of());
        meta.put("invalidation", CommitteeScore.compute(List.of(), config.scoring(), BigDecimal.ZERO, BigDecimal.ZERO)
                .invalidation().toWire());
        return meta;
    }

    /** Collects the service's parts; not thread-safe. */
    public static final class Builder {
        private Pipeline pipeline;
        private Principal principal;
        private CommitteeModels models;

        private Builder() {
        }

        /** The governed call, its reasoning the committee of {@link #models}. */
        public Builder pipeline(Pipeline pipeline) {
            this.pipeline = pipeline;
            return this;
        }

        /** Whom the bearer token authenticates: every request is governed for this principal. */
        public Builder principal(Principal principal) {
            this.principal = principal;
            return this;
        }

        /** The committee's configuration and models (live or replayed). */
        public Builder models(CommitteeModels models) {
            this.models = models;
            return this;
        }

        /** @throws NullPointerException when a part is missing */
        public ChatService build() {
            return new ChatService(this);
        }
    }
}
