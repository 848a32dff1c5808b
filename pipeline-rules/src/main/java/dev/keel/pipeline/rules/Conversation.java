package dev.keel.pipeline.rules;

import dev.keel.core.spi.SessionStore;
import dev.keel.rules.Position;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A conversation's state as a turn sees it once hydrated: its session, the turn's number in it, where it is, the
 * session's variables (short-term entities) and the customer's profile (long-term). Kept in a {@link SessionStore}:
 * the session under its id, in the member {@value #SLICE} (other members are left alone), the profile under
 * {@code profile:<customer id>}, in the member {@value #PROFILE}. Immutable and thread-safe.
 *
 * @param sessionId the session
 * @param turn      the turn's number in the session, from 1
 * @param position  where the conversation is
 * @param variables the session's variables, plain JSON values
 * @param profile   the customer's profile fields, plain JSON values
 */
record Conversation(String sessionId, long turn, Position position, Map<String, Object> variables,
                    Map<String, Object> profile) {

    /** The member of a session's state that is the conversation's. */
    static final String SLICE = "rules";
    /** The member of a profile's state that holds its fields. */
    static final String PROFILE = "profile";

    Conversation {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        profile = Collections.unmodifiableMap(new LinkedHashMap<>(profile));
    }

    /** The variables a tool or a rule sees: the profile's fields, then the session's (which win). */
    Map<String, Object> arguments() {
        Map<String, Object> all = new LinkedHashMap<>(profile);
        all.putAll(variables);
        return all;
    }

    /** The key of a customer's profile in the session store. */
    static String profileKey(String customerId) {
        return "profile:" + customerId;
    }

    /** {@code state} with the conversation's member changed by {@code change}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> withSlice(Map<String, Object> state, UnaryOperator<Map<String, Object>> change) {
        Map<String, Object> next = new LinkedHashMap<>(state);
        Object slice = state.get(SLICE);
        next.put(SLICE, change.apply(slice instanceof Map ? new LinkedHashMap<>((Map<String, Object>) slice)
                : new LinkedHashMap<>()));
        return next;
    }

    /** The conversation's member of a session's state; empty when there is none. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> slice(Map<String, Object> state) {
        Object slice = state.get(SLICE);
        return slice instanceof Map ? (Map<String, Object>) slice : Map.of();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(@Nullable Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }
}
