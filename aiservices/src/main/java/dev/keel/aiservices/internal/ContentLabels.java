package dev.keel.aiservices.internal;

import dev.keel.core.Decision;
import dev.keel.core.content.Labels;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.SessionStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The labels of the messages a governed chat model governed, kept in a {@link SessionStore} under
 * {@value #STATE_KEY}, keyed by a hash of each message's role and text, so that a chat memory that kept only the
 * text gets them back. Identical content seen again keeps the join of its labels: it only grows more restrictive.
 * Also reads and writes labels as the plain value an {@code AiMessage} attribute carries. Thread-safe when the
 * store is.
 */
final class ContentLabels {

    /** The session state's key under which the labels are kept: a map of content hash to labels. */
    static final String STATE_KEY = "keel.content_labels";

    private final SessionStore store;

    ContentLabels(SessionStore store) {
        this.store = store;
    }

    /** The labels kept for {@code role} and {@code texts} in {@code session}; {@link Labels#NONE} when none are. */
    Labels find(String session, ChatRole role, List<String> texts) {
        Object kept = store.read(session).get(STATE_KEY);
        if (!(kept instanceof Map<?, ?> labels)) {
            return Labels.NONE;
        }
        Object found = labels.get(hash(role, texts));
        return found == null ? Labels.NONE : read(found);
    }

    /** Keeps {@code labels} for each content hash of {@code byHash} in {@code session}, joined with what was kept. */
    void keep(String session, Map<String, Labels> byHash) {
        if (byHash.isEmpty()) {
            return;
        }
        store.update(session, state -> {
            Map<String, Object> labels = new LinkedHashMap<>();
            if (state.get(STATE_KEY) instanceof Map<?, ?> kept) {
                kept.forEach((hash, value) -> labels.put(String.valueOf(hash), value));
            }
            byHash.forEach((hash, value) -> {
                Object before = labels.get(hash);
                labels.put(hash, write(before == null ? value : read(before).join(value)));
            });
            Map<String, Object> changed = new LinkedHashMap<>(state);
            changed.put(STATE_KEY, labels);
            return changed;
        });
    }

    /**
     * The hash a message's labels are kept under: SHA-256 over its role and its text parts, in order, each
     * delimited, so that no two different messages share one.
     */
    static String hash(ChatRole role, List<String> texts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(role.name().getBytes(StandardCharsets.UTF_8));
            for (String text : texts) {
                byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                digest.update((byte) 0);
                digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
                digest.update((byte) 0);
                digest.update(bytes);
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** {@code labels} as a plain value: {@code {"domains": [...], "internal_only": ..., "decision": ...}}. */
    static Map<String, Object> write(Labels labels) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("domains", List.copyOf(labels.domains()));
        wire.put("internal_only", labels.internalOnly());
        wire.put("decision", labels.assessed().map(Decision::wireName).orElse(null));
        return wire;
    }

    /**
     * The labels a plain value written by {@link #write} holds. A value that cannot be read is taken as internal
     * only: what is not understood is not let out.
     */
    static Labels read(@Nullable Object value) {
        if (!(value instanceof Map<?, ?> wire) || !(wire.get("domains") instanceof List<?> list)
                || !(wire.get("internal_only") instanceof Boolean internalOnly)) {
            return Labels.NONE.asInternalOnly();
        }
        Set<String> domains = new HashSet<>();
        for (Object domain : list) {
            if (!(domain instanceof String name)) {
                return Labels.NONE.asInternalOnly();
            }
            domains.add(name);
        }
        Object decision = wire.get("decision");
        if (decision == null) {
            return new Labels(domains, internalOnly, null);
        }
        return decision instanceof String name ? Decision.parse(name)
                .map(parsed -> new Labels(domains, internalOnly, parsed))
                .orElseGet(() -> new Labels(domains, true, null)) : new Labels(domains, true, null);
    }

    /** The texts of {@code parts} as the hash reads them. */
    static List<String> texts(List<? extends dev.keel.core.content.Part> parts) {
        List<String> texts = new ArrayList<>(parts.size());
        parts.forEach(part -> texts.add(part.rendered()));
        return texts;
    }
}
