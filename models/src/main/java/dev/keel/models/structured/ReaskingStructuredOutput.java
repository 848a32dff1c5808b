package dev.keel.models.structured;

import dev.keel.core.ConfigurationException;
import dev.keel.core.reask.Attempt;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReaskResult;
import dev.keel.core.reask.Reasker;
import dev.keel.core.reask.Verdict;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link StructuredOutput} on the core {@link Reasker}, with its standard re-ask wording. Immutable; not pure (calls
 * the backend); thread-safe when the backend and the validator are.
 */
final class ReaskingStructuredOutput implements StructuredOutput {

    static final String JSON_INSTRUCTION = "Reply with exactly one JSON object and nothing else: no prose before or"
            + " after it, no code fences.";

    private final LlmBackend backend;
    private final OutputValidator validator;
    private final int maxAttempts;
    private final Reasker reasker;

    ReaskingStructuredOutput(LlmBackend backend, OutputValidator validator, int maxAttempts) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.validator = Objects.requireNonNull(validator, "validator");
        if (maxAttempts < 1 || maxAttempts > 10) {
            throw new ConfigurationException("maxAttempts must be in 1..10, was " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
        this.reasker = Reasker.builder().maxReasks(maxAttempts - 1).build();
    }

    @Override
    public StructuredResult call(ChatRequest request) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(JSON_INSTRUCTION));
        messages.addAll(request.messages());
        ChatRequest ask = request.toBuilder().messages(messages).responseFormat(ResponseFormat.JSON).build();
        ReaskResult<Map<String, Object>> result = reasker.ask(backend, ask, (reply, attempt) -> {
            Verdict<Map<String, Object>> json = Reasker.jsonObject(reply);
            if (!json.accepted()) {
                return json;
            }
            // An accepted verdict holds its value.
            Map<String, Object> output = Objects.requireNonNull(json.value(), "value");
            return new Verdict<>(output, validator.validate(output).stream().map(OutputViolation::toProblem).toList());
        });
        if (result.failure().isPresent()) {
            throw result.failure().get();
        }
        List<StructuredAttempt> attempts = new ArrayList<>();
        for (Attempt<Map<String, Object>> attempt : result.attempts()) {
            attempts.add(new StructuredAttempt(attempt.number(), attempt.backendId(), attempt.usage(),
                    violations(attempt.problems())));
        }
        return new StructuredResult(result.value().orElse(null), violations(result.problems()), attempts);
    }

    private static List<OutputViolation> violations(List<Problem> problems) {
        return problems.stream().map(OutputViolation::of).toList();
    }

    @Override
    public String toString() {
        return "StructuredOutput{" + backend.id() + ", maxAttempts=" + maxAttempts + "}";
    }
}
