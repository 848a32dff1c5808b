package dev.keel.core.reask;

import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.KeelException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Asks a backend until a reply passes a check, re-asking a bounded number of times.
 *
 * <pre>{@code
 * Reasker reasker = Reasker.builder().maxReasks(2).build();
 * ReaskResult<Map<String, Object>> result = reasker.ask(backend, request, (reply, attempt) -> Reasker.jsonObject(reply));
 * }</pre>
 *
 * <p>Each attempt sends {@code request} with its messages followed by the re-ask turns so far; the reply goes to the
 * {@link ReplyValidator}. A rejected reply is sent back as the model's own turn, followed by the {@link Correction}'s
 * message for its problems, until a reply is accepted or {@code maxReasks} re-asks are spent: at most
 * {@code maxReasks + 1} calls. With {@link History#LAST}, a re-ask carries only the last rejected reply and its
 * correction, so a prompt does not grow with every re-ask.
 *
 * <p>A {@link CallMeter}, when set, sees each call before it is made, on the request as the backend would send it
 * ({@link LlmBackend#outgoing}), and may refuse it; it sees each call made after it. A backend failure is not re-asked:
 * it ends the ask as {@link Attempt.Outcome#FAILED}, the {@link BackendException} in the result. A backend that breaks
 * the SPI (throws an unchecked exception that is not a {@link KeelException}, or returns no reply) fails as a
 * {@link NonRetriableBackendException}; any other {@link KeelException} (a cancellation, say) propagates.
 *
 * <p>Immutable; not pure (calls the backend). Thread-safe when the correction, the meter, the backend and the
 * validator are; a meter carries one ask at a time, so a metered re-asker serves one ask at a time.
 */
public final class Reasker {

    /** Re-asks after the first reply unless set: two. */
    public static final int DEFAULT_MAX_REASKS = 2;

    /** At most ten re-asks: a reply still wrong after that will not be right. */
    public static final int MAX_REASKS = 10;

    /** Which rejected replies a re-ask carries. */
    public enum History {
        /** Every rejected reply and its correction, in order. */
        ALL,
        /** The last rejected reply and its correction only. */
        LAST
    }

    private static final JsonCodec CODEC = JsonCodec.strict();

    private final int maxReasks;
    private final History history;
    private final Correction correction;
    private final @Nullable CallMeter meter;

    private Reasker(Builder b) {
        this.maxReasks = b.maxReasks;
        this.history = b.history;
        this.correction = b.correction;
        this.meter = b.meter;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Asks {@code backend} with {@code request} until {@code validator} accepts a reply or the re-asks are spent. */
    public <T> ReaskResult<T> ask(LlmBackend backend, ChatRequest request, ReplyValidator<T> validator) {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(validator, "validator");
        List<ChatMessage> conversation = new ArrayList<>(request.messages());
        int given = conversation.size();
        List<Attempt<T>> attempts = new ArrayList<>();
        for (int number = 1; number <= maxReasks + 1; number++) {
            ChatRequest sent = number == 1 ? request : request.toBuilder().messages(conversation).build();
            if (meter != null && !meter.admit(backend.outgoing(sent))) {
                attempts.add(Attempt.refused(number, sent, backend.id()));
                break;
            }
            Attempt<T> attempt;
            try {
                ChatReply reply = call(backend, sent);
                attempt = Attempt.answered(number, sent, reply,
                        Objects.requireNonNull(validator.check(reply.text(), number), "verdict"));
            } catch (BackendException e) {
                attempt = Attempt.failed(number, sent, e);
            }
            attempts.add(attempt);
            if (meter != null) {
                meter.made(attempt);
            }
            if (attempt.outcome() != Attempt.Outcome.REJECTED) {
                break;
            }
            if (history == History.LAST) {
                conversation.subList(given, conversation.size()).clear();
            }
            // The rejected reply goes back as the model wrote it, a Markdown part: read as rendered by every filter.
            conversation.add(ChatMessage.of(ChatRole.ASSISTANT,
                    Part.markdown(attempt.reply().orElseThrow().text())));
            conversation.add(Objects.requireNonNull(correction.message(attempt.problems()), "correction"));
        }
        return new ReaskResult<>(attempts);
    }

    private static ChatReply call(LlmBackend backend, ChatRequest request) {
        ChatReply reply;
        try {
            reply = backend.chat(request);
        } catch (KeelException e) {
            throw e;
        } catch (RuntimeException e) {
            // The SPI's contract is a BackendException; the exception's own text may carry what the provider said.
            throw new NonRetriableBackendException(backend.id(), "backend " + backend.id() + " failed with an unexpected "
                    + e.getClass().getSimpleName(), e);
        }
        if (reply == null) {
            throw new NonRetriableBackendException(backend.id(), "backend " + backend.id() + " returned no reply", null);
        }
        return reply;
    }

    /**
     * The reply read as one JSON object under the rule of {@link ModelJson} (exactly one strict JSON value, nothing
     * around it), or rejected with a {@link Problem#NOT_JSON} problem that says why. Pure.
     */
    public static Verdict<Map<String, Object>> jsonObject(String reply) {
        ModelJson.Reading reading = ModelJson.read(CODEC, reply);
        if (!reading.ok()) {
            return Verdict.reject(List.of(new Problem(Problem.NOT_JSON, "", Objects.requireNonNull(reading.problem()))));
        }
        if (reading.value() instanceof Map) {
            @SuppressWarnings("unchecked")
            Map<String, Object> object = (Map<String, Object>) reading.value();
            return Verdict.accept(object);
        }
        return Verdict.reject(List.of(new Problem(Problem.NOT_JSON, "",
                "the output must be a single JSON object, found " + JsonCodec.describe(reading.value()))));
    }

    @Override
    public String toString() {
        return "Reasker{maxReasks=" + maxReasks + ", history=" + history + (meter == null ? "" : ", metered") + "}";
    }

    /** Collects a re-asker's settings; not thread-safe. */
    public static final class Builder {
        private int maxReasks = DEFAULT_MAX_REASKS;
        private History history = History.ALL;
        private Correction correction = Correction.standard();
        private @Nullable CallMeter meter;

        private Builder() {
        }

        /**
         * Re-asks after the first reply: 0 to {@value #MAX_REASKS}, {@value #DEFAULT_MAX_REASKS} unless set.
         *
         * @throws ConfigurationException when out of range
         */
        public Builder maxReasks(int maxReasks) {
            if (maxReasks < 0 || maxReasks > MAX_REASKS) {
                throw new ConfigurationException("maxReasks must be from 0 to " + MAX_REASKS + ", not " + maxReasks);
            }
            this.maxReasks = maxReasks;
            return this;
        }

        /** Which rejected replies a re-ask carries; {@link History#ALL} unless set. */
        public Builder history(History history) {
            this.history = Objects.requireNonNull(history, "history");
            return this;
        }

        /** The re-ask's message; {@link Correction#standard()} unless set. */
        public Builder correction(Correction correction) {
            this.correction = Objects.requireNonNull(correction, "correction");
            return this;
        }

        /** Admits and accounts for each call; every call is made unless set. */
        public Builder meter(CallMeter meter) {
            this.meter = Objects.requireNonNull(meter, "meter");
            return this;
        }

        public Reasker build() {
            return new Reasker(this);
        }
    }
}
