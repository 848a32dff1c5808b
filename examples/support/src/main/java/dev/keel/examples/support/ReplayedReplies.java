package dev.keel.examples.support;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.rules.RuleSteps;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for the shop's model that replays recorded replies instead of writing any: before each turn the player
 * loads the replies recorded for it ({@link #load(ShippedTurn)}), and each request takes the next reply recorded for
 * its purpose. A request with no recorded reply left gets a fixed text that says no model wrote it (and, for the
 * judge, a verdict that says nothing was judged). Thread-safe; one conversation at a time.
 */
public final class ReplayedReplies implements LlmBackend {

    /** The backend id the replies report. */
    public static final String ID = "replayed_replies";
    /** What a generation request with no recorded reply gets. */
    public static final String UNRECORDED = "(No model is configured and no reply was recorded for this message: "
            + "set OLLAMA_HOST to have a model answer.)";
    private static final String UNRECORDED_VERDICT = "{\"verdict\": \"pass\", \"violated\": [], \"reason\": "
            + "\"replayed: no model judged this answer\"}";

    private final Map<String, Deque<String>> queued = new HashMap<>();

    /** Replaces the replies left with the ones recorded for {@code turn}. */
    public synchronized void load(ShippedTurn turn) {
        queued.clear();
        turn.replies().forEach((purpose, texts) -> queued.put(purpose, new ArrayDeque<>(texts)));
    }

    /** Forgets the replies left: the next requests get the fixed texts. */
    public synchronized void clear() {
        queued.clear();
    }

    @Override
    public synchronized ChatReply chat(ChatRequest request) {
        String purpose = request.purpose().orElse("");
        Deque<String> replies = queued.getOrDefault(purpose, new ArrayDeque<>());
        String text = !replies.isEmpty() ? replies.poll()
                : purpose.equals(RuleSteps.JUDGE_PURPOSE) ? UNRECORDED_VERDICT : UNRECORDED;
        return ChatReply.builder().text(text).backendId(ID).build();
    }

    @Override
    public String id() {
        return ID;
    }

    /** How many recorded replies are left unused, by purpose. */
    public synchronized Map<String, Integer> left() {
        Map<String, Integer> left = new HashMap<>();
        queued.forEach((purpose, replies) -> left.put(purpose, replies.size()));
        return left;
    }

    @Override
    public String toString() {
        return "ReplayedReplies" + List.copyOf(queued.keySet());
    }
}
