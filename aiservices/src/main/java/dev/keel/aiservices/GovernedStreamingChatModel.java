package dev.keel.aiservices;

import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.langchain4j.model.chat.StreamingChatModel;

/**
 * A langchain4j {@link StreamingChatModel} that is a governed call: every chat is one streamed call of a Keel
 * {@link Pipeline} ({@link Pipeline#stream}), governed exactly as {@link GovernedChatModel} governs it (the same
 * conversation as labelled messages, the same principal, subject and session, the labels kept by the pipeline):
 *
 * <pre>{@code
 * StreamingChatModel governed = GovernedStreamingChatModel.builder(pipeline)
 *         .principal(currentUser::principal)
 *         .session(currentUser::conversationId)
 *         .buildStreaming();
 * interface Assistant { TokenStream chat(String message); }
 * Assistant assistant = AiServices.builder(Assistant.class).streamingChatModel(governed)
 *         .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).build();
 * }</pre>
 *
 * <p>Governance, the turn steps, routing and the evidence are settled before the model speaks. Each partial response
 * is text the outbound filter let go under the chat's decision (a {@code StreamingFilter} on the model's stream,
 * with the pipeline's reasoning {@link GovernedChatModel#reasoning()}): under PARTIAL no figure reaches any partial
 * response. The partial responses, joined, are the text of the {@code AiMessage} that {@code onCompleteResponse}
 * carries, with the answer's labels as its {@value GovernedChatModel#LABELS_ATTRIBUTE} attribute, as
 * {@link GovernedChatModel} returns it. A typed return is not streamed (it is asked for again when it does not fit
 * its shape): its text comes as one partial response once it passed. Tool rounds are not streamed: a chat that ends
 * with calls of AI Services' tools is {@code onCompleteResponse} with the {@code AiMessage} of their tool execution
 * requests, as {@link GovernedChatModel} returns it, and only the final answer streams. DENY is {@code onError} with
 * {@link KeelDeniedException}, after no model was called, and no partial response; a failure of the model and of its
 * fallback is {@code onError} with Keel's exception. A partial response's {@code streamingHandle().cancel()} stops
 * the model's stream; the call is audited as cancelled and the handler hears nothing more.
 *
 * <p>{@code chat} returns when the chat has ended; the handler is called on the calling thread, one call at a time,
 * and the principal, subject and session suppliers are asked on it first. Thread-safe once built when the pipeline
 * and the suppliers are.
 */
public interface GovernedStreamingChatModel extends StreamingChatModel {

    /**
     * The builder of a governed chat model over {@code pipeline}, as {@link GovernedChatModel#builder}; end it with
     * {@link GovernedChatModel.Builder#buildStreaming()}.
     */
    static GovernedChatModel.Builder builder(Pipeline pipeline) {
        return GovernedChatModel.builder(pipeline);
    }

    /** A pipeline over langchain4j chat models governed by {@code policy}, as {@link GovernedChatModel#pipeline}. */
    static GovernedChatModel.PipelineBuilder pipeline(PolicyDocument policy) {
        return GovernedChatModel.pipeline(policy);
    }
}
