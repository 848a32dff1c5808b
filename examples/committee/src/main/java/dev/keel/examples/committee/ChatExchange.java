package dev.keel.examples.committee;

import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.InvariantViolation;
import dev.keel.core.spi.AuditRecord;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One answered chat request: the committee's response, what {@code POST /api/chat} returns, the audit record that
 * was stored, and the reply invariants it broke (none, when the committee kept its rules). Immutable and
 * thread-safe.
 *
 * @param response   the committee's response
 * @param wire       the response body: {@code {"reply", "meta", "audit"?}}, {@code meta.replay} when replayed
 * @param audit      the stored record (kind {@value ChatService#AUDIT_KIND})
 * @param violations the broken reply invariants
 * @param replayed   the recording that answered every model call, in replay mode
 */
public record ChatExchange(CommitteeResponse response, Map<String, Object> wire, AuditRecord audit,
                           List<InvariantViolation> violations, Optional<String> replayed) {

    public ChatExchange {
        violations = List.copyOf(violations);
    }
}
