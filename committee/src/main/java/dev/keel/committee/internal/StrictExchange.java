package dev.keel.committee.internal;

import dev.keel.core.BackendException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * One strict JSON exchange with bounded re-ask: the reply must be exactly one JSON object ({@link ModelJson}'s rule),
 * read by a {@link JsonTreeReader} that names every problem by pointer; a reply with problems is sent back once more
 * with them, up to the attempts allowed. Every attempt is estimated against the ledger before it is made, on the
 * request as the backend would send it ({@link LlmBackend#outgoing}). Thread-safe
 * (no state of its own).
 */
final class StrictExchange {

    /** How an exchange ended. */
    enum Status { OK, INVALID, BUDGET, FAILED }

    /** The value read (when {@code OK}), the attempts, and the latency of all of them. */
    record Result<T>(Status status, T value, List<Map<String, Object>> attempts, long latencyMs, String backendId) {
        boolean ok() {
            return status == Status.OK;
        }

        Map<String, Object> toAudit() {
            Map<String, Object> audit = new LinkedHashMap<>();
            audit.put("status", status.name().toLowerCase(java.util.Locale.ROOT));
            audit.put("latencyMs", latencyMs);
            audit.put("attempts", attempts);
            return audit;
        }
    }

    private static final JsonCodec CODEC = JsonCodec.strict();

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
        List<ChatMessage> conversation = new ArrayList<>(messages);
        List<Map<String, Object>> attempts = new ArrayList<>();
        Instant start = clock.instant();
        String backendId = backend.id();
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatRequest request = ChatRequest.builder().messages(conversation).responseFormat(ResponseFormat.JSON)
                    .maxOutputTokens(maxOutputTokens).requestId(requestId).purpose(purpose).build();
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("attempt", attempt);
            attempts.add(record);
            // Estimated on what the provider receives, which a governed backend's egress filter may have lengthened.
            java.math.BigDecimal estimate = ledger.admit(purpose, role, backend.outgoing(request));
            if (estimate == null) {
                record.put("outcome", "not_made_budget");
                return new Result<>(Status.BUDGET, null, attempts, elapsed(start), backendId);
            }
            ChatReply reply;
            try {
                reply = backend.chat(request);
            } catch (BackendException e) {
                ledger.charge(purpose, role, estimate, null, backendId);
                record.put("outcome", "backend_failed");
                record.put("code", e.code());
                e.httpStatus().ifPresent(status -> record.put("httpStatus", status));
                return new Result<>(Status.FAILED, null, attempts, elapsed(start), backendId);
            }
            backendId = reply.backendId();
            ledger.charge(purpose, role, estimate, reply.usage(), backendId);
            List<String> problems = new ArrayList<>();
            T value = null;
            ModelJson.Reading reading = ModelJson.read(CODEC, reply.text());
            if (!reading.ok()) {
                problems.add(reading.problem());
            } else if (!(reading.value() instanceof Map)) {
                problems.add("the output is not a JSON object; return a single JSON object");
            } else {
                JsonTreeReader reader = JsonTreeReader.of(reading.value());
                value = read.apply(reader, reading.value());
                reader.problems().stream().map(JsonProblem::toString).forEach(problems::add);
                if (value == null && problems.isEmpty()) {
                    problems.add("the output could not be read");
                }
            }
            if (problems.isEmpty()) {
                record.put("outcome", "ok");
                return new Result<>(Status.OK, value, attempts, elapsed(start), backendId);
            }
            record.put("outcome", "invalid");
            record.put("problems", problems);
            conversation.add(ChatMessage.assistant(reply.text()));
            conversation.add(ChatMessage.user("Your reply broke the contract: "
                    + problems.stream().collect(Collectors.joining("; "))
                    + ". Return the corrected JSON object only, nothing around it."));
        }
        return new Result<>(Status.INVALID, null, attempts, elapsed(start), backendId);
    }

    private long elapsed(Instant start) {
        return Math.max(0, Duration.between(start, clock.instant()).toMillis());
    }
}
