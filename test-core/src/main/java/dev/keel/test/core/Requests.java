package dev.keel.test.core;

import dev.keel.core.spi.ChatRequest;
import java.time.Duration;
import java.util.function.Supplier;

/** How requests are described in failure messages, and the pause before a delayed reply. Stateless. */
final class Requests {

    /** How much of a message a failure message quotes. */
    private static final int QUOTED = 160;

    private Requests() {
    }

    /** {@code purpose judgement_v1, JSON, 3 messages, last user message "..."}. */
    static String describe(ChatRequest request) {
        StringBuilder text = new StringBuilder();
        request.purpose().ifPresent(purpose -> text.append("purpose ").append(purpose).append(", "));
        text.append(request.responseFormat()).append(", ").append(request.messages().size())
                .append(request.messages().size() == 1 ? " message" : " messages")
                .append(", last user message \"").append(quoted(RequestMatcher.lastUserMessage(request))).append('"');
        return text.toString();
    }

    /** {@code text}, cut to a length a failure message can carry. */
    static String quoted(String text) {
        String oneLine = text.replace('\n', ' ');
        return oneLine.length() <= QUOTED ? oneLine : oneLine.substring(0, QUOTED) + "...";
    }

    /** Waits {@code delay}; throws what {@code interrupted} makes when the wait is interrupted. */
    static void pause(Duration delay, Supplier<RuntimeException> interrupted) {
        if (delay.isZero()) {
            return;
        }
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted.get();
        }
    }
}
