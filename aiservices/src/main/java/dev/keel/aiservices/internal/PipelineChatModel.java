package dev.keel.aiservices.internal;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.aiservices.KeelDeniedException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@link GovernedChatModel}: each chat is one {@link Pipeline#call}, whose reasoning step sends the conversation
 * to the backend routing chose ({@link ChatExchange#prompt}) and whose answer, filtered once, is the only text
 * returned. It declares JSON Schema support, so that AI Services pass a typed return's shape as data rather than
 * as prose appended to the user message. Thread-safe when the backends and the principal supplier are.
 */
public final class PipelineChatModel implements GovernedChatModel {

    private final Pipeline pipeline;
    private final Supplier<Principal> principal;

    public PipelineChatModel(PolicyDocument policy, Backends backends, RoutingTable routing, EvidenceProvider evidence,
                             AuditSink auditSink, Supplier<Principal> principal) {
        JsonAnswerStep json = new JsonAnswerStep();
        this.pipeline = Pipeline.builder().policy(policy).routing(routing).backends(backends).evidence(evidence)
                .reasoning(SingleCallReasoning.of(ChatExchange::prompt)).composer(json).enforcement(json)
                .auditSink(auditSink).build();
        this.principal = principal;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        ChatExchange exchange = ChatExchange.of(request);
        GovernedAnswer answer = pipeline.call(GovernedRequest.builder().principal(principal.get())
                .message(exchange.userMessage()).attribute(ChatExchange.ATTRIBUTE, exchange).build());
        if (answer.outcome() == TurnOutcome.DENIED) {
            throw KeelDeniedException.denied(answer.requestId(), answer.provenance().reasonCodes(), answer.text());
        }
        if (exchange.json()) {
            if (answer.outcome() == TurnOutcome.REFUSED) {
                String backend = lastUsed(answer).orElse("none");
                throw new NonRetriableBackendException(backend, "backend '" + backend + "' answered twice without"
                        + " one JSON value of the asked shape", null);
            }
            Optional<String> misfit = exchange.misfit(answer.text());
            if (misfit.isPresent()) {
                throw KeelDeniedException.typedAnswerWithheld(answer.requestId(), answer.decision(),
                        answer.provenance().reasonCodes(), List.of("the outbound filter's redactions changed the"
                                + " answer's JSON structure (" + misfit.get() + ")"), true);
            }
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
                .aiMessage(AiMessage.from(answer.text()))
                .tokenUsage(new TokenUsage(clamp(input), clamp(output)))
                .finishReason(FinishReason.STOP)
                .build();
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
