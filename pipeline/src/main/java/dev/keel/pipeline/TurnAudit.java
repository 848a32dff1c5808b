package dev.keel.pipeline;

import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.SessionStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * One audit record per turn, however many requests the turn takes ({@code docs/governed-call.md}, "One record per
 * turn"). A turn is a user's message and every model round it takes: a request whose round ends by handing calls of tools the caller
 * runs to the caller (outcome {@code tool_calls}) writes no record; its payload waits as the turn's <b>pending</b>
 * record until the caller's next request of the turn (the same user message, and a tool exchange that holds those
 * calls) merges it with its own ({@link TurnPayloads}) and writes one record, or keeps the merge waiting when it hands
 * over more calls. The record carries the request id of the turn's last round and {@code rounds}, the request id of
 * each round, oldest first.
 *
 * <p>A pending record waits in the pipeline's session store, in the state of the request's conversation (its
 * session, else its subject) under {@value #STATE_KEY}, keyed by the hash of the user message, so that the next
 * request still finds it when another node or a restarted process receives it; a request with neither session nor
 * subject keeps it in memory, keyed by the hash of its history and user message. It is never lost: it is written
 * alone, its payload marked {@code incomplete_turn} with why, when
 * <ul>
 *   <li>{@code next_turn}: a request that does not continue it is recorded for its session, or for its user message
 *       in the same conversation;</li>
 *   <li>{@code evicted}: a conversation holds more than {@value #PER_CONVERSATION} pending turns (its oldest), or this
 *       pipeline left pending turns in more than {@value #CONVERSATIONS} conversations (the least recently used);</li>
 *   <li>{@code closed}: the pipeline is closed ({@link #close}), for the turns this pipeline left pending.</li>
 * </ul>
 *
 * <p>Thread-safe: which conversations this pipeline left pending turns in is guarded by this object; each conversation's
 * pending turns change in one atomic update of its store, so two requests never both take one.
 */
final class TurnAudit {

    /** The key of a conversation's session state under which its pending turns wait: hash of the user message to turn. */
    static final String STATE_KEY = Pipeline.SESSION_PENDING_TURNS;
    /** How many conversations this pipeline keeps pending turns of at most. */
    static final int CONVERSATIONS = 1024;
    /** How many pending turns one conversation holds at most. */
    static final int PER_CONVERSATION = 16;

    private static final String REQUEST_ID = "request_id";
    private static final String AWAITED = "awaited";
    private static final String PAYLOAD = "payload";
    /** The prefix of the key of a conversation known by its content alone, kept in memory. */
    private static final String BY_CONTENT = "content:";

    private final AuditSink sink;
    private final SessionStore store;
    private final Clock clock;
    /** The pending turns of conversations with neither session nor subject; an entry leaves once it holds none. */
    private final Map<String, Map<String, Object>> byContent = new ConcurrentHashMap<>();
    /** The conversations this pipeline left pending turns in, least recently used first: the request ids of those. */
    private final LinkedHashMap<String, Set<String>> left = new LinkedHashMap<>(16, 0.75f, true);

    TurnAudit(AuditSink sink, SessionStore store, Clock clock) {
        this.sink = sink;
        this.store = store;
        this.clock = clock;
    }

    /**
     * Records the round of {@code request} (request id {@code requestId}) whose payload is {@code payload}: written
     * as its turn's record, merged with the turn's pending one when it continues it, or kept pending when the round
     * hands {@code handedOver}, calls of tools the caller runs, to the caller.
     *
     * @throws dev.keel.core.BackendException when the audit sink or the session store fails
     */
    void record(GovernedRequest request, String requestId, Map<String, Object> payload,
                List<Part.ToolCall> handedOver) {
        Map<String, Object> round = new LinkedHashMap<>(payload);
        round.put("rounds", List.of(requestId));
        boolean continues = !request.toolExchange().isEmpty();
        boolean hands = !handedOver.isEmpty();
        Optional<String> named = ConversationKeys.of(request);
        if (named.isEmpty() && !continues && !hands) {
            write(requestId, round);
            return;
        }
        String conversation = named.orElseGet(() -> BY_CONTENT + ConversationKeys.hash(historyAndMessage(request)));
        SessionStore where = storeOf(conversation);
        if (!hands && where.read(conversation).get(STATE_KEY) == null) {
            write(requestId, round);
            return;
        }
        Taken taken = new Taken();
        String turn = ConversationKeys.hash(List.of(request.userMessage()));
        Set<String> answered = callIds(request.toolExchange());
        boolean session = request.sessionId().isPresent();
        where.update(conversation, state -> {
            taken.clear();
            Map<String, Object> pending = pendingOf(state);
            for (Iterator<Map.Entry<String, Object>> each = pending.entrySet().iterator(); each.hasNext(); ) {
                Map.Entry<String, Object> entry = each.next();
                Map<String, Object> waiting = plain(entry.getValue());
                boolean thisTurn = entry.getKey().equals(turn);
                if (thisTurn && continues && answered.containsAll(strings(waiting.get(AWAITED)))) {
                    taken.continued = waiting;
                } else if (thisTurn || session) {
                    taken.superseded.add(waiting);
                } else {
                    continue;
                }
                each.remove();
            }
            taken.merged = taken.continued == null ? round : TurnPayloads.merge(plain(taken.continued.get(PAYLOAD)),
                    round);
            if (hands) {
                Map<String, Object> waiting = new LinkedHashMap<>();
                waiting.put(REQUEST_ID, requestId);
                waiting.put(AWAITED, handedOver.stream().map(Part.ToolCall::id).toList());
                waiting.put(PAYLOAD, taken.merged);
                pending.put(turn, waiting);
                for (Iterator<Object> oldest = pending.values().iterator(); pending.size() > PER_CONVERSATION; ) {
                    taken.evicted.add(plain(oldest.next()));
                    oldest.remove();
                }
            }
            return withPending(state, pending);
        });
        List<Map<String, Object>> gone = new ArrayList<>(taken.superseded);
        gone.addAll(taken.evicted);
        if (taken.continued != null) {
            gone.add(taken.continued);
        }
        Map<String, Set<String>> evictedConversations = track(conversation, gone, hands ? requestId : null);
        taken.superseded.forEach(waiting -> writeAlone(waiting, "next_turn"));
        taken.evicted.forEach(waiting -> writeAlone(waiting, "evicted"));
        if (!hands) {
            write(requestId, taken.merged);
        }
        evictedConversations.forEach((evicted, ids) -> flush(evicted, ids, "evicted"));
    }

    /** Writes alone every turn this pipeline left pending, as {@code closed}. */
    void close() {
        Map<String, Set<String>> all;
        synchronized (this) {
            all = new LinkedHashMap<>(left);
            left.clear();
        }
        all.forEach((conversation, ids) -> flush(conversation, ids, "closed"));
    }

    /** What one update of a conversation took from its pending turns, and the payload of the round's turn. */
    private static final class Taken {
        @Nullable Map<String, Object> continued;
        final List<Map<String, Object>> superseded = new ArrayList<>();
        final List<Map<String, Object>> evicted = new ArrayList<>();
        Map<String, Object> merged = Map.of();

        /** An update may run its change again: each run starts afresh. */
        void clear() {
            continued = null;
            superseded.clear();
            evicted.clear();
        }
    }

    /**
     * Forgets the pending turns {@code gone} of {@code conversation}, notes the round {@code kept} when it left one,
     * and returns the conversations that fell out of the table, with the request ids of what they wait for.
     */
    private synchronized Map<String, Set<String>> track(String conversation, Collection<Map<String, Object>> gone,
                                                        @Nullable String kept) {
        Set<String> ids = left.get(conversation);
        if (ids != null) {
            gone.forEach(waiting -> ids.remove(String.valueOf(waiting.get(REQUEST_ID))));
            if (ids.isEmpty() && kept == null) {
                left.remove(conversation);
            }
        }
        Map<String, Set<String>> evicted = new LinkedHashMap<>();
        if (kept == null) {
            return evicted;
        }
        left.computeIfAbsent(conversation, key -> new HashSet<>()).add(kept);
        for (Iterator<Map.Entry<String, Set<String>>> oldest = left.entrySet().iterator();
             left.size() > CONVERSATIONS; ) {
            Map.Entry<String, Set<String>> entry = oldest.next();
            evicted.put(entry.getKey(), entry.getValue());
            oldest.remove();
        }
        return evicted;
    }

    /** Takes the pending turns of {@code conversation} whose last round is one of {@code ids}, and writes each alone. */
    private void flush(String conversation, Set<String> ids, String why) {
        List<Map<String, Object>> taken = new ArrayList<>();
        storeOf(conversation).update(conversation, state -> {
            taken.clear();
            Map<String, Object> pending = pendingOf(state);
            pending.values().removeIf(value -> {
                Map<String, Object> waiting = plain(value);
                boolean ours = ids.contains(String.valueOf(waiting.get(REQUEST_ID)));
                if (ours) {
                    taken.add(waiting);
                }
                return ours;
            });
            return withPending(state, pending);
        });
        taken.forEach(waiting -> writeAlone(waiting, why));
    }

    private void writeAlone(Map<String, Object> waiting, String why) {
        Map<String, Object> payload = plain(waiting.get(PAYLOAD));
        payload.put("incomplete_turn", why);
        write(String.valueOf(waiting.get(REQUEST_ID)), payload);
    }

    private void write(String requestId, Map<String, Object> payload) {
        sink.append(AuditRecord.builder().requestId(requestId).recordedAt(clock.instant()).kind(Pipeline.AUDIT_KIND)
                .payload(payload).build());
    }

    /** The store of {@code conversation}'s pending turns: the session store, or memory for one known by content. */
    private SessionStore storeOf(String conversation) {
        return conversation.startsWith(BY_CONTENT) ? this::updateByContent : store;
    }

    private Map<String, Object> updateByContent(String conversation, UnaryOperator<Map<String, Object>> change) {
        Map<String, Object> state = byContent.compute(conversation, (key, before) -> {
            Map<String, Object> after = change.apply(before == null ? Map.of() : before);
            return after.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(after));
        });
        return state == null ? Map.of() : state;
    }

    private static List<ChatMessage> historyAndMessage(GovernedRequest request) {
        List<ChatMessage> messages = new ArrayList<>(request.history());
        messages.add(request.userMessage());
        return messages;
    }

    /** The ids of the calls the exchange's model messages asked for. */
    private static Set<String> callIds(List<ChatMessage> exchange) {
        Set<String> ids = new HashSet<>();
        exchange.forEach(message -> message.parts().stream().filter(Part.ToolCall.class::isInstance)
                .map(part -> ((Part.ToolCall) part).id()).forEach(ids::add));
        return ids;
    }

    private static Map<String, Object> pendingOf(Map<String, Object> state) {
        return plain(state.get(STATE_KEY));
    }

    private static Map<String, Object> withPending(Map<String, Object> state, Map<String, Object> pending) {
        Map<String, Object> changed = new LinkedHashMap<>(state);
        if (pending.isEmpty()) {
            changed.remove(STATE_KEY);
        } else {
            changed.put(STATE_KEY, pending);
        }
        return changed;
    }

    private static Map<String, Object> plain(@Nullable Object value) {
        Map<String, Object> plain = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, each) -> plain.put(String.valueOf(key), each));
        }
        return plain;
    }

    private static List<String> strings(@Nullable Object value) {
        return value instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
    }

    @Override
    public String toString() {
        return "TurnAudit{" + store + "}";
    }
}
