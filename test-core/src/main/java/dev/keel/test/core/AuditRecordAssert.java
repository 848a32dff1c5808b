package dev.keel.test.core;

import dev.keel.core.Decision;
import dev.keel.core.spi.AuditRecord;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.MapAssert;

/** Assertions on one {@link AuditRecord}. Obtained from {@link CoreAssertions#assertThat(AuditRecord)}. */
public final class AuditRecordAssert extends AbstractAssert<AuditRecordAssert, AuditRecord> {

    AuditRecordAssert(AuditRecord record) {
        super(record, AuditRecordAssert.class);
    }

    public AuditRecordAssert hasRequestId(String requestId) {
        isNotNull();
        if (!actual.requestId().equals(requestId)) {
            failWithMessage("expected the audit record of request <%s>, but it is of <%s>", requestId,
                    actual.requestId());
        }
        return this;
    }

    /** The record's kind ({@code governed_call} for a governed call). */
    public AuditRecordAssert hasKind(String kind) {
        isNotNull();
        if (!actual.kind().equals(kind)) {
            failWithMessage("expected an audit record of kind <%s>, but it is <%s>", kind, actual.kind());
        }
        return this;
    }

    public AuditRecordAssert wasRecordedAt(Instant instant) {
        isNotNull();
        if (!actual.recordedAt().equals(instant)) {
            failWithMessage("expected the audit record to be recorded at <%s>, but it was at <%s>", instant,
                    actual.recordedAt());
        }
        return this;
    }

    /** The payload holds {@code key} with exactly {@code value}. */
    public AuditRecordAssert hasPayloadEntry(String key, Object value) {
        isNotNull();
        if (!actual.payload().containsKey(key) || !Objects.equals(actual.payload().get(key), value)) {
            failWithMessage("expected the audit record of <%s> to hold %s=<%s>, but its payload is %s",
                    actual.requestId(), key, value, actual.payload());
        }
        return this;
    }

    /** The payload's {@code outcome} is {@code outcome} ({@code answered}, {@code denied}, {@code tool_calls}...). */
    public AuditRecordAssert hasOutcome(String outcome) {
        return hasPayloadEntry("outcome", outcome);
    }

    /** The payload's {@code decision} is {@code decision}'s wire name. */
    public AuditRecordAssert hasDecision(Decision decision) {
        return hasPayloadEntry("decision", decision.wireName());
    }

    /** The payload's {@code reason_codes} hold each of {@code codes}, in any order, among others. */
    public AuditRecordAssert hasReasonCodes(String... codes) {
        isNotNull();
        Object held = actual.payload().get("reason_codes");
        List<?> listed = held instanceof List<?> list ? list : List.of();
        List<String> missing = Arrays.stream(codes).filter(code -> !listed.contains(code)).toList();
        if (!missing.isEmpty()) {
            failWithMessage("expected the audit record of <%s> to hold the reason codes %s, but it lacks %s; it holds %s",
                    actual.requestId(), List.of(codes), missing, held);
        }
        return this;
    }

    /** No key or value of the payload, however deep, contains any of {@code texts}. */
    public AuditRecordAssert payloadDoesNotContain(String... texts) {
        isNotNull();
        for (String text : texts) {
            String found = PlainValues.findContaining(actual.payload(), text);
            if (found != null) {
                failWithMessage("expected the audit record of <%s> not to contain \"%s\", but it holds \"%s\"",
                        actual.requestId(), text, found);
            }
        }
        return this;
    }

    /** The payload, for AssertJ's own map assertions. */
    public MapAssert<String, Object> payload() {
        isNotNull();
        Map<String, Object> payload = actual.payload();
        return Assertions.assertThat(payload);
    }
}
