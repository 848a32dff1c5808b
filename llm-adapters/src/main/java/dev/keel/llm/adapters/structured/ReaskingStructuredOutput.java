package dev.keel.llm.adapters.structured;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** {@link StructuredOutput}. Immutable; not pure (calls the backend); thread-safe when the backend and the validator are. */
final class ReaskingStructuredOutput implements StructuredOutput {

    static final String JSON_INSTRUCTION = "Reply with exactly one JSON object and nothing else: no prose before or"
            + " after it, no code fences.";

    /** A re-ask lists at most this many violations; the rest are counted. */
    private static final int MAX_LISTED_VIOLATIONS = 20;

    private final LlmBackend backend;
    private final OutputValidator validator;
    private final int maxAttempts;
    private final JsonCodec codec;

    ReaskingStructuredOutput(LlmBackend backend, OutputValidator validator, int maxAttempts, JsonCodec codec) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.validator = Objects.requireNonNull(validator, "validator");
        this.codec = Objects.requireNonNull(codec, "codec");
        if (maxAttempts < 1 || maxAttempts > 10) {
            throw new IllegalArgumentException("maxAttempts must be in 1..10, was " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
    }

    @Override
    public StructuredResult call(ChatRequest request) {
        List<ChatMessage> conversation = new ArrayList<>();
        conversation.add(ChatMessage.system(JSON_INSTRUCTION));
        conversation.addAll(request.messages());
        List<StructuredAttempt> attempts = new ArrayList<>();
        List<OutputViolation> violations = List.of();
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatRequest ask = request.toBuilder().messages(conversation).responseFormat(ResponseFormat.JSON).build();
            ChatReply reply = backend.chat(ask);
            Map<String, Object> output = null;
            ModelJson.Reading reading = ModelJson.read(codec, reply.text());
            if (!reading.ok()) {
                violations = List.of(new OutputViolation(OutputViolation.NOT_JSON, "", reading.problem()));
            } else if (reading.value() instanceof Map) {
                @SuppressWarnings("unchecked")
                Map<String, Object> object = (Map<String, Object>) reading.value();
                output = object;
                violations = List.copyOf(validator.validate(output));
            } else {
                violations = List.of(new OutputViolation(OutputViolation.NOT_JSON, "",
                        "the output must be a single JSON object, found " + JsonCodec.describe(reading.value())));
            }
            attempts.add(new StructuredAttempt(attempt, reply.backendId(), reply.usage(), violations));
            if (violations.isEmpty()) {
                return new StructuredResult(output, List.of(), attempts);
            }
            conversation.add(ChatMessage.assistant(reply.text()));
            conversation.add(ChatMessage.user(reask(violations)));
        }
        return new StructuredResult(null, violations, attempts);
    }

    private static String reask(List<OutputViolation> violations) {
        StringBuilder text = new StringBuilder("Your reply does not satisfy the output contract:\n");
        violations.stream().limit(MAX_LISTED_VIOLATIONS).forEach(v -> text.append("- ").append(v.code()).append(" at ")
                .append(v.path().isEmpty() ? "(the whole output)" : v.path()).append(": ").append(v.message()).append('\n'));
        if (violations.size() > MAX_LISTED_VIOLATIONS) {
            text.append("- and ").append(violations.size() - MAX_LISTED_VIOLATIONS).append(" more\n");
        }
        return text.append("Reply again with one JSON object only, with these violations corrected.").toString();
    }

    @Override
    public String toString() {
        return "StructuredOutput{" + backend.id() + ", maxAttempts=" + maxAttempts + "}";
    }
}
