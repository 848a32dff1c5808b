package dev.keel.aiservices.internal;

import dev.keel.aiservices.KeelDeniedException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.pipeline.Turn;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One langchain4j chat as a governed call sees it: the conversation in Keel's messages, the user message governance
 * reads (the last one), and the answer's shape when a JSON answer was asked for. It travels from
 * {@link PipelineChatModel} to the pipeline's steps as an attribute of the governed request; {@link #prompt(Turn)}
 * is the reasoning step's prompt. Immutable and thread-safe.
 */
final class ChatExchange {

    /** The governed request's attribute that carries the exchange. */
    static final String ATTRIBUTE = "langchain4j_chat_exchange";

    /**
     * How langchain4j's AI Services start the format instructions they append to the user message for a return
     * type they read from plain text (a decimal number, a date, a time): such a value is all figure or date.
     */
    private static final String TEXT_FORMAT_INSTRUCTIONS = "You must answer strictly in the following format:";

    private static final String JSON_INSTRUCTION = "Answer with exactly one JSON value and nothing around it: no"
            + " Markdown code fence, no prose.";

    private final List<ChatMessage> messages;
    private final String userMessage;
    private final boolean json;
    private final @Nullable AnswerShape shape;
    private final Double temperature;
    private final Integer maxOutputTokens;

    private ChatExchange(List<ChatMessage> messages, String userMessage, boolean json, @Nullable AnswerShape shape,
                         Double temperature, Integer maxOutputTokens) {
        this.messages = List.copyOf(messages);
        this.userMessage = userMessage;
        this.json = json;
        this.shape = shape;
        this.temperature = temperature;
        this.maxOutputTokens = maxOutputTokens;
    }

    /**
     * The exchange of a langchain4j chat request.
     *
     * @throws ConfigurationException when the request asks for tools, or holds a message that is not text
     */
    static ChatExchange of(dev.langchain4j.model.chat.request.ChatRequest request) {
        if (request.toolSpecifications() != null && !request.toolSpecifications().isEmpty()) {
            throw new ConfigurationException("the governed chat model runs no tools: an AI Service with tools would"
                    + " let a model's tool calls and their results bypass governance");
        }
        List<ChatMessage> messages = new ArrayList<>();
        String last = null;
        for (dev.langchain4j.data.message.ChatMessage message : request.messages()) {
            last = null;
            if (message instanceof SystemMessage) {
                messages.add(ChatMessage.system(((SystemMessage) message).text()));
            } else if (message instanceof UserMessage) {
                last = text((UserMessage) message);
                messages.add(ChatMessage.user(last));
            } else if (message instanceof AiMessage && !((AiMessage) message).hasToolExecutionRequests()) {
                String text = ((AiMessage) message).text();
                messages.add(ChatMessage.assistant(text == null ? "" : text));
            } else {
                throw new ConfigurationException("the governed chat model takes system, user and assistant text"
                        + " messages only, not a " + message.type() + " message");
            }
        }
        if (last == null) {
            throw new ConfigurationException("the governed chat model needs the conversation to end with a user"
                    + " message: it is what governance reads");
        }
        dev.langchain4j.model.chat.request.ResponseFormat format = request.responseFormat();
        boolean json = format != null && format.type() == ResponseFormatType.JSON;
        AnswerShape shape = json && format.jsonSchema() != null ? AnswerShape.of(format.jsonSchema()) : null;
        return new ChatExchange(messages, last, json, shape, request.temperature(), request.maxOutputTokens());
    }

    private static String text(UserMessage message) {
        StringBuilder text = new StringBuilder();
        for (Content content : message.contents()) {
            if (!(content instanceof TextContent)) {
                throw new ConfigurationException("the governed chat model takes text only, not " + content.type()
                        + " content: the outbound and egress filters read text");
            }
            text.append(text.length() == 0 ? "" : "\n").append(((TextContent) content).text());
        }
        return text.toString();
    }

