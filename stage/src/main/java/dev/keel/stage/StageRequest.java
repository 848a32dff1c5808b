package dev.keel.stage;

import dev.keel.core.InvalidInputException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One turn for a {@link StageRuntime}: the session, the slot values the stages' prompts carry, and a
 * {@link SlotResolver} for slots that depend on earlier stages.
 *
 * <p>Immutable and thread-safe (slot values are kept as given: pass plain, unmodified JSON values); the builder is
 * not thread-safe.
 */
public final class StageRequest {

    /** The most items {@code chat_context_summary} may hold ({@code docs/stage-runtime.md}). */
    public static final int MAX_CONTEXT_SUMMARY_ITEMS = 20;

    private final @Nullable String sessionId;
    private final @Nullable String requestId;
    private final Map<String, Object> slots;
    private final SlotResolver slotResolver;

    private StageRequest(Builder b) {
        this.sessionId = b.sessionId;
        this.requestId = b.requestId;
        this.slots = Collections.unmodifiableMap(new LinkedHashMap<>(b.slots));
        this.slotResolver = b.slotResolver;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The session to continue; when empty, the runtime starts a new one with an id from its id source. */
    public Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    /** The host's id for this turn (the run id, sent as each model call's request id); else one is made. */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    /** The slot values given directly, by slot name. */
    public Map<String, Object> slots() {
        return slots;
    }

    public SlotResolver slotResolver() {
        return slotResolver;
    }

    /** Collects a request; not thread-safe. */
    public static final class Builder {
        private @Nullable String sessionId;
        private @Nullable String requestId;
        private final Map<String, Object> slots = new LinkedHashMap<>();
        private SlotResolver slotResolver = SlotResolver.none();

        private Builder() {
        }

        /** The session to continue; a new one unless set. */
        public Builder sessionId(@Nullable String sessionId) {
            this.sessionId = sessionId;
            return this;
        }

        /** The host's id for this turn; one is made unless set. */
        public Builder requestId(@Nullable String requestId) {
            this.requestId = requestId;
            return this;
        }

        /** The latest user utterance ({@code user_prompt}). */
        public Builder userPrompt(String text) {
            return slot(InputSlot.USER_PROMPT, Objects.requireNonNull(text, "text"));
        }

        /** A summary of earlier turns ({@code chat_context_summary}), at most 20 items. */
        public Builder chatContextSummary(List<String> items) {
            return slot(InputSlot.CHAT_CONTEXT_SUMMARY, List.copyOf(items));
        }

        /** An external instruction injected by offline tooling ({@code runtime_directive}). */
        public Builder runtimeDirective(String text) {
            return slot(InputSlot.RUNTIME_DIRECTIVE, Objects.requireNonNull(text, "text"));
        }

        /**
         * Any slot's value, as a plain JSON value.
         *
         * @throws InvalidInputException for {@code cached_state}, which the runtime fills from the session store
         */
        public Builder slot(String name, Object value) {
            if (InputSlot.CACHED_STATE.equals(name)) {
                throw new InvalidInputException("/cached_state: the runtime fills this slot from the session store");
            }
            slots.put(Objects.requireNonNull(name, "name"), value);
            return this;
        }

        public Builder slotResolver(SlotResolver slotResolver) {
            this.slotResolver = Objects.requireNonNull(slotResolver, "slotResolver");
            return this;
        }

        /** @throws InvalidInputException when {@code chat_context_summary} has more than 20 items */
        public StageRequest build() {
            Object summary = slots.get(InputSlot.CHAT_CONTEXT_SUMMARY);
            if (summary instanceof List && ((List<?>) summary).size() > MAX_CONTEXT_SUMMARY_ITEMS) {
                throw new InvalidInputException("/chat_context_summary: at most " + MAX_CONTEXT_SUMMARY_ITEMS
                        + " items, found " + ((List<?>) summary).size());
            }
            return new StageRequest(this);
        }
    }
}
