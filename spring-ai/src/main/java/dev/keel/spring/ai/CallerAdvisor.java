package dev.keel.spring.ai;

import dev.keel.core.Principal;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.core.Ordered;
import reactor.core.publisher.Flux;

/**
 * {@link KeelAdvisor#caller()}: first in the chain, it asks the principal and subject suppliers on the thread where the
 * chain starts (the caller's for {@code call()}, the subscriber's for {@code stream()}) and hands the answers on in the
 * request context, with {@link PipelineAdvisor#CALLER} so that Keel's advisor, perhaps on another thread, asks no
 * supplier again. A principal or subject the call gives as a parameter stays. Thread-safe when the suppliers are.
 */
final class CallerAdvisor implements CallAdvisor, StreamAdvisor {

    private final Supplier<@Nullable Principal> principal;
    private final Supplier<@Nullable String> subject;

    CallerAdvisor(Supplier<@Nullable Principal> principal, Supplier<@Nullable String> subject) {
        this.principal = principal;
        this.subject = subject;
    }

    @Override
    public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
        return chain.nextCall(withCaller(request));
    }

    @Override
    public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
        ChatClientRequest resolved;
        try {
            // Here, where the chain is subscribed, not in a deferred operator that may run on another thread.
            resolved = withCaller(request);
        } catch (RuntimeException failure) {
            return Flux.error(failure);
        }
        return chain.nextStream(resolved);
    }

    private ChatClientRequest withCaller(ChatClientRequest request) {
        ChatClientRequest.Builder resolved = request.mutate().context(PipelineAdvisor.CALLER, Boolean.TRUE);
        if (!(request.context().get(KeelAdvisor.PRINCIPAL) instanceof Principal)) {
            Principal who = principal.get();
            if (who != null) {
                resolved.context(KeelAdvisor.PRINCIPAL, who);
            }
        }
        if (!(request.context().get(KeelAdvisor.SUBJECT) instanceof String)) {
            String id = subject.get();
            if (id != null) {
                resolved.context(KeelAdvisor.SUBJECT, id);
            }
        }
        return resolved.build();
    }

    @Override
    public String getName() {
        return "KeelCallerAdvisor";
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public String toString() {
        return "KeelCallerAdvisor";
    }
}