    /** The exchange of the turn's request. */
    static ChatExchange of(Turn turn) {
        Object exchange = turn.request().attributes().get(ATTRIBUTE);
        if (!(exchange instanceof ChatExchange)) {
            // The pipeline is the chat model's own, and the chat model attaches the exchange to every request.
            throw new IllegalStateException("the governed request carries no chat exchange");
        }
        return (ChatExchange) exchange;
    }

    /**
     * The reasoning step's prompt for {@code turn}: the evidence, the answer's JSON shape when one is asked for,
     * then the conversation.
     *
     * @throws KeelDeniedException under PARTIAL, before any model is called, when every answer of the asked
     *         shape holds what PARTIAL withholds
     */
    static ChatRequest prompt(Turn turn) {
        return of(turn).request(turn);
    }

    private ChatRequest request(Turn turn) {
        if (turn.decision() == Decision.PARTIAL) {
            List<String> withheld = withheldUnderPartial(turn);
            if (!withheld.isEmpty()) {
                ReasonCodes codes = turn.governance().policyDecision().reasonCodes();
                if (turn.decision() != turn.governance().decision()) {
                    codes = codes.concat(ReasonCodes.of("decision_lowered_by_evidence"));
                }
                throw KeelDeniedException.typedAnswerWithheld(turn.requestId(), turn.decision(), codes, withheld,
                        false);
            }
        }
        ChatRequest.Builder request = ChatRequest.builder();
        List<String> evidence = new ArrayList<>();
        for (EvidenceItem item : turn.evidence().items()) {
            if (!item.text().isBlank()) {
                evidence.add("- " + item.text() + " (source: " + item.locator() + ")");
            }
        }
        if (!evidence.isEmpty()) {
            request.addMessage(ChatMessage.system("Evidence for this answer; use only what it supports:\n"
                    + String.join("\n", evidence)));
        }
        if (json) {
            request.addMessage(ChatMessage.system(shape == null ? JSON_INSTRUCTION : JSON_INSTRUCTION
                    + " It must match this JSON Schema:\n" + JsonCodec.strict().write(shape.toTree())));
            request.responseFormat(ResponseFormat.JSON);
        }
        messages.forEach(request::addMessage);
        if (temperature != null) {
            request.temperature(temperature);
        }
        if (maxOutputTokens != null) {
            request.maxOutputTokens(maxOutputTokens);
        }
        return request.build();
    }

    private List<String> withheldUnderPartial(Turn turn) {
        if (!json) {
            return userMessage.contains(TEXT_FORMAT_INSTRUCTIONS)
                    ? List.of("the return type is read from plain text in a fixed format (a decimal number, a date,"
                            + " a time), all of which PARTIAL withholds")
                    : List.of();
        }
        return shape == null ? List.of() : shape.withheldUnderPartial(turn::filtered);
    }

    /** The last user message: what governance reads. */
    String userMessage() {
        return userMessage;
    }

    /** Whether the answer must be one JSON value. */
    boolean json() {
        return json;
    }

    /**
     * Where {@code answer} departs from one JSON value of the asked shape, and how; empty when it is one (or no
     * JSON was asked for).
     */
    Optional<String> misfit(String answer) {
        if (!json) {
            return Optional.empty();
        }
        ModelJson.Reading reading = ModelJson.read(JsonCodec.strict(), answer);
        if (!reading.ok()) {
            return Optional.of(Objects.requireNonNull(reading.problem()));
        }
        return shape == null ? Optional.empty() : shape.misfit(reading.value());
    }

    /**
     * {@code draft} as the one JSON text the outbound filter reads and the caller parses: written again by the
     * strict codec, so that no figure hides in a JSON escape sequence; the draft as it is when it is not one
     * JSON value (the enforcement step asks for it again) or no JSON was asked for.
     */
    String canonical(String draft) {
        if (!json) {
            return draft;
        }
        ModelJson.Reading reading = ModelJson.read(JsonCodec.strict(), draft);
        return reading.ok() ? JsonCodec.strict().writePretty(reading.value()) : draft;
    }

    @Override
    public String toString() {
        return "ChatExchange{" + messages.size() + " messages, json=" + json + "}";
    }
}
