package dev.keel.examples.committee;

import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.InvariantViolation;
import dev.keel.pipeline.GovernedAnswer;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One answered chat request: the governed answer, the committee's response (none when governance denied the
 * request), what {@code POST /api/chat} returns, and the reply invariants the committee broke (none, when it kept
 * its rules). Immutable and thread-safe.
 *
 * @param answer     the governed answer
 * @param response   the committee's response, when it ran
 * @param wire       the response body: {@code {"reply", "meta", "audit"?}}, {@code meta.replay} when replayed
 * @param violations the broken reply invariants
 * @param replayed   the recording that answered every model call, in replay mode
 */
public record ChatExchange(GovernedAnswer answer, Optional<CommitteeResponse> response, Map<String, Object> wire,
                           List<InvariantViolation> violations, Optional<String> replayed) {

    public ChatExchange {
        violations = List.copyOf(violations);
    }
}
