package dev.keel.test.core;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Which requests a scripted reply is for: a predicate over the {@link ChatRequest} with a description, so that a
 * request nothing matched can be told apart from the rules that were there. A {@link LoopbackModelServer} matches
 * the request it read from the wire (which has no purpose: that label is never sent to a provider).
 *
 * <p>Immutable and thread-safe when the predicate is.
 */
public final class RequestMatcher implements Predicate<ChatRequest> {

    private final String description;
    private final Predicate<ChatRequest> predicate;

    private RequestMatcher(String description, Predicate<ChatRequest> predicate) {
        this.description = Objects.requireNonNull(description, "description");
        this.predicate = Objects.requireNonNull(predicate, "predicate");
    }

    /** Requests {@code predicate} accepts, described as {@code description} in failure messages. */
    public static RequestMatcher of(String description, Predicate<ChatRequest> predicate) {
        return new RequestMatcher(description, predicate);
    }

    /** Requests whose purpose is {@code purpose} (the stage runtime gives the stage id). */
    public static RequestMatcher purpose(String purpose) {
        Objects.requireNonNull(purpose, "purpose");
        return of("purpose " + purpose, request -> request.purpose().filter(purpose::equals).isPresent());
    }

    /** Requests with a message, of any role, that contains {@code text}. */
    public static RequestMatcher anyMessageContains(String text) {
        Objects.requireNonNull(text, "text");
        return of("a message containing \"" + text + "\"",
                request -> request.messages().stream().anyMatch(message -> message.text().contains(text)));
    }

    /** Requests whose last user message contains {@code text}. */
    public static RequestMatcher lastUserMessageContains(String text) {
        Objects.requireNonNull(text, "text");
        return of("the last user message containing \"" + text + "\"",
                request -> lastUserMessage(request).contains(text));
    }

    /** Requests that ask for {@code format} ({@link ResponseFormat#JSON}: JSON mode). */
    public static RequestMatcher responseFormat(ResponseFormat format) {
        Objects.requireNonNull(format, "format");
        return of("response format " + format, request -> request.responseFormat() == format);
    }

    /** Every request. */
    public static RequestMatcher any() {
        return of("any request", request -> true);
    }

    /** Requests this matcher and {@code other} both accept. */
    public RequestMatcher and(RequestMatcher other) {
        return of(description + " and " + other.description, request -> test(request) && other.test(request));
    }

    @Override
    public boolean test(ChatRequest request) {
        return predicate.test(request);
    }

    /** What the matcher accepts, for people. */
    public String description() {
        return description;
    }

    /** The text of the last user message; empty when there is none. */
    static String lastUserMessage(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatRole.USER) {
                return messages.get(i).text();
            }
        }
        return "";
    }

    @Override
    public String toString() {
        return "RequestMatcher{" + description + "}";
    }
}
