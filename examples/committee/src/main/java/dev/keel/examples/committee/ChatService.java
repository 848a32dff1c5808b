package dev.keel.examples.committee;

import dev.keel.committee.Committee;
import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.InvariantViolation;
import dev.keel.committee.ReplyInvariants;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's one path for a chat request, used by {@code POST /api/chat} and by {@code keel demo committee}:
 * read the request ({@link CommitteeRequest#fromWire}), let the committee answer it, check the reply invariants,
 * store one audit record of kind {@value #AUDIT_KIND} (the response's {@link CommitteeResponse#record()}), and give
 * the wire form. In replay mode every model call is answered from a recording, and both {@code meta} and the audit
 * record say so under {@code replay}.
 *
 * <p>Thread-safe.
 */
public final class ChatService {

    /** The kind of every audit record this service stores. */
    public static final String AUDIT_KIND = "committee_chat";

    private static final Logger LOG = LoggerFactory.getLogger(ChatService.class);

    private final Function<CommitteeRequest, Answerer> committees;
    private final AuditSink auditSink;
    private final Clock clock;
    private final Optional<RecordedReplies> replay;

    private ChatService(Function<CommitteeRequest, Answerer> committees, AuditSink auditSink, Clock clock,
                        Optional<RecordedReplies> replay) {
        this.committees = committees;
        this.auditSink = Objects.requireNonNull(auditSink, "auditSink");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.replay = replay;
    }

    /** Real models: {@code committee} answers every request. */
    public static ChatService live(Committee committee, AuditSink auditSink, Clock clock) {
        Objects.requireNonNull(committee, "committee");
        return new ChatService(request -> new Answerer(committee, Optional.empty()), auditSink, clock,
                Optional.empty());
    }

    /**
     * Replay: a request is answered by a committee on {@code config} whose models answer from the recording of that
     * request; a request without a recording is refused ({@link NoRecordingException}).
     */
    public static ChatService replaying(CommitteeConfig config, RecordedReplies replies, AuditSink auditSink,
                                        Clock clock) {
        Objects.requireNonNull(config, "config");
        return new ChatService(request -> {
            RecordedConversation conversation = replies.find(request).orElseThrow(() -> new NoRecordingException(
                    "replay mode answers only the recorded requests (" + replies.source() + ": "
                            + replies.conversations().stream().map(RecordedConversation::name).toList()
                            + "); no recording has this mode and message"));
            return new Answerer(conversation.committee(config, clock), Optional.of(conversation.name()));
        }, auditSink, clock, Optional.of(replies));
    }

    /** The recordings, in replay mode. */
    public Optional<RecordedReplies> replay() {
        return replay;
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
        Answerer answerer = committees.apply(request);
        CommitteeResponse response = answerer.committee().answer(request, requestId);
        List<InvariantViolation> violations = ReplyInvariants.check(response);
        if (!violations.isEmpty()) {
            LOG.warn("reply invariants broken: {}", violations);
        }

        Map<String, Object> wire = new LinkedHashMap<>(response.toWire());
        Map<String, Object> payload = new LinkedHashMap<>(response.record());
        answerer.recording().ifPresent(name -> {
            Map<String, Object> replayNote = replayNote(name);
            Map<String, Object> meta = new LinkedHashMap<>(response.meta());
            meta.put("replay", replayNote);
            wire.put("meta", meta);
            payload.put("replay", replayNote);
        });
        payload.put("invariantViolations", violations.stream()
                .map(violation -> Map.of("code", violation.code(), "message", violation.message())).toList());
        AuditRecord audit = AuditRecord.builder().requestId(requestId).recordedAt(clock.instant()).kind(AUDIT_KIND)
                .payload(payload).build();
        auditSink.append(audit);
        LOG.info("answered mode={} source={} outcome={} c_final={}{}", request.mode().wireName(),
                request.source().wireName(), response.outcome().wireName(), response.score().cFinal(),
                answerer.recording().map(name -> " replay=" + name).orElse(""));
        return new ChatExchange(response, wire, audit, violations, answerer.recording());
    }

    private Map<String, Object> replayNote(String recording) {
        Map<String, Object> note = new LinkedHashMap<>();
        note.put("recording", recording);
        note.put("source", replay.map(RecordedReplies::source).orElse(""));
        note.put("note", "every model call was answered from recorded replies; no model was called");
        return note;
    }

    private record Answerer(Committee committee, Optional<String> recording) {
    }
}
