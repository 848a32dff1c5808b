package dev.keel.core.reask;

import dev.keel.core.BackendException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Telemetry of one call of a {@link Reasker#ask}: what was sent, what came back and what was wrong with it.
 * Immutable and thread-safe when the verdict's value is.
 *
 * @param number    1 for the first call, 2 for the first re-ask, ...
 * @param request   the request as given to the backend (a re-ask carries the rejected reply and its correction)
 * @param outcome   how the call ended
 * @param backendId the backend that answered ({@link ChatReply#backendId()}), or the one that was to be called
 * @param reply     the reply; present unless the call was refused or failed
 * @param verdict   what the validator made of the reply; present when there was one
 * @param failure   why the backend failed; present when it did
 */
public record Attempt<T>(int number, ChatRequest request, Outcome outcome, String backendId, Optional<ChatReply> reply,
                         Optional<Verdict<T>> verdict, Optional<BackendException> failure) {

    /** How one call ended. */
    public enum Outcome {
        /** The reply passed the check. */
        ACCEPTED,
        /** The reply had problems. */
        REJECTED,
        /** The {@link CallMeter} did not admit the call: nothing was sent. */
        REFUSED,
        /** The backend failed: no reply, and no re-ask. */
        FAILED
    }

    public Attempt {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(backendId, "backendId");
        Objects.requireNonNull(reply, "reply");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(failure, "failure");
        if (number < 1) {
            throw new InvalidInputException("attempts are numbered from 1");
        }
    }

    static <T> Attempt<T> answered(int number, ChatRequest request, ChatReply reply, Verdict<T> verdict) {
        return new Attempt<>(number, request, verdict.accepted() ? Outcome.ACCEPTED : Outcome.REJECTED,
                reply.backendId(), Optional.of(reply), Optional.of(verdict), Optional.empty());
    }

    static <T> Attempt<T> refused(int number, ChatRequest request, String backendId) {
        return new Attempt<>(number, request, Outcome.REFUSED, backendId, Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    static <T> Attempt<T> failed(int number, ChatRequest request, BackendException failure) {
        return new Attempt<>(number, request, Outcome.FAILED, failure.backendId(), Optional.empty(), Optional.empty(),
                Optional.of(failure));
    }

    /** The tokens the call cost, as the backend reported; {@link TokenUsage#UNKNOWN} without a reply. */
    public TokenUsage usage() {
        return reply.map(ChatReply::usage).orElse(TokenUsage.UNKNOWN);
    }

    /** The length of the reply's text; 0 without a reply. */
    public int replyLength() {
        return reply.map(r -> r.text().length()).orElse(0);
    }

    /** The reply's problems; empty when it was accepted or there was none. */
    public List<Problem> problems() {
        return verdict.map(Verdict::problems).orElse(List.of());
    }

    /**
     * The attempt as telemetry, for a provenance extension or an audit record: {@code {"number", "backend",
     * "outcome", "reply_length", "problems": [{"code", "pointer", "message"}], "failure"?}}, the outcome in lower
     * case, each message cut to {@code maxMessageChars} (and an ellipsis), since a message may quote the rejected
     * reply; never the reply itself. The failure is its code.
     */
    public Map<String, Object> toWire(int maxMessageChars) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("number", number);
        wire.put("backend", backendId);
        wire.put("outcome", outcome.name().toLowerCase(Locale.ROOT));
        wire.put("reply_length", replyLength());
        List<Map<String, Object>> shown = new ArrayList<>();
        for (Problem problem : problems()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("code", problem.code());
            one.put("pointer", problem.pointer());
            String message = problem.message();
            one.put("message", message.length() <= maxMessageChars ? message
                    : message.substring(0, maxMessageChars) + "…");
            shown.add(one);
        }
        wire.put("problems", shown);
        failure.ifPresent(cause -> wire.put("failure", cause.code()));
        return wire;
    }
}
