package dev.keel.spring.ai;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.client.ChatClientAttributes;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.content.MediaContent;
import org.springframework.ai.document.Document;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A Spring AI prompt as the governed call's conversation: every message before the last user message is a history
 * message of one part (an assistant's text is Markdown), unlabelled: what a chat memory replays, which the pipeline
 * labels by content ({@code ContentLabels}); the advisor's own refusal, the answer of a denied call, is labelled
 * DENY, so it is not replayed. The user message is parts. The documents a retrieval advisor wrote into the user message are cut out of its text where they
 * stand, each a part of its own labelled from its metadata, the text around them parts of their own; nothing is
 * joined, so the parts rendered are the user message as the advisor wrote it. A document whose text is not found
 * verbatim (a custom formatter) gives its labels to every part of the user message instead, so its internal-only mark
 * is never lost. A structured-output call's format instructions are one more part. Pure; immutable.
 *
 * @param history     the messages before the user message, oldest first
 * @param userParts   the user message's parts
 */
record PromptConversation(List<ChatMessage> history, List<Part> userParts) {

    /** The labels of the advisor's refusal in the history: the answer of a denied call, which is not replayed. */
    private static final Labels REFUSED = Labels.of(Set.of(), false, Decision.DENY);

    PromptConversation {
        history = List.copyOf(history);
        userParts = List.copyOf(userParts);
    }

    /**
     * The conversation of {@code prompt}, with the documents and format instructions of the request {@code context};
     * {@code refusal} is the advisor's answer to a denied call, if it has one.
     *
     * @throws ConfigurationException when the prompt has tools, media or tool messages, or ends with no user message
     */
    static PromptConversation of(Prompt prompt, Map<String, Object> context, @Nullable String refusal) {
        refuseTools(prompt.getOptions());
        List<Message> messages = prompt.getInstructions();
        if (messages.isEmpty() || !(messages.get(messages.size() - 1) instanceof UserMessage user)) {
            throw new ConfigurationException("a governed ChatClient call needs the prompt to end with a user"
                    + " message: it is the message governed");
        }
        List<ChatMessage> history = new ArrayList<>(messages.size() - 1);
        for (Message message : messages.subList(0, messages.size() - 1)) {
            history.add(historyMessage(message, refusal));
        }
        refuseMedia(user);
        List<Part> parts = userParts(text(user), documents(context.get(KeelAdvisor.DOCUMENT_CONTEXT)));
        if (context.get(ChatClientAttributes.OUTPUT_FORMAT.getKey()) instanceof String format && !format.isBlank()) {
            parts.add(Part.text(format));
        }
        return new PromptConversation(history, parts);
    }

    private static void refuseTools(@Nullable ChatOptions options) {
        if (options instanceof ToolCallingChatOptions tools && (!tools.getToolCallbacks().isEmpty()
                || !tools.getToolNames().isEmpty())) {
            throw new ConfigurationException("a governed ChatClient call runs no tools: a model's tool calls and"
                    + " their results would bypass governance");
        }
    }

    private static ChatMessage historyMessage(Message message, @Nullable String refusal) {
        refuseMedia(message);
        return switch (message.getMessageType()) {
            case SYSTEM -> new ChatMessage(ChatRole.SYSTEM, List.of(Part.text(text(message))));
            case USER -> new ChatMessage(ChatRole.USER, List.of(Part.text(text(message))));
            case ASSISTANT -> {
                if (((AssistantMessage) message).hasToolCalls()) {
                    throw new ConfigurationException("a governed ChatClient call takes no tool calls in its history");
                }
                Part said = Part.markdown(text(message));
                yield ChatMessage.of(ChatRole.ASSISTANT, text(message).equals(refusal) ? said.withLabels(REFUSED)
                        : said);
            }
            case TOOL -> throw new ConfigurationException("a governed ChatClient call takes system, user and"
                    + " assistant messages only, not a tool message");
        };
    }

    private static void refuseMedia(Message message) {
        if (message instanceof MediaContent media && !media.getMedia().isEmpty()) {
            throw new ConfigurationException("a governed ChatClient call takes text only, not media: the outbound"
                    + " and egress filters read text");
        }
    }

    private static String text(Message message) {
        String text = message.getText();
        return text == null ? "" : text;
    }

    private static List<Document> documents(@Nullable Object documents) {
        List<Document> found = new ArrayList<>();
        if (documents instanceof Collection<?> each) {
            for (Object document : each) {
                if (document instanceof Document doc && doc.isText() && doc.getText() != null
                        && !doc.getText().isEmpty()) {
                    found.add(doc);
                }
            }
        }
        return found;
    }

    /** The user's text cut at each document, in order; parts of text around them; a mutable list. */
    private static List<Part> userParts(String text, List<Document> documents) {
        List<Part> parts = new ArrayList<>();
        Labels unplaced = Labels.NONE;
        int from = 0;
        for (Document document : documents) {
            String body = document.getText();
            int at = text.indexOf(body, from);
            if (at < 0) {
                unplaced = unplaced.join(labels(document));
                continue;
            }
            if (at > from && !text.substring(from, at).isBlank()) {
                parts.add(Part.text(text.substring(from, at)));
            }
            parts.add(Part.text(body).withLabels(labels(document)));
            from = at + body.length();
        }
        if ((from < text.length() && !text.substring(from).isBlank()) || parts.isEmpty()) {
            parts.add(Part.text(text.substring(from)));
        }
        if (!unplaced.equals(Labels.NONE)) {
            Labels carried = unplaced;
            parts.replaceAll(part -> part.withLabels(part.labels().join(carried)));
        }
        return parts;
    }

    /** A document's labels from its metadata: its domains and its internal-only mark; not yet assessed. */
    static Labels labels(Document document) {
        Map<String, Object> metadata = document.getMetadata();
        Set<String> domains = new TreeSet<>();
        Object given = metadata.get(KeelAdvisor.DOMAINS_METADATA);
        if (given instanceof Collection<?> many) {
            many.forEach(domain -> domains.add(String.valueOf(domain)));
        } else if (given != null) {
            domains.add(String.valueOf(given));
        }
        boolean internalOnly = Boolean.parseBoolean(String.valueOf(metadata.get(KeelAdvisor.INTERNAL_ONLY_METADATA)));
        return domains.isEmpty() && !internalOnly ? Labels.NONE : new Labels(domains, internalOnly, null);
    }
}
