package dev.keel.committee;

import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.reask.Attempt;
import dev.keel.core.reask.CallMeter;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReaskResult;
import dev.keel.core.reask.Reasker;
import dev.keel.core.reask.Verdict;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * One strict JSON exchange on the core {@link Reasker}: the reply must be exactly one JSON object
 * ({@link Reasker#jsonObject}), read by a {@link JsonTreeReader} that names every problem by pointer; a reply with
 * problems is sent back with them, up to the attempts allowed. Every attempt is estimated against the ledger before it
 * is made, on the request as the backend would send it, and charged after it (the ledger is the re-asker's meter).
 * Thread-safe (no state of its own).
 */
final class StrictExchange {

    /** How an exchange ended. */
    enum Status { OK, INVALID, BUDGET, FAILED }

    /** The value read (when {@code OK}, else null), the attempts, and the latency of all of them. */
    record Result<T>(Status status, @Nullable T value, List<Map<String, Object>> attempts, long latencyMs,
                     String backendId) {
        boolean ok() {
            return status == Status.OK;
        }

        Map<String, Object> toAudit() {
            Map<String, Object> audit = new LinkedHashMap<>();
            audit.put("status", status.name().toLowerCase(Locale.ROOT));
            audit.put("latencyMs", latencyMs);
            audit.put("attempts", attempts);
            return audit;
        }
    }

    /** A reader's problem: a value the contract does not allow, at its pointer. */
    private static final String INVALID_VALUE = "invalid_value";

    private final BudgetLedger ledger;
    private final Clock clock;
    private final int maxAttempts;
    private final String requestId;

    StrictExchange(BudgetLedger ledger, Clock clock, int maxAttempts, String requestId) {
        this.ledger = ledger;
        this.clock = clock;
        this.maxAttempts = maxAttempts;
        this.requestId = requestId;
    }

    /**
     * Runs the exchange.
     *
     * @param read reads the parsed reply; problems go to the reader; null or problems mean the reply is refused
     */
    <T> Result<T> run(String purpose, String role, LlmBackend backend, List<ChatMessage> messages, int maxOutputTokens,
                      BiFunction<JsonTreeReader, Object, T> read) {
        ChatRequest request = ChatRequest.builder().messages(messages).responseFormat(ResponseFormat.JSON)
                .maxOutputTokens(maxOutputTokens).requestId(requestId).purpose(purpose).build();
        Instant start = clock.instant();
        ReaskResult<T> result = Reasker.builder().maxReasks(maxAttempts - 1).meter(new LedgerMeter(purpose, role))
                .build().ask(backend, request, (reply, attempt) -> read(reply, read));
        long latencyMs = Math.max(0, Duration.between(start, clock.instant()).toMillis());
        List<Map<String, Object>> attempts = new ArrayList<>();
        result.attempts().forEach(attempt -> attempts.add(audit(attempt)));
        Status status = switch (result.outcome()) {
            case ACCEPTED -> Status.OK;
            case REJECTED -> Status.INVALID;
            case REFUSED -> Status.BUDGET;
            case FAILED -> Status.FAILED;
        };
        return new Result<>(status, result.value().orElse(null), attempts, latencyMs, result.backendId());
    }

    private static <T> Verdict<T> read(String reply, BiFunction<JsonTreeReader, Object, T> read) {
        Verdict<Map<String, Object>> json = Reasker.jsonObject(reply);
        if (!json.accepted()) {
            return Verdict.reject(json.problems());
        }
        JsonTreeReader reader = JsonTreeReader.of(json.value());
        T value = read.apply(reader, json.value());
        List<Problem> problems = new ArrayList<>();
        reader.problems().forEach(p -> problems.add(new Problem(INVALID_VALUE, p.pointer(),
                Objects.requireNonNull(p.message(), "message"))));
        if (value == null && problems.isEmpty()) {
            problems.add(new Problem("output_unreadable", "", "the output could not be read"));
        }
        return new Verdict<>(value, problems);
    }

    /** {@code {"attempt", "outcome", "code"?, "httpStatus"?, "problems"?}}, as the audit has always shown attempts. */
    private static Map<String, Object> audit(Attempt<?> attempt) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("attempt", attempt.number());
        switch (attempt.outcome()) {
            case ACCEPTED -> record.put("outcome", "ok");
            case REFUSED -> record.put("outcome", "not_made_budget");
            case FAILED -> {
                record.put("outcome", "backend_failed");
                record.put("code", attempt.failure().orElseThrow().code());
                attempt.failure().orElseThrow().httpStatus().ifPresent(status -> record.put("httpStatus", status));
            }
            case REJECTED -> {
                record.put("outcome", "invalid");
                record.put("problems", attempt.problems().stream().map(Problem::toString).toList());
            }
        }
        return record;
    }

    /** The run's ledger as the re-asker's meter: admits each call within the cap and charges it after. */
    private final class LedgerMeter implements CallMeter {
        private final String purpose;
        private final String role;
        /** The estimate of the call admitted last, null before the first; one exchange runs on one thread. */
        private @Nullable BigDecimal estimate;

        LedgerMeter(String purpose, String role) {
            this.purpose = purpose;
            this.role = role;
        }

        @Override
        public boolean admit(ChatRequest outgoing) {
            estimate = ledger.admit(purpose, role, outgoing);
            return estimate != null;
        }

        @Override
        public void made(Attempt<?> attempt) {
            // The re-asker makes a call only once admit() has accepted it, which set its estimate.
            ledger.charge(purpose, role, Objects.requireNonNull(estimate, "estimate"),
                    attempt.reply().isPresent() ? attempt.usage() : null, attempt.backendId());
        }
    }
}
