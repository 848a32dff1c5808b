package dev.keel.spring.ai;

import dev.keel.core.ConfigurationException;
import dev.keel.core.KeelException;
import dev.keel.core.Principal;
import dev.keel.core.spi.StreamHandle;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.KeelDeniedException;
import io.micrometer.observation.Observation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.ChatModelCallAdvisor;
import org.springframework.ai.chat.client.advisor.ChatModelStreamAdvisor;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.BaseChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.scheduler.Schedulers;

/**
 * {@link KeelAdvisor}: each ChatClient call is one {@link Pipeline#call}, each stream one {@link Pipeline#stream}, of
 * the prompt as a labelled conversation ({@link PromptConversation}) for the principal and subject of the call. The
 * chain is not passed on: the pipeline's backends are the only way to a model (see {@link KeelAdvisor}). A stream runs
 * on Reactor's bounded-elastic scheduler, under the observation of the ChatClient's stream when its Reactor context
 * carries one, and hands each chunk on one chunk late, so that a denial's text never reaches the caller as a chunk
 * and the last chunk carries the provenance. Thread-safe when the pipeline and the suppliers are.
 */
final class PipelineAdvisor implements KeelAdvisor {

    /**
     * The request context key {@link CallerAdvisor} sets once it asked the suppliers where the chain started: the
     * principal and subject are then the context's or none, never the suppliers' answer on this thread.
     */
    static final String CALLER = "keel.caller_resolved";

    /** The Reactor context key under which a ChatClient's stream carries its observation (Micrometer's). */
    private static final String OBSERVATION_KEY = "micrometer.observation";

    private final Pipeline pipeline;
    private final Supplier<@Nullable Principal> principal;
    private final Supplier<@Nullable String> subject;
    private final @Nullable String refusal;
    private final int order;

    public PipelineAdvisor(Pipeline pipeline, Supplier<@Nullable Principal> principal,
                           Supplier<@Nullable String> subject, @Nullable String refusal, int order) {
        this.pipeline = pipeline;
        this.principal = principal;
        this.subject = subject;
        this.refusal = refusal;
        this.order = order;
    }

