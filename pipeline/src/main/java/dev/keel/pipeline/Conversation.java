package dev.keel.pipeline;

import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The conversation of one request as governance reads it and the turn may send it: the history without the parts
 * denied so far, then the user's message, then the tool exchange of the turn so far (the model's calls of tools the
 * caller runs and their results). Governance reads the history and the user's message; the tool gate labels the
 * results. Each step that drops or labels parts makes a new one, counting what it dropped. Immutable and thread-safe.
 */
final class Conversation {

    private final List<ChatMessage> history;
    private final ChatMessage userMessage;
    private final List<ChatMessage> exchange;
    private final int dropped;

    private Conversation(List<ChatMessage> history, ChatMessage userMessage, List<ChatMessage> exchange,
                         int dropped) {
        this.history = List.copyOf(history);
        this.userMessage = userMessage;
        this.exchange = List.copyOf(exchange);
        this.dropped = dropped;
    }

    /**
     * The conversation of {@code history}, {@code userMessage} and the tool {@code exchange} after it, without the
     * history's parts labelled DENY.
     */
    static Conversation of(List<ChatMessage> history, ChatMessage userMessage, List<ChatMessage> exchange) {
        return new Conversation(history, userMessage, exchange, 0).without(Labels::denied);
    }

    /**
     * This conversation with each tool result replaced, in order: the history's (earlier turns') by what
     * {@code ofHistory} makes of it, the exchange's (this turn's) by what {@code ofTurn} makes of it.
     */
    Conversation withToolResults(UnaryOperator<Part.ToolResult> ofHistory, UnaryOperator<Part.ToolResult> ofTurn) {
        return new Conversation(history.stream().map(message -> message.mapParts(results(ofHistory))).toList(),
                userMessage, exchange.stream().map(message -> message.mapParts(results(ofTurn))).toList(), dropped);
    }

    private static UnaryOperator<Part> results(UnaryOperator<Part.ToolResult> labelled) {
        return part -> part instanceof Part.ToolResult result ? labelled.apply(result) : part;
    }

    /** How many rounds of tool calls the exchange holds: the model's messages asking for calls. */
    int toolRounds() {
        return (int) exchange.stream().filter(message -> message.role() == ChatRole.ASSISTANT).count();
    }

    /**
     * This conversation without the history's parts whose labels {@code denied} accepts; a message left with no part
     * is dropped whole.
     */
    Conversation without(Predicate<Labels> denied) {
        List<ChatMessage> kept = new ArrayList<>(history.size());
        int droppedNow = 0;
        for (ChatMessage message : history) {
            List<Part> parts = new ArrayList<>(message.parts().size());
            for (Part part : message.parts()) {
                if (denied.test(part.labels())) {
                    droppedNow++;
                } else {
                    parts.add(part);
                }
            }
            if (parts.size() == message.parts().size()) {
                kept.add(message);
            } else if (!parts.isEmpty()) {
                kept.add(new ChatMessage(message.role(), parts));
            }
        }
        return droppedNow == 0 ? this : new Conversation(kept, userMessage, exchange, dropped + droppedNow);
    }

    /** How many parts of the history were dropped as denied. */
    int dropped() {
        return dropped;
    }

    /** The history's parts' labels joined: what earlier turns knew of what is replayed. */
    Labels historyLabels() {
        return Labels.joinAll(history.stream().map(ChatMessage::labels).toList());
    }

    /** The labels the host gave the parts of the user's message (retrieved documents, for one), joined. */
    Labels messageLabels() {
        return userMessage.labels();
    }

    /**
     * Every message's text, the history's then the user's: what governance reads. The tool exchange is not read
     * here, where its text could move governance's fallback domain and so raise the decision: each result is read on
     * its own by the tool loop (its tool's domains and the domains and markings of its content), which only lowers.
     */
    String text() {
        if (history.isEmpty()) {
            return userMessage.text();
        }
        StringBuilder text = new StringBuilder();
        for (ChatMessage message : history) {
            text.append(message.text()).append("\n\n");
        }
        return text.append(userMessage.text()).toString();
    }

    /** The user's message with each part's labels joined with {@code turn}'s. */
    ChatMessage userMessage(Labels turn) {
        return userMessage.mapParts(part -> part.withLabels(part.labels().join(turn)));
    }

    /** The messages as the turn may send them, each part's labels joined with {@code turn}'s. */
    List<ChatMessage> messages(Labels turn) {
        List<ChatMessage> messages = new ArrayList<>(history.size() + 1 + exchange.size());
        for (ChatMessage message : history) {
            messages.add(message.mapParts(part -> part.withLabels(part.labels().join(turn))));
        }
        messages.add(userMessage(turn));
        for (ChatMessage message : exchange) {
            messages.add(message.mapParts(part -> part.withLabels(part.labels().join(turn))));
        }
        return messages;
    }

    int historySize() {
        return history.size();
    }
}
