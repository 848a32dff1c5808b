package dev.keel.llm.adapters.guardrails;

import dev.langchain4j.invocation.InvocationContext;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link PolicyGate} decides on: the user's message text and, under AI Services, the invocation context
 * (its {@code InvocationParameters} are where a host passes the principal of the call). Immutable, pure and thread-safe.
 *
 * @param userMessage the text of the user message
 * @param context     the AI Services invocation context, or null outside AI Services
 */
public record GuardedInput(String userMessage, InvocationContext context) {

    public GuardedInput {
        Objects.requireNonNull(userMessage, "userMessage");
    }

    public Optional<InvocationContext> invocationContext() {
        return Optional.ofNullable(context);
    }

    /** The invocation parameters of the call (empty outside AI Services or when none were passed). */
    public Map<String, Object> parameters() {
        if (context == null || context.invocationParameters() == null) {
            return Map.of();
        }
        return context.invocationParameters().asMap();
    }
}