    @Override
    public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
        requireLast(chain.getCallAdvisors());
        GovernedAnswer answer = pipeline.call(governed(request));
        return response(request, answer, text(answer));
    }

    @Override
    public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
        GovernedRequest governed;
        try {
            requireLast(chain.getStreamAdvisors());
            // On the subscribing thread, where the host's principal is known.
            governed = governed(request);
        } catch (RuntimeException refused) {
            return Flux.error(refused);
        }
        return Flux.deferContextual(context -> {
            Observation parent = context.getOrDefault(OBSERVATION_KEY, null);
            return Flux.<ChatClientResponse>create(emitter -> stream(request, governed, parent, emitter))
                    .subscribeOn(Schedulers.boundedElastic());
        });
    }

    private void stream(ChatClientRequest request, GovernedRequest governed, @Nullable Observation parent,
                        FluxSink<ChatClientResponse> emitter) {
        StreamHandle handle = StreamHandle.create();
        emitter.onDispose(handle::cancel);
        AnswerSink sink = new AnswerSink() {
            private @Nullable String pending;

            @Override
            public void chunk(String text) {
                if (pending != null) {
                    emitter.next(chunkResponse(request, pending));
                }
                pending = text;
            }

            @Override
            public void complete(GovernedAnswer answer) {
                String last;
                try {
                    last = answer.outcome() == TurnOutcome.DENIED ? text(answer) : pending == null ? "" : pending;
                } catch (KeelDeniedException denied) {
                    emitter.error(denied);
                    return;
                }
                emitter.next(response(request, answer, last));
                emitter.complete();
            }

            @Override
            public void fail(KeelException failure) {
                emitter.error(failure);
            }
        };
        Observation.Scope scope = parent == null ? null : parent.openScope();
        try {
            pipeline.stream(governed, sink, handle);
        } catch (RuntimeException failure) {
            emitter.error(failure);
        } finally {
            if (scope != null) {
                scope.close();
            }
        }
    }

    /**
     * Refuses a chain in which an advisor would run after Keel's (it would change or send what Keel governed), or a
     * chat memory advisor other than Spring AI's {@code MessageChatMemoryAdvisor}: the others write the conversation
     * into the system text, where the model's earlier answers cannot be told from the host's instructions.
     */
    private <A extends Advisor> void requireLast(List<A> advisors) {
        for (Advisor advisor : advisors) {
            if (advisor != this && advisor.getOrder() > order && !(advisor instanceof ChatModelCallAdvisor)
                    && !(advisor instanceof ChatModelStreamAdvisor)) {
                throw new ConfigurationException("the advisor '" + advisor.getName() + "' is ordered after Keel's ("
                        + advisor.getOrder() + " > " + order + "): it would never run, since Keel's advisor calls the"
                        + " model through the governed call; order it before Keel's");
            }
            if (advisor instanceof BaseChatMemoryAdvisor && !(advisor instanceof MessageChatMemoryAdvisor)) {
                throw new ConfigurationException("the chat memory advisor '" + advisor.getName() + "' writes the"
                        + " conversation into the system text, where Keel cannot tell the model's earlier answers from"
                        + " the host's instructions; use MessageChatMemoryAdvisor, which replays them as messages");
            }
        }
    }

    private GovernedRequest governed(ChatClientRequest request) {
        Map<String, Object> context = request.context();
        PromptConversation conversation = PromptConversation.of(request.prompt(), context, refusal);
        boolean resolved = Boolean.TRUE.equals(context.get(CALLER));
        Principal who = context.get(PRINCIPAL) instanceof Principal given ? given
                : resolved ? null : principal.get();
        String subjectId = context.get(SUBJECT) instanceof String given ? given : resolved ? null : subject.get();
        // The history is what a chat memory replayed, text alone: the pipeline labels it by content.
        GovernedRequest.Builder governed = GovernedRequest.builder().principal(who)
                .history(conversation.history()).message(conversation.userParts())
                .attribute(ContentLabels.REPLAYED_HISTORY, Boolean.TRUE);
        if (subjectId != null) {
            governed.subject(subjectId);
        }
        if (context.get(ChatMemory.CONVERSATION_ID) instanceof String conversationId && !conversationId.isBlank()) {
            governed.sessionId(conversationId);
        }
        return governed.build();
    }

    /**
     * The text the caller gets: the answer's, or for a denial the configured refusal.
     *
     * @throws KeelDeniedException for a denial when no refusal is configured
     */
    private String text(GovernedAnswer answer) {
        if (answer.outcome() != TurnOutcome.DENIED) {
            return answer.text();
        }
        if (refusal != null) {
            return refusal;
        }
        throw KeelDeniedException.denied(answer);
    }

    private static ChatClientResponse chunkResponse(ChatClientRequest request, String text) {
        return ChatClientResponse.builder()
                .chatResponse(ChatResponse.builder().generations(List.of(new Generation(new AssistantMessage(text))))
                        .build())
                .context(new HashMap<>(request.context())).build();
    }

    private static ChatClientResponse response(ChatClientRequest request, GovernedAnswer answer, String text) {
        Map<String, Object> provenance = answer.provenance().toWire();
        long input = 0;
        long output = 0;
        String model = null;
        for (BackendCall call : answer.calls()) {
            input += call.usage().inputTokens();
            output += call.usage().outputTokens();
            model = call.used();
        }
        ChatResponseMetadata.Builder metadata = ChatResponseMetadata.builder().id(answer.requestId())
                .usage(new DefaultUsage(clamp(input), clamp(output))).keyValue(PROVENANCE, provenance);
        if (model != null) {
            metadata.model(model);
        }
        Generation generation = new Generation(new AssistantMessage(text), ChatGenerationMetadata.builder()
                .finishReason(answer.outcome() == TurnOutcome.DENIED ? "DENIED" : "STOP").build());
        Map<String, Object> context = new HashMap<>(request.context());
        context.put(PROVENANCE, provenance);
        return ChatClientResponse.builder()
                .chatResponse(ChatResponse.builder().generations(List.of(generation)).metadata(metadata.build())
                        .build())
                .context(context).build();
    }

    private static int clamp(long tokens) {
        return (int) Math.min(Integer.MAX_VALUE, tokens);
    }

    @Override
    public Advisor caller() {
        return new CallerAdvisor(principal, subject);
    }

    @Override
    public String getName() {
        return "KeelAdvisor";
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    public String toString() {
        return "KeelAdvisor{" + pipeline + "}";
    }
}
