package dev.keel.aiservices;

import dev.keel.pipeline.KeelDeniedException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Part;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.ToolSpec;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.Tools;
import dev.keel.pipeline.Turn;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One langchain4j chat as a governed call sees it: the conversation as labelled messages (the history, each message
 * with the labels it was governed under when they are known, and the user's message as parts), and the answer's
 * shape when a JSON answer was asked for. It travels from {@link PipelineChatModel} to {@link ChatReasoning} as an
 * attribute of the governed request. Immutable and thread-safe.
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

    private final List<ChatMessage> history;
    private final List<Part> userParts;
    private final List<ChatMessage> toolExchange;
    private final List<ToolSpec> tools;
    private final boolean json;
    private final @Nullable AnswerShape shape;
    private final @Nullable Double temperature;
    private final @Nullable Integer maxOutputTokens;

    private ChatExchange(List<ChatMessage> history, List<Part> userParts, List<ChatMessage> toolExchange,
                         List<ToolSpec> tools, boolean json, @Nullable AnswerShape shape, @Nullable Double temperature,
                         @Nullable Integer maxOutputTokens) {
        this.history = List.copyOf(history);
        this.userParts = List.copyOf(userParts);
        this.toolExchange = List.copyOf(toolExchange);
        this.tools = List.copyOf(tools);
        this.json = json;
        this.shape = shape;
        this.temperature = temperature;
        this.maxOutputTokens = maxOutputTokens;
    }

    /**
     * The exchange of a langchain4j chat request: the last user message is the user's message, one text part per
     * text content; every message before it becomes a history message (an AI message's text is Markdown, its tool
     * execution requests tool calls, a tool execution result a tool result), an AI message labelled with the labels
     * its {@code keel.labels} attribute carries, every other message unlabelled (the pipeline gives each the labels it
     * kept for its content, {@link ContentLabels}); the AI messages of tool execution requests and their results
     * after it are the turn's tool exchange, whose results the pipeline's tool gate labels. The tool specifications
     * are the tools the caller (AI Services) runs.
     *
     * @throws ConfigurationException when the request holds a message that is not text, has no user message, or
     *         holds anything but tool calls and their results after the last one
     */
    static ChatExchange of(dev.langchain4j.model.chat.request.ChatRequest request) {
        List<ToolSpec> tools = new ArrayList<>();
        if (request.toolSpecifications() != null) {
            request.toolSpecifications().forEach(spec -> tools.add(toolSpec(spec)));
        }
        List<dev.langchain4j.data.message.ChatMessage> messages = request.messages();
        int last = messages.size() - 1;
        while (last >= 0 && !(messages.get(last) instanceof UserMessage)) {
            last--;
        }
        if (last < 0) {
            throw new ConfigurationException("the governed chat model needs the conversation to end with a user"
                    + " message, or with the model's tool calls and their results after one: the user message is the"
                    + " message governed");
        }
        List<ChatMessage> history = new ArrayList<>(last);
        for (dev.langchain4j.data.message.ChatMessage message : messages.subList(0, last)) {
            history.add(historyMessage(message));
        }
        List<ChatMessage> exchange = new ArrayList<>(messages.size() - last - 1);
        for (dev.langchain4j.data.message.ChatMessage message : messages.subList(last + 1, messages.size())) {
            if (!(message instanceof ToolExecutionResultMessage)
                    && !(message instanceof AiMessage ai && ai.hasToolExecutionRequests())) {
                throw new ConfigurationException("the governed chat model needs the conversation to end with a user"
                        + " message, or with the model's tool calls and their results after one, not a "
                        + message.type() + " message");
            }
            exchange.add(toolMessage(message).orElseThrow());
        }
        dev.langchain4j.model.chat.request.ResponseFormat format = request.responseFormat();
        boolean json = format != null && format.type() == ResponseFormatType.JSON;
        AnswerShape shape = json && format.jsonSchema() != null ? AnswerShape.of(format.jsonSchema()) : null;
        return new ChatExchange(history, parts((UserMessage) messages.get(last)), exchange, tools, json, shape,
                request.temperature(), request.maxOutputTokens());
    }

    /** A tool as langchain4j specifies it, as Keel's: the parameters' JSON Schema as a plain tree. */
    private static ToolSpec toolSpec(ToolSpecification spec) {
        Map<String, Object> json = JsonCodec.strict().parseObject(spec.toJson());
        Object parameters = json.get("parameters");
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = parameters instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
        return new ToolSpec(spec.name(), spec.description() == null ? "" : spec.description(), schema);
    }

    /**
     * An AI message of tool execution requests as the model's message of tool calls (its arguments read as a JSON
     * object), a tool execution result as a tool message of the result's text; empty for any other message.
     */
    private static Optional<ChatMessage> toolMessage(dev.langchain4j.data.message.ChatMessage message) {
        if (message instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
            List<Part.ToolCall> calls = new ArrayList<>();
            for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                String arguments = request.arguments();
                calls.add(Part.ToolCall.of(request.id() == null ? request.name() : request.id(), request.name(),
                        arguments == null || arguments.isBlank() ? Map.of()
                                : JsonBudget.readObject(arguments)));
            }
            return Optional.of(ChatMessage.toolCalls(ai.text() == null ? "" : ai.text(), calls));
        }
        if (message instanceof ToolExecutionResultMessage result) {
            return Optional.of(ChatMessage.toolResult(Part.ToolResult.of(result.id() == null ? result.toolName()
                    : result.id(), result.toolName(), result.text())));
        }
        return Optional.empty();
    }

    private static ChatMessage historyMessage(dev.langchain4j.data.message.ChatMessage message) {
        if (message instanceof SystemMessage system) {
            return ChatMessage.system(system.text());
        }
        if (message instanceof UserMessage user) {
            return new ChatMessage(ChatRole.USER, parts(user));
        }
        Optional<ChatMessage> tool = toolMessage(message);
        if (tool.isPresent()) {
            // A result of an earlier turn is labelled by the tool gate afresh; the calls are the model's text.
            return tool.get();
        }
        if (message instanceof AiMessage ai) {
            Object carried = ai.attributes().get(GovernedChatModel.LABELS_ATTRIBUTE);
            Part text = Part.markdown(ai.text() == null ? "" : ai.text());
            return ChatMessage.of(ChatRole.ASSISTANT, carried == null ? text
                    : text.withLabels(ContentLabels.fromWire(carried)));
        }
        throw new ConfigurationException("the governed chat model takes system, user, assistant and tool messages"
                + " only, not a " + message.type() + " message");
    }

    private static List<Part> parts(UserMessage message) {
        List<Part> parts = new ArrayList<>(message.contents().size());
        for (Content content : message.contents()) {
            if (!(content instanceof TextContent text)) {
                throw new ConfigurationException("the governed chat model takes text only, not " + content.type()
                        + " content: the outbound and egress filters read text");
            }
            parts.add(Part.text(text.text()));
        }
        if (parts.isEmpty()) {
            throw new ConfigurationException("the governed chat model needs a user message with text");
        }
        return parts;
    }

    /** The exchange the governed chat model attached to the turn's request; empty for another host's request. */
    static Optional<ChatExchange> of(Turn turn) {
        Object exchange = turn.request().attributes().get(ATTRIBUTE);
        return exchange instanceof ChatExchange chat ? Optional.of(chat) : Optional.empty();
    }

    /** The earlier messages, labelled as far as they are known. */
    List<ChatMessage> history() {
        return history;
    }

    /** The user's message: its text parts, unlabelled (it is governed in this turn). */
    List<Part> userParts() {
        return userParts;
    }

    /** The model's tool calls and their results after the user's message, oldest first; empty for none. */
    List<ChatMessage> toolExchange() {
        return toolExchange;
    }

    /** The tools the request offers the model, which AI Services runs: every call passes the tool gate first. */
    Tools tools() {
        if (tools.isEmpty()) {
            return Tools.none();
        }
        Tools.Builder offered = Tools.builder();
        tools.forEach(offered::runByCaller);
        return offered.build();
    }

    /**
     * The request for {@code turn}: the evidence, the answer's JSON shape when one is asked for, then the conversation
     * as the turn may send it ({@link Turn#conversation()}: the history without what was denied, the tool exchange
     * with every result labelled by the tool gate, every part labelled), offering the request's tools.
     *
     * @throws KeelDeniedException under PARTIAL, before any model is called, when every answer of the asked
     *         shape holds what PARTIAL withholds
     */
    ChatRequest prompt(Turn turn) {
        if (turn.decision() == Decision.PARTIAL) {
            List<String> withheld = withheldUnderPartial(turn);
            if (!withheld.isEmpty()) {
                ReasonCodes codes = turn.governance().policyDecision().reasonCodes();
                if (turn.decision() != turn.governance().decision()) {
                    codes = codes.concat(ReasonCodes.of(turn.evidence().isEmpty() ? "decision_lowered_by_history"
                            : "decision_lowered_by_evidence"));
                }
                throw KeelDeniedException.typedAnswerWithheld(turn.requestId(), turn.decision(), codes, withheld,
                        false);
            }
        }
        ChatRequest.Builder request = ChatRequest.builder();
        // The evidence is data, not instructions: one JSON part of values the egress filter reads one by one,
        // labelled with the turn's labels (its domains include the evidence's).
        List<Map<String, Object>> evidence = new ArrayList<>();
        for (EvidenceItem item : turn.evidence().items()) {
            if (!item.text().isBlank()) {
                Map<String, Object> element = new LinkedHashMap<>();
                element.put("text", item.text());
                element.put("source", item.locator().toString());
                evidence.add(element);
            }
        }
        if (!evidence.isEmpty()) {
            request.addMessage(ChatMessage.of(ChatRole.SYSTEM,
                    Part.text("Evidence for this answer, as a JSON list; use only what it supports:"),
                    Part.json(evidence).withLabels(turn.labels())));
        }
        if (json) {
            request.addMessage(ChatMessage.system(shape == null ? JSON_INSTRUCTION : JSON_INSTRUCTION
                    + " It must match this JSON Schema:\n" + JsonCodec.strict().write(shape.toTree())));
            request.responseFormat(ResponseFormat.JSON);
        }
        turn.conversation().forEach(request::addMessage);
        request.tools(turn.request().tools().specs());
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
            return userParts.stream().anyMatch(part -> part.rendered().contains(TEXT_FORMAT_INSTRUCTIONS))
                    ? List.of("the return type is read from plain text in a fixed format (a decimal number, a date,"
                            + " a time), all of which PARTIAL withholds")
                    : List.of();
        }
        return shape == null ? List.of() : shape.withheldUnderPartial(turn::filtered);
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
     * JSON value or no JSON was asked for.
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
        return "ChatExchange{" + history.size() + " history messages, json=" + json + "}";
    }
}
