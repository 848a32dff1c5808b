package dev.keel.examples.services;

import dev.keel.core.spi.SessionStore;
import dev.keel.stage.StageRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The earlier answered turns of a session, for {@code chat_context_summary}: one item per turn, the last
 * {@value StageRequest#MAX_CONTEXT_SUMMARY_ITEMS} kept, each at most {@value #MAX_WORDS} words (the service, its
 * agency, and the start of the question). They are kept in the assistant's session store beside the session's
 * {@code cached_state}, under the session id with {@value #SUFFIX} appended, so that {@code cached_state} holds only
 * the stages' slices. Thread-safe as the store is.
 */
final class ChatContext {

    /** Appended to a session id: where the session's earlier turns are kept. */
    static final String SUFFIX = "#chat_context";
    /** The most words of one item. */
    static final int MAX_WORDS = 20;

    private final SessionStore store;

    ChatContext(SessionStore store) {
        this.store = store;
    }

    /** One earlier turn: the service it was answered with, that service's agency, and its summary line. */
    record Item(String service, String agency, String summary) {
    }

    /** The session's earlier answered turns, oldest first. */
    List<Item> read(String sessionId) {
        List<Item> items = new ArrayList<>();
        if (store.read(sessionId + SUFFIX).get("turns") instanceof List<?> turns) {
            for (Object turn : turns) {
                if (turn instanceof Map<?, ?> item && item.get("service") instanceof String service
                        && item.get("agency") instanceof String agency && item.get("summary") instanceof String summary) {
                    items.add(new Item(service, agency, summary));
                }
            }
        }
        return items;
    }

    /** Records a turn answered with {@code service} (a key of {@code catalogue}). */
    void append(String sessionId, Catalogue catalogue, String service, String question) {
        Service entry = catalogue.service(service).orElseThrow();
        Agency agency = catalogue.agencyOf(service).orElseThrow();
        List<String> words = new ArrayList<>(List.of((entry.name() + " (" + service + ") at " + agency.name()
                + "; asked:").split("\\s+")));
        for (String word : question.strip().split("\\s+")) {
            if (words.size() >= MAX_WORDS) {
                break;
            }
            words.add(word);
        }
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("service", service);
        item.put("agency", agency.id());
        item.put("summary", String.join(" ", words.subList(0, Math.min(words.size(), MAX_WORDS))));
        store.update(sessionId + SUFFIX, state -> {
            List<Object> turns = new ArrayList<>(state.get("turns") instanceof List<?> kept ? kept : List.of());
            turns.add(item);
            while (turns.size() > StageRequest.MAX_CONTEXT_SUMMARY_ITEMS) {
                turns.remove(0);
            }
            Map<String, Object> next = new LinkedHashMap<>(state);
            next.put("turns", turns);
            return next;
        });
    }
}
