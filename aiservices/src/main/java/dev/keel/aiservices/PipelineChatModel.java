package dev.keel.aiservices;

import dev.keel.pipeline.KeelDeniedException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * {@link GovernedChatModel}: each chat is one {@link Pipeline#call} of the conversation as labelled messages
 * ({@link ChatExchange}), for the principal, subject and session the host's suppliers give. The request's tool
 * specifications are tools AI Services runs: a call of one the tool gate allows is returned as a tool execution
 * request (the arguments as the gate lets them leave), and the results AI Services sends back are labelled by the gate
 * in the next chat. The answer, filtered once by the pipeline, is the only text returned, with its labels as the
 * {@code keel.labels} attribute. Each request is marked as a chat memory's replay ({@link ContentLabels}), so the
 * pipeline keeps the labels of the user's message and of the answer in its session store under the session (or the
 * subject), and gives them back to the history of the next chat even when the chat memory kept only text. It
 * declares JSON Schema support, so that AI Services pass a typed return's shape as data rather than as prose appended
 * to the user message. Thread-safe when the pipeline and the suppliers are.
 */
final class PipelineChatModel implements GovernedChatModel {

    private final Pipeline pipeline;
    private final Supplier<@Nullable Principal> principal;
    private final Supplier<@Nullable String> subject;
    private final Supplier<@Nullable String> session;

    public PipelineChatModel(Pipeline pipeline, Supplier<@Nullable Principal> principal,
                             Supplier<@Nullable String> subject, Supplier<@Nullable String> session) {
        this.pipeline = pipeline;
        this.principal = principal;
        this.subject = subject;
        this.session = session;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        GovernedChat chat = governed(request);
        return chat.respond(pipeline.call(chat.request()));
    }

    /**
     * The pipeline's request for {@code request}, for the principal, subject and session the suppliers give now (on
     * the calling thread), with what answering it needs.
     */
    GovernedChat governed(ChatRequest request) {
        String sessionId = session.get();
        String subjectId = subject.get();
        ChatExchange exchange = ChatExchange.of(request);
        // The history is what the chat memory kept, often text alone: the pipeline labels it by content.
        GovernedRequest.Builder governed = GovernedRequest.builder().principal(principal.get())
                .history(exchange.history()).message(exchange.userParts())
                .tools(exchange.tools()).toolExchange(exchange.toolExchange())
                .attribute(ChatExchange.ATTRIBUTE, exchange).attribute(ContentLabels.REPLAYED_HISTORY, Boolean.TRUE);
        if (subjectId != null) {
            governed.subject(subjectId);
        }
        if (sessionId != null) {
            governed.sessionId(sessionId);
        }
        return new GovernedChat(governed.build(), exchange);
    }

    /** One chat as the pipeline governs it: its request and the exchange. */
    static final class GovernedChat {
        private final GovernedRequest request;
        private final ChatExchange exchange;

        private GovernedChat(GovernedRequest request, ChatExchange exchange) {
            this.request = request;
            this.exchange = exchange;
        }

        GovernedRequest request() {
            return request;
        }

        /**
         * The chat's response for the pipeline's {@code answer}: the filtered text with its labels.
         *
         * @throws KeelDeniedException when the chat was denied, or a typed answer is withheld
         */
        ChatResponse respond(GovernedAnswer answer) {
            if (answer.outcome() == TurnOutcome.DENIED) {
                throw KeelDeniedException.denied(answer);
            }
            boolean toolCalls = answer.outcome() == TurnOutcome.TOOL_CALLS;
            if (exchange.json() && !toolCalls) {
                checkTyped(exchange, answer);
            }
            long input = 0;
            long output = 0;
            for (BackendCall call : answer.calls()) {
                input += call.usage().inputTokens();
                output += call.usage().outputTokens();
            }
            return ChatResponse.builder()
                    .id(answer.requestId())
                    .modelName(lastUsed(answer).orElse(null))
                    .aiMessage(aiMessage(answer))
                    .tokenUsage(new TokenUsage(clamp(input), clamp(output)))
                    .finishReason(toolCalls ? FinishReason.TOOL_EXECUTION : FinishReason.STOP)
                    .build();
        }
    }

    /**
     * The answer as an AI message with its labels: its text, and when the turn ends with calls of the tools AI
     * Services runs, those calls with the arguments as the tool gate lets them leave (no text when the model wrote
     * none).
     */
    private static AiMessage aiMessage(GovernedAnswer answer) {
        AiMessage.Builder message = AiMessage.builder()
                .attributes(Map.of(LABELS_ATTRIBUTE, ContentLabels.toWire(answer.labels())));
        if (answer.toolCalls().isEmpty()) {
            return message.text(answer.text()).build();
        }
        List<ToolExecutionRequest> requests = new ArrayList<>(answer.toolCalls().size());
        for (Part.ToolCall call : answer.toolCalls()) {
            requests.add(ToolExecutionRequest.builder().id(call.id()).name(call.name())
                    .arguments(JsonCodec.strict().write(call.arguments())).build());
        }
        return message.text(answer.text().isEmpty() ? null : answer.text()).toolExecutionRequests(requests).build();
    }

    /** A typed answer is returned only as one JSON value of the asked shape, after the outbound filter too. */
    private static void checkTyped(ChatExchange exchange, GovernedAnswer answer) {
        if (answer.outcome() != TurnOutcome.ANSWERED) {
            throw KeelDeniedException.typedAnswerWithheld(answer, List.of("the turn ended as "
                    + answer.outcome().wireName() + ", not with an answer"));
        }
        if (answer.value(ChatReasoning.SHAPED).isEmpty()) {
            throw new ConfigurationException("a typed return needs the pipeline's reasoning step to be"
                    + " GovernedChatModel.reasoning(): no other reasoning asks for the type's JSON shape and keeps to it");
        }
        Optional<String> misfit = exchange.misfit(answer.text());
        if (misfit.isPresent()) {
            throw KeelDeniedException.typedAnswerWithheld(answer, List.of("the outbound filter's redactions"
                    + " changed the answer's JSON structure (" + misfit.get() + ")"));
        }
    }

    private static Optional<String> lastUsed(GovernedAnswer answer) {
        return answer.calls().isEmpty() ? Optional.empty()
                : Optional.of(answer.calls().get(answer.calls().size() - 1).used());
    }

    private static int clamp(long tokens) {
        return (int) Math.min(Integer.MAX_VALUE, tokens);
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }

    @Override
    public String toString() {
        return "GovernedChatModel{" + pipeline + "}";
    }
}
