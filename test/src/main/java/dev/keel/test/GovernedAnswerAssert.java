package dev.keel.test;

import dev.keel.core.Decision;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.Withheld;
import dev.keel.test.core.CoreAssertions;
import dev.keel.test.core.ProvenanceAssert;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractStringAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ListAssert;

/**
 * Assertions on a {@link GovernedAnswer}: how the call ended, the decision and its reason codes, the text the user
 * reads and what was withheld from it, the model calls made, the provenance, and the call's audit record. Obtained
 * from {@link KeelAssertions#assertThat(GovernedAnswer)}.
 *
 * <pre>{@code
 * assertThat(answer).wasAnswered().hasDecision(Decision.PARTIAL).showsNoFigure().hasWithheld("number")
 *         .neverLeftTheHouse().isAuditedIn(audit);
 * assertThat(answer).provenance().hasBackendUsed("ward_writer").hasExtension("internal_only_rules");
 * }</pre>
 */
public final class GovernedAnswerAssert extends AbstractAssert<GovernedAnswerAssert, GovernedAnswer> {

    GovernedAnswerAssert(GovernedAnswer answer) {
        super(answer, GovernedAnswerAssert.class);
    }

    public GovernedAnswerAssert hasOutcome(TurnOutcome outcome) {
        isNotNull();
        if (actual.outcome() != outcome) {
            failWithMessage("expected the call to end as <%s>, but it ended as <%s> under %s: \"%s\"",
                    outcome.wireName(), actual.outcome().wireName(), actual.decision().wireName(), actual.text());
        }
        return this;
    }

    /** The answer was written and passed enforcement. */
    public GovernedAnswerAssert wasAnswered() {
        return hasOutcome(TurnOutcome.ANSWERED);
    }

    /** Governance denied the request. */
    public GovernedAnswerAssert wasDenied() {
        return hasOutcome(TurnOutcome.DENIED);
    }

    /** The answer broke the rules twice and was refused. */
    public GovernedAnswerAssert wasRefused() {
        return hasOutcome(TurnOutcome.REFUSED);
    }

    /** The decision the answer was written under (after the evidence check). */
    public GovernedAnswerAssert hasDecision(Decision decision) {
        isNotNull();
        if (actual.decision() != decision) {
            failWithMessage("expected the decision <%s>, but it is <%s> (reason codes %s)", decision.wireName(),
                    actual.decision().wireName(), actual.provenance().reasonCodes().values());
        }
        return this;
    }

    /** The provenance's reason codes include every one of {@code codes}. */
    public GovernedAnswerAssert hasReasonCodes(String... codes) {
        provenance().hasReasonCodes(codes);
        return this;
    }

    /** The provenance's reason codes include none of {@code codes}. */
    public GovernedAnswerAssert doesNotHaveReasonCodes(String... codes) {
        provenance().doesNotHaveReasonCodes(codes);
        return this;
    }

    /** The text the user reads, for AssertJ's string assertions. */
    public AbstractStringAssert<?> text() {
        isNotNull();
        return Assertions.assertThat(actual.text());
    }

    /** The text holds no character of Unicode category N: no digit of any script, fraction or numeral. */
    public GovernedAnswerAssert showsNoFigure() {
        isNotNull();
        java.util.regex.Matcher figure = java.util.regex.Pattern.compile("\\p{N}").matcher(actual.text());
        if (figure.find()) {
            failWithMessage("expected no figure in the answer, but it shows \"%s\" at %d: \"%s\"", figure.group(),
                    figure.start(), actual.text());
        }
        return this;
    }

    /** The outbound filter withheld at least one piece of {@code kind}. */
    public GovernedAnswerAssert hasWithheld(String kind) {
        isNotNull();
        if (!actual.withheldCounts().containsKey(kind)) {
            failWithMessage("expected the filter to withhold a <%s>, but it withheld %s", kind,
                    actual.withheldCounts());
        }
        return this;
    }

    /** The outbound filter withheld exactly {@code count} pieces of {@code kind}. */
    public GovernedAnswerAssert hasWithheld(String kind, int count) {
        isNotNull();
        int withheld = actual.withheldCounts().getOrDefault(kind, 0);
        if (withheld != count) {
            failWithMessage("expected the filter to withhold %d <%s>, but it withheld %s", count, kind,
                    actual.withheldCounts());
        }
        return this;
    }

    /** The outbound filter withheld nothing. */
    public GovernedAnswerAssert withheldNothing() {
        isNotNull();
        if (!actual.withheld().isEmpty()) {
            failWithMessage("expected the filter to withhold nothing, but it withheld %s", actual.withheldCounts());
        }
        return this;
    }

    /** What was withheld, in text order, for AssertJ's list assertions. */
    public ListAssert<Withheld> withheld() {
        isNotNull();
        return Assertions.assertThat(actual.withheld());
    }

    /** No model was called. */
    public GovernedAnswerAssert madeNoModelCall() {
        return madeModelCalls(0);
    }

    /** Exactly {@code count} model calls were made (a fallback's call counts as the one it replaced). */
    public GovernedAnswerAssert madeModelCalls(int count) {
        isNotNull();
        if (actual.calls().size() != count) {
            failWithMessage("expected %d model call(s), but the call made %d: %s", count, actual.calls().size(),
                    describe(actual.calls()));
        }
        return this;
    }

    /** Every model call stayed in the house: no prompt was sent to an external backend. */
    public GovernedAnswerAssert neverLeftTheHouse() {
        isNotNull();
        List<BackendCall> external = actual.calls().stream().filter(BackendCall::external).toList();
        if (!external.isEmpty()) {
            failWithMessage("expected every model call to stay in the house, but these went out: %s",
                    describe(external));
        }
        return this;
    }

    /** The backend {@code name} was never sent a prompt in this call (a failed attempt counts as sent). */
    public GovernedAnswerAssert neverCalled(String name) {
        isNotNull();
        List<BackendCall> to = actual.calls().stream().filter(call -> call.used().equals(name)).toList();
        if (!to.isEmpty()) {
            failWithMessage("expected <%s> never to be called, but %s", name, describe(to));
        }
        return this;
    }

    /** The provenance, for {@link ProvenanceAssert}'s assertions. */
    public ProvenanceAssert provenance() {
        isNotNull();
        return CoreAssertions.assertThat(actual.provenance());
    }

    /**
     * {@code audit} holds exactly one record of this call, of kind {@code governed_call}, with the answer's outcome
     * and decision.
     */
    public GovernedAnswerAssert isAuditedIn(InMemoryAuditSink audit) {
        isNotNull();
        List<AuditRecord> records = audit.records().stream()
                .filter(record -> record.requestId().equals(actual.requestId())).toList();
        if (records.size() != 1) {
            failWithMessage("expected one audit record of request <%s>, but the sink holds %d", actual.requestId(),
                    records.size());
        }
        CoreAssertions.assertThat(records.get(0)).hasKind("governed_call")
                .hasPayloadEntry("outcome", actual.outcome().wireName())
                .hasPayloadEntry("decision", actual.decision().wireName());
        return this;
    }

    private static List<Map<String, Object>> describe(List<BackendCall> calls) {
        List<Map<String, Object>> described = new ArrayList<>();
        calls.forEach(call -> described.add(call.toWire()));
        return described;
    }
}
