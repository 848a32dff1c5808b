package dev.keel.aiservices.internal;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.aiservices.KeelDeniedException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.BackendCall;
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
import java.util.LinkedHashMap;
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
 * in the next chat. The answer, filtered once by the pipeline, is the only text returned, with its labels as the {@code keel.labels} attribute; the labels
 * of the user's message and of the answer are also kept in the label store under the session (or the subject), so
 * that the next chat gives them back to the history even when the chat memory kept only text. It declares JSON
 * Schema support, so that AI Services pass a typed return's shape as data rather than as prose appended to the user
 * message. Thread-safe when the pipeline, the suppliers and the store are.
 */
public final class PipelineChatModel implements GovernedChatModel {

    private final Pipeline pipeline;
    private final Supplier<@Nullable Principal> principal;
    private final Supplier<@Nullable String> subject;
    private final Supplier<@Nullable String> session;
    private final ContentLabels labels;

    public PipelineChatModel(Pipeline pipeline, Supplier<@Nullable Principal> principal,
                             Supplier<@Nullable String> subject, Supplier<@Nullable String> session,
                             SessionStore labelStore) {
        this.pipeline = pipeline;
        this.principal = principal;
        this.subject = subject;
        this.session = session;
        this.labels = new ContentLabels(labelStore);
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
        // Labels are kept per conversation: the session's, else the user's.
        String labelKey = sessionId != null ? "session:" + sessionId : subjectId != null ? "subject:" + subjectId
                : null;
        ChatExchange exchange = ChatExchange.of(request, (role, texts) -> labelKey == null ? Labels.NONE
                : labels.find(labelKey, role, texts));
        GovernedRequest.Builder governed = GovernedRequest.builder().principal(principal.get())
                .history(exchange.history()).message(exchange.userParts())
                .tools(exchange.tools()).toolExchange(exchange.toolExchange())
                .attribute(ChatExchange.ATTRIBUTE, exchange);
        if (subjectId != null) {
            governed.subject(subjectId);
        }
        if (sessionId != null) {
            governed.sessionId(sessionId);
        }
        return new GovernedChat(governed.build(), exchange, labelKey);
    }

    /** One chat as the pipeline governs it: its request, the exchange, and where its labels are kept. */
    final class GovernedChat {
        private final GovernedRequest request;
        private final ChatExchange exchange;
        private final @Nullable String labelKey;

        private GovernedChat(GovernedRequest request, ChatExchange exchange, @Nullable String labelKey) {
            this.request = request;
            this.exchange = exchange;
            this.labelKey = labelKey;
        }

        GovernedRequest request() {
            return request;
        }

        /**
         * The chat's response for the pipeline's {@code answer}: the filtered text with its labels; the labels kept.
         *
         * @throws KeelDeniedException when the chat was denied, or a typed answer is withheld
         */
        ChatResponse respond(GovernedAnswer answer) {
            if (labelKey != null) {
                Map<String, Labels> kept = new LinkedHashMap<>();
                kept.put(ContentLabels.hash(ChatRole.USER, ContentLabels.texts(exchange.userParts())),
                        answer.userMessage().labels());
                if (answer.outcome() != TurnOutcome.DENIED && answer.outcome() != TurnOutcome.TOOL_CALLS) {
                    kept.put(ContentLabels.hash(ChatRole.ASSISTANT, List.of(answer.text())), answer.labels());
                }
                labels.keep(labelKey, kept);
            }
            if (answer.outcome() == TurnOutcome.DENIED) {
                throw KeelDeniedException.denied(answer.requestId(), answer.provenance().reasonCodes(),
                        answer.text());
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
                .attributes(Map.of(LABELS_ATTRIBUTE, ContentLabels.write(answer.labels())));
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
            throw KeelDeniedException.typedAnswerWithheld(answer.requestId(), answer.decision(),
                    answer.provenance().reasonCodes(), List.of("the turn ended as " + answer.outcome().wireName()
                            + ", not with an answer"), !answer.calls().isEmpty());
        }
        if (answer.value(ChatReasoning.SHAPED).isEmpty()) {
            throw new ConfigurationException("a typed return needs the pipeline's reasoning step to be"
                    + " GovernedChatModel.reasoning(): no other reasoning asks for the type's JSON shape and keeps to it");
        }
        Optional<String> misfit = exchange.misfit(answer.text());
        if (misfit.isPresent()) {
            throw KeelDeniedException.typedAnswerWithheld(answer.requestId(), answer.decision(),
                    answer.provenance().reasonCodes(), List.of("the outbound filter's redactions changed the"
                            + " answer's JSON structure (" + misfit.get() + ")"), true);
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
