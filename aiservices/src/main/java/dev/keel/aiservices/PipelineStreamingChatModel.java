package dev.keel.aiservices;

import dev.keel.core.KeelException;
import dev.keel.core.spi.StreamHandle;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.Pipeline;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link GovernedStreamingChatModel}: each chat is one {@link Pipeline#stream} of the chat as
 * {@link PipelineChatModel} governs it, on the calling thread. Each chunk the pipeline lets go is a partial response,
 * handed on one chunk late: the last one waits for the answer, so that a denial's text or a typed answer that is
 * withheld never reaches the handler as a partial response (neither streams: each is one chunk). Thread-safe when the
 * chat model it streams for is.
 */
final class PipelineStreamingChatModel implements GovernedStreamingChatModel {

    private final Pipeline pipeline;
    private final PipelineChatModel chats;

    public PipelineStreamingChatModel(Pipeline pipeline, PipelineChatModel chats) {
        this.pipeline = pipeline;
        this.chats = chats;
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        PipelineChatModel.GovernedChat chat;
        try {
            chat = chats.governed(request);
        } catch (RuntimeException refused) {
            handler.onError(refused);
            return;
        }
        StreamHandle handle = StreamHandle.create();
        PartialResponseContext context = new PartialResponseContext(new StreamingHandle() {
            @Override
            public void cancel() {
                handle.cancel();
            }

            @Override
            public boolean isCancelled() {
                return handle.isCancelled();
            }
        });
        try {
            pipeline.stream(chat.request(), new AnswerSink() {
                private @Nullable String pending;

                @Override
                public void chunk(String text) {
                    if (pending != null) {
                        handler.onPartialResponse(new PartialResponse(pending), context);
                    }
                    pending = text;
                }

                @Override
                public void complete(GovernedAnswer answer) {
                    ChatResponse response;
                    try {
                        response = chat.respond(answer);
                    } catch (RuntimeException withheld) {
                        handler.onError(withheld);
                        return;
                    }
                    if (pending != null) {
                        handler.onPartialResponse(new PartialResponse(pending), context);
                    }
                    if (!handle.isCancelled()) {
                        handler.onCompleteResponse(response);
                    }
                }

                @Override
                public void fail(KeelException failure) {
                    handler.onError(failure);
                }
            }, handle);
        } catch (RuntimeException failure) {
            handler.onError(failure);
        }
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return chats.supportedCapabilities();
    }

    @Override
    public String toString() {
        return "GovernedStreamingChatModel{" + pipeline + "}";
    }
}
