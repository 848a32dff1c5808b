package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.SessionStore;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The labels of what a conversation said, kept by content, for history that a framework's chat memory replays as
 * plain text (Spring AI's, langchain4j's: they keep a message's text, never Keel's labels). The pipeline keeps them
 * for every turn of a request marked {@link #REPLAYED_HISTORY}: the labels of each part of the user's message, of
 * the whole message, and of the answer, clean ones too, in its {@link SessionStore} under {@value #STATE_KEY}, keyed
 * by the request's session, or its subject when it has none. In a later request so marked, each history message gets
 * the labels kept for its content back; an assistant message whose labels are neither carried nor kept (model output
 * Keel never saw, or whose record is gone) is taken as internal only, the least it may be trusted with, and the turn
 * says so with the reason code {@value #UNKNOWN_HISTORY}. A user's or a system message that nothing is kept for is
 * read afresh by governance, as the user's own message is. History a host builds from earlier answers carries its
 * labels and is not marked: it is governed as given.
 *
 * <p>A message's content is its role and its parts' text with every space left out, so that a memory that trims or
 * re-spaces what it stores still finds it. The same content kept again keeps the join of its labels: it only grows
 * more restrictive. Each conversation keeps the labels of its {@value #KEPT} latest contents; older ones are
 * forgotten, and a forgotten answer replayed is internal only.
 *
 * <p>Not pure: it reads and writes the store. Thread-safe when the store is.
 */
public final class ContentLabels {

    /**
     * The request attribute by which an adapter says that the request's history is what a chat memory replays
     * ({@code attribute(ContentLabels.REPLAYED_HISTORY, Boolean.TRUE)}): labels are kept for its turn and recovered
     * for its history, and model output nothing is known of is internal only.
     */
    public static final String REPLAYED_HISTORY = "keel.replayed_history";

    /** The session state's key under which the labels are kept: a map of content hash to labels. */
    public static final String STATE_KEY = "keel.content_labels";

    /** The reason code of a turn whose replayed history holds model output whose labels are not known. */
    public static final String UNKNOWN_HISTORY = "internal_only_by_unknown_history";

    /** How many contents' labels one conversation keeps. */
    public static final int KEPT = 512;

    /** The labels of model output nothing is known of. */
    private static final Labels UNKNOWN = Labels.NONE.asInternalOnly();

    private final SessionStore store;

    private ContentLabels(SessionStore store) {
        this.store = store;
    }

    /** The labels kept in {@code store}. */
    public static ContentLabels in(SessionStore store) {
        return new ContentLabels(Objects.requireNonNull(store, "store"));
    }

    /** Whether {@code request} is marked {@link #REPLAYED_HISTORY}. */
    public static boolean replayed(GovernedRequest request) {
        return Boolean.TRUE.equals(request.attributes().get(REPLAYED_HISTORY));
    }

    /**
     * The history of {@code request} with the labels kept for it: each message's parts joined with the labels kept
     * for its content; an assistant message that carries no labels and has none kept, internal only. Tool messages
     * are as given (the tool gate labels their results afresh). A request not marked {@link #REPLAYED_HISTORY} keeps
     * its history as given.
     */
    public Replay recover(GovernedRequest request) {
        if (!replayed(request) || request.history().isEmpty()) {
            return new Replay(request.history(), 0, 0);
        }
        Object state = ConversationKeys.of(request).map(found -> store.read(found).get(STATE_KEY)).orElse(null);
        Map<?, ?> kept = state instanceof Map<?, ?> map ? map : Map.of();
        List<ChatMessage> history = new ArrayList<>(request.history().size());
        int recovered = 0;
        int unknown = 0;
        for (ChatMessage message : request.history()) {
            if (message.role() == ChatRole.TOOL) {
                history.add(message);
                continue;
            }
            Object found = kept.get(hash(message));
            if (found != null) {
                Labels labels = fromWire(found);
                history.add(message.mapParts(part -> part.withLabels(part.labels().join(labels))));
                recovered++;
            } else if (message.role() == ChatRole.ASSISTANT && message.labels().equals(Labels.NONE)) {
                history.add(message.mapParts(part -> part.withLabels(UNKNOWN)));
                unknown++;
            } else {
                history.add(message);
            }
        }
        return new Replay(history, recovered, unknown);
    }

    /**
     * Keeps the labels of {@code answer}'s turn when {@code request} is marked {@link #REPLAYED_HISTORY} and has a
     * session or a subject: each part of the user's message, the whole message, and the answer as the caller's memory
     * stores it (its text, with its tool calls when it asks for some).
     */
    public void keep(GovernedRequest request, GovernedAnswer answer) {
        Optional<String> key = ConversationKeys.of(request);
        if (!replayed(request) || key.isEmpty()) {
            return;
        }
        Map<String, Labels> turn = new LinkedHashMap<>();
        ChatMessage user = answer.userMessage();
        for (Part part : user.parts()) {
            turn.merge(hash(new ChatMessage(ChatRole.USER, List.of(part))), part.labels(), Labels::join);
        }
        turn.merge(hash(user), user.labels(), Labels::join);
        ChatMessage said = answer.outcome() == TurnOutcome.TOOL_CALLS
                ? ChatMessage.toolCalls(answer.text(), answer.toolCalls()) : ChatMessage.assistant(answer.text());
        turn.merge(hash(said), answer.labels(), Labels::join);
        store.update(key.get(), state -> {
            Map<String, Object> labels = new LinkedHashMap<>();
            if (state.get(STATE_KEY) instanceof Map<?, ?> before) {
                before.forEach((hash, value) -> labels.put(String.valueOf(hash), value));
            }
            turn.forEach((hash, value) -> {
                // Kept again, it moves to the end: the latest are the last forgotten.
                Object before = labels.remove(hash);
                labels.put(hash, toWire(before == null ? value : fromWire(before).join(value)));
            });
            Iterator<String> oldest = labels.keySet().iterator();
            for (int beyond = labels.size() - KEPT; beyond > 0; beyond--) {
                oldest.next();
                oldest.remove();
            }
            Map<String, Object> changed = new LinkedHashMap<>(state);
            changed.put(STATE_KEY, labels);
            return changed;
        });
    }

    /**
     * The hash a message's labels are kept under: SHA-256 over its role and its parts' text, spaces left out; two
     * messages of one role that say the same words share it.
     */
    static String hash(ChatMessage message) {
        return ConversationKeys.hash(List.of(message));
    }

    /**
     * {@code labels} as a plain value: {@code {"domains": [...], "internal_only": true|false, "decision": "ALLOW"|
     * "PARTIAL"|"DENY"|null}}, as the store keeps them and an adapter may carry them on a framework's message.
     */
    public static Map<String, Object> toWire(Labels labels) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("domains", List.copyOf(labels.domains()));
        wire.put("internal_only", labels.internalOnly());
        wire.put("decision", labels.assessed().map(Decision::wireName).orElse(null));
        return wire;
    }

    /**
     * The labels a plain value written by {@link #toWire} holds. A value that cannot be read is internal only: what
     * is not understood is not let out.
     */
    public static Labels fromWire(@Nullable Object value) {
        if (!(value instanceof Map<?, ?> wire) || !(wire.get("domains") instanceof List<?> list)
                || !(wire.get("internal_only") instanceof Boolean internalOnly)) {
            return UNKNOWN;
        }
        Set<String> domains = new TreeSet<>();
        for (Object domain : list) {
            if (!(domain instanceof String name)) {
                return UNKNOWN;
            }
            domains.add(name);
        }
        Object decision = wire.get("decision");
        if (decision == null) {
            return new Labels(domains, internalOnly, null);
        }
        Optional<Decision> parsed = decision instanceof String name ? Decision.parse(name) : Optional.empty();
        return parsed.map(read -> new Labels(domains, internalOnly, read)).orElseGet(() -> new Labels(domains, true,
                null));
    }

    /**
     * A request's history with the labels kept for it.
     *
     * @param history   the history, each message labelled with what was carried and what was kept
     * @param recovered how many messages had labels kept for their content
     * @param unknown   how many assistant messages nothing was known of, now internal only
     */
    public record Replay(List<ChatMessage> history, int recovered, int unknown) {
        public Replay {
            history = List.copyOf(history);
        }
    }

    @Override
    public String toString() {
        return "ContentLabels{" + store + "}";
    }
}
