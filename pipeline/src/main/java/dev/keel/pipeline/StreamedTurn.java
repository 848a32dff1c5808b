package dev.keel.pipeline;

import dev.keel.core.CancelledException;
import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.content.Part;
import dev.keel.core.spi.StreamHandle;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PartialKinds;
import dev.keel.reading.FilteredText;
import dev.keel.reading.OutboundFilter;
import dev.keel.reading.StreamingFilter;
import org.jspecify.annotations.Nullable;

/**
 * The pipeline's side of one streamed call: the caller's sink and handle, and, when the reasoning step streams, the
 * {@link StreamingFilter} the model's text passes on its way to the sink: the call's outbound filter, applied once.
 * Once the handle is cancelled and {@code cancel} has returned, the sink is called no more: every call to it holds
 * this object's lock, and cancelling takes it.
 *
 * <p><b>Read as Markdown, block by block.</b> The answer of {@code call} is a Markdown part, read as written and as
 * Markdown renders it, where emphasis, an HTML tag or comment, a character reference or an escape inside a word can
 * join what is written apart ({@code fo**rty**} renders "forty"). The streaming filter is opened in its Markdown
 * mode, which reads the draft the same way and lets a block go once it is finished and what follows it is final for
 * a window: what the caller receives is the text {@code call} gives.
 *
 * <p>Belongs to one call; the draft's chunks come on the thread that runs it.
 */
final class StreamedTurn implements DraftSink {

    // 64-bit FNV-1a over UTF-16 code units: a text's hash, extended chunk by chunk.
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final AnswerSink sink;
    private final StreamHandle handle;
    private final PolicyDocument policy;
    // The draft is not kept (the reasoning step returns it whole, and past the filter's limit none of it is shown):
    // its length and hash are, to check that the chunks join into the draft returned.
    private long draftLength;
    private long draftHash = FNV_OFFSET;
    private final StringBuilder shown = new StringBuilder();
    private @Nullable StreamingFilter filter;
    private @Nullable Decision decision;
    private boolean closed;

    StreamedTurn(AnswerSink sink, StreamHandle handle, PolicyDocument policy) {
        this.sink = sink;
        this.handle = handle;
        this.policy = policy;
        handle.onCancel(this::close);
    }

    private synchronized void close() {
        closed = true;
    }

    /**
     * Opens the streaming filter for the turn's decision and what its PARTIAL withholds, before the reasoning step
     * may hand its draft.
     */
    void open(Decision decision, PartialKinds kinds) {
        this.decision = decision;
        this.filter = StreamingFilter.builder(decision).policy(policy).partialKinds(kinds).markdown().open();
    }

    @Override
    public void chunk(String text) {
        if (handle.isCancelled()) {
            return;
        }
        StreamingFilter open = filter;
        if (open == null) {
            throw new IllegalStateException("a reasoning step handed a draft to a stream it was not given");
        }
        draftLength += text.length();
        draftHash = hash(draftHash, text);
        emit(open.accept(text));
    }

    @Override
    public StreamHandle handle() {
        return handle;
    }

    /** Whether the reasoning step handed any of its draft: the answer is then the streamed draft. */
    boolean streamed() {
        return draftLength > 0;
    }

    /**
     * How many characters of the streamed draft the turn keeps: what the filter keeps, and the filtered text shown so
     * far (the answer's), which stops growing once the stream has passed the filter's limit.
     */
    int retained() {
        return shown.length() + (filter == null ? 0 : filter.retained());
    }

    /**
     * Ends the streamed draft {@code text} (the reasoning step's, which must be the chunks joined) under
     * {@code decision} (the turn's, which must be the filter's): the rest of the filtered text goes to the sink, and
     * the result is the filter the answer is shown through: it gives the streamed text and its redactions for the
     * draft, and filters every other value (the provenance's) with {@code others}, the policy's filter.
     */
    OutboundFilter finishDraft(String text, Decision decision, OutboundFilter others) {
        StreamingFilter open = java.util.Objects.requireNonNull(filter, "filter");
        if (text.length() != draftLength || hash(FNV_OFFSET, text) != draftHash) {
            throw new IllegalStateException("a reasoning step's streamed chunks must join into the draft it returns");
        }
        if (decision != this.decision) {
            throw new IllegalStateException("the decision changed while the draft was streamed");
        }
        emit(open.finish());
        return new StreamedText(text, new FilteredPart(decision, Part.markdown(shown.toString()),
                open.redactions()), others);
    }

    private static long hash(long hash, String text) {
        long extended = hash;
        for (int i = 0; i < text.length(); i++) {
            extended = (extended ^ text.charAt(i)) * FNV_PRIME;
        }
        return extended;
    }

    /** Fails with {@link CancelledException} when the caller cancelled. */
    void checkCancelled() {
        if (handle.isCancelled()) {
            throw new CancelledException("the caller cancelled the stream");
        }
    }

    void complete(GovernedAnswer answer) {
        synchronized (this) {
            if (!closed) {
                sink.complete(answer);
            }
        }
    }

    void fail(KeelException failure) {
        synchronized (this) {
            if (!closed) {
                sink.fail(failure);
            }
        }
    }

    /** Gives {@code text}, filtered, to the sink: a piece of the streamed draft, or a whole answer as one chunk. */
    void emit(String text) {
        shown.append(text);
        send(text);
    }

    private synchronized void send(String text) {
        if (!text.isEmpty() && !closed) {
            sink.chunk(text);
        }
    }

    /**
     * The answer's filter for a streamed draft: the draft, read as the answer's Markdown, is what the streaming
     * filter made of it; anything else is filtered by the policy's filter.
     */
    private record StreamedText(String draft, FilteredPart streamed, OutboundFilter others) implements OutboundFilter {

        @Override
        public FilteredText apply(Decision decision, String text) {
            return others.apply(decision, text);
        }

        @Override
        public FilteredText apply(Decision decision, PartialKinds kinds, String text) {
            return others.apply(decision, kinds, text);
        }

        @Override
        public FilteredPart apply(Decision decision, Part part) {
            return isDraft(decision, part) ? streamed : others.apply(decision, part);
        }

        /** The streaming filter was opened with the turn's kinds, which are the ones the answer is shown with. */
        @Override
        public FilteredPart apply(Decision decision, PartialKinds kinds, Part part) {
            return isDraft(decision, part) ? streamed : others.apply(decision, kinds, part);
        }

        private boolean isDraft(Decision decision, Part part) {
            return decision == streamed.decision() && part instanceof Part.Markdown markdown
                    && markdown.source().equals(draft);
        }
    }
}
