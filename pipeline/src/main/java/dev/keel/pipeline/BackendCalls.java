package dev.keel.pipeline;

import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import java.util.List;

/**
 * The only way the steps of a governed call reach a model. Every call through it is governed:
 * <ul>
 *   <li>a request that must stay in the house is never sent to an external backend: the fallback answers, and the
 *       reply says why;</li>
 *   <li>every message to an external backend first passes the egress filter under the turn's decision, so that
 *       nothing the caller may not see (restricted patterns, and under PARTIAL every figure) leaves the house;</li>
 *   <li>a failed external call falls back to the internal fallback backend, and the reply says why;</li>
 *   <li>every call is counted and recorded ({@link #calls()}) for the provenance and the audit record;</li>
 *   <li>a request that offers tools ({@link ChatRequest#tools()}) is a bounded loop: each call the model asks for
 *       passes the policy's tool gate; a refused one is answered with a refusal and its reason codes, an allowed one
 *       is run by the request's {@link Tools} with the arguments as the gate lets them be sent, its result labelled
 *       with the tool's domains and the turn's decision lowered when they require it; the model is asked again until
 *       it answers with text. Every call and refusal is in the provenance ({@code tools}) and the audit record.</li>
 * </ul>
 *
 * <p>One instance per turn; thread-safe, so a step may call several backends at once.
 */
public interface BackendCalls {

    /**
     * Sends {@code request} to the backend named {@code target}, governed as above.
     *
     * @throws dev.keel.core.ConfigurationException when no backend has that name
     * @throws dev.keel.core.BackendException       when the fallback fails too
     */
    BackendReply chat(String target, ChatRequest request);

    /**
     * {@link #chat} as an {@link LlmBackend} bound to {@code target}, for runtimes that take a backend. Its
     * {@link LlmBackend#outgoing outgoing(request)} is what the provider would receive, without sending it: the
     * egress-filtered request for an external backend, what the fallback receives when the request must stay in the
     * house. Estimates of size or cost are made on it.
     */
    LlmBackend bound(String target);

    /**
     * {@link #chat}, streamed: the reply's text goes to {@code draft} as the backend gives it, governed as above. A
     * backend that fails before its first chunk is passed by as in {@code chat} (the fallback answers, unseen by
     * {@code draft}); one that fails after chunks ends the call with its failure, since two backends' texts are never
     * joined into one reply. A request that offers tools streams each round of the loop, and only the text of the
     * round that answers (no tool call) reaches {@code draft}, once that round has ended: a round's text is known not
     * to precede a tool call, which may lower the decision its answer is shown under, only then. The default gives
     * the reply of {@link #chat} as one chunk.
     *
     * @return the reply, whose text is the chunks joined
     * @throws dev.keel.core.ConfigurationException when no backend has that name
     * @throws dev.keel.core.BackendException       when the stream failed: before any chunk, when the fallback fails
     *                                              too; after chunks, the backend's own failure
     * @throws dev.keel.core.CancelledException     when the caller cancelled ({@link DraftSink#handle()}): nothing
     *                                              more reached {@code draft}
     */
    default BackendReply stream(String target, ChatRequest request, DraftSink draft) {
        BackendReply reply = chat(target, request);
        if (draft.handle().isCancelled()) {
            throw new dev.keel.core.CancelledException("the caller cancelled the stream");
        }
        if (!reply.text().isEmpty()) {
            draft.chunk(reply.text());
        }
        return reply;
    }

    /** The calls made so far in this turn, in order. */
    List<BackendCall> calls();
}
