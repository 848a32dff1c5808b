package dev.keel.reading;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.policy.NumberWordLanguage;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Recogniser;
import dev.keel.policy.Redaction;
import java.util.List;
import java.util.Objects;

/**
 * The outbound filter for a text that arrives in chunks: each chunk given to {@link #accept} returns what is final
 * of the filtered text, text no recogniser can still claim; {@link #finish} returns the rest. Together they are
 * what {@link OutboundFilter#apply(Decision, String)} returns for the whole text, and nothing is returned early
 * that the whole-text filter would withhold, not even a part of it, as long as every construct is shorter than the
 * window (below). {@link #redactions()} are those of the whole-text filter, in offsets of the whole text.
 *
 * <p><b>The window rule.</b> Text is emitted only up to a <em>cut</em>: a position right after a white-space
 * character (not after a backslash, which may make an escape of it), followed by at least a
 * {@link Builder#windowChars window} of visible characters (neither white space nor invisible: a construct can
 * stretch over any number of those, "one", a run of them, "percent"), and inside no redaction the whole-text filter
 * makes of the held text. The held text is filtered again with up to a window of visible characters of what came
 * before it, counted as the window after a cut is, so that what a construct reads before its start ("in may", a sign
 * before a figure) is read however much white space lies between. Hence a construct is withheld in one
 * piece, as the whole-text filter withholds it, unless what decides it lies more than a window of visible characters
 * past a cut: a word with a digit at its end that is longer than the window cannot be cut (no white space in it),
 * but a construct whose words are themselves longer than the window (a character reference padded with zeros) can.
 * Where no cut exists (a word longer than the window, a redaction still growing) the filter holds on.
 *
 * <p><b>Markdown</b> ({@link Builder#markdown()}): the stream is a Markdown source, filtered as a Markdown part is,
 * read as written and as rendered. A cut is then also a place before which all is final: the start of a finished
 * top-level block of the complete lines (CommonMark closes a block once a later line does not continue it, and a
 * closed block never changes), or any place in the text after the last one while that text is plain Markdown
 * (nothing a later marker could pair with). It needs, besides the window as written, a window of visible characters
 * of final rendered text after it, since the rendered text joins what the source keeps apart. A block in which a
 * {@code ]} could close a link label, and what follows it, are held to the end, as is the rest of a stream once it
 * holds a link reference definition: a definition can come after the link it resolves.
 *
 * <p><b>Restrictions that match unboundedly long text</b> (a pattern with {@code *}, {@code +} or {@code {n,}})
 * could claim any text before the end, so a filter with one holds the whole stream under {@code ALLOW} and
 * {@code PARTIAL} and emits it at {@link #finish}, filtered whole: the safe choice; a window would let the start of
 * a long match out.
 *
 * <p><b>Decisions and limits.</b> Under {@code DENY} nothing is emitted; the end reports one
 * {@link Redaction#DENIED} redaction of the whole stream. A stream longer than the filter's limit
 * ({@link OutboundFilter#DEFAULT_MAX_INPUT_CHARS} unless set) is withheld as the whole-text filter withholds it:
 * once it has passed the limit nothing more is emitted and the end emits {@code [text withheld: too long to
 * filter]} with an {@link Redaction#OVERSIZED} redaction. What was emitted before cannot be called back, so a
 * caller that knows the stream's length declares it ({@link Builder#expectedLength}): a declared length above the
 * limit withholds the stream from its start, exactly as the whole-text filter does. What will never be emitted is
 * not kept: under {@code DENY}, and from the chunk that passes the limit on, the filter keeps a count of characters
 * and no text ({@link #retained()} is 0), so those two redactions give where the withheld text lies, with an empty
 * {@link Redaction#removed()}; the caller that needs the text for its audit has it.
 *
 * <p><b>Cost.</b> A look for a cut filters the held text and the window before it again, in time linear in both
 * (see {@link OutboundFilter}); the filter looks only once the held text has more than one and three quarter
 * windows of visible characters (a look emits only what lies a window before the end, so looking earlier reads the
 * text more often for less), and then once a quarter of the window or of the held text, whichever is more, has
 * arrived since the last look, counted in visible characters as the window is (so that a held text long in white
 * space does not let the visible text pile up past the bound below), so each character costs a bounded amount of
 * looking whatever the chunks: the time is linear in the text for a fixed window, and a long stretch without a cut
 * does not make it quadratic.
 * After a look that found a place to cut at with too few visible characters after it, it looks once more as soon as
 * they have arrived. The held text has at most about two and a quarter windows of visible characters when a place
 * to cut at (after white space, inside no redaction) comes at least once a window; a Markdown stream holds up to a
 * block more.
 *
 * <p>Not thread-safe: one instance per stream, used by one thread at a time. Pure: it reads and writes nothing
 * outside itself.
 */
public interface StreamingFilter {

    /**
     * The window unless set, in UTF-16 characters: many times longer than a date, figure, period or amount as it is
     * written, so that what decides one lies within it.
     */
    int DEFAULT_WINDOW_CHARS = 512;

    /** A builder of a filter for {@code decision}, with no restrictions and the default limits. */
    static Builder builder(Decision decision) {
        return new Builder(decision);
    }

    /**
     * Reads {@code chunk} and returns what is now final of the filtered text (often empty).
     *
     * @throws dev.keel.core.InvalidInputException when the stream has been finished
     */
    String accept(CharSequence chunk);

    /**
     * Ends the stream and returns the rest of the filtered text.
     *
     * @throws dev.keel.core.InvalidInputException when the stream has been finished already
     */
    String finish();

    /** How many characters have been read and neither emitted nor withheld yet. */
    int held();

    /**
     * How many characters of the stream the filter keeps: what it holds and the context before it that the next
     * filtering reads again (up to a window of visible characters); none under {@code DENY} or past the limit.
     */
    int retained();

    /** The redactions made so far, in offsets of the whole stream; after {@link #finish}, all of them. */
    List<Redaction> redactions();

    /** What makes a {@link StreamingFilter}. Not thread-safe. */
    final class Builder {

        private final Decision decision;
        private List<QualitativeRestriction> restrictions = List.of();
        private int maxInputChars = OutboundFilter.DEFAULT_MAX_INPUT_CHARS;
        private int windowChars = DEFAULT_WINDOW_CHARS;
        private long expectedLength = -1;
        private boolean markdown;
        private PartialKinds kinds = PartialKinds.defaults();
        private final OutboundFilter.Builder whole = OutboundFilter.builder();

        private Builder(Decision decision) {
            this.decision = Objects.requireNonNull(decision, "decision");
        }

        /** The qualitative restrictions applied under ALLOW and PARTIAL. */
        public Builder restrictions(List<QualitativeRestriction> restrictions) {
            this.restrictions = List.copyOf(restrictions);
            return this;
        }

        /**
         * The document's restrictions, its limit ({@link PolicyDocument#filterMaxInputChars()}), its recognisers and
         * number-word languages.
         *
         * @throws ConfigurationException when the document names a number-word language it was not given
         */
        public Builder policy(PolicyDocument policy) {
            whole.policy(policy);
            return restrictions(policy.restrictions()).maxInputChars(policy.filterMaxInputChars());
        }

        /** What PARTIAL withholds ({@link OutboundFilter#apply(Decision, PartialKinds, String)}); the defaults unless set. */
        public Builder partialKinds(PartialKinds kinds) {
            this.kinds = Objects.requireNonNull(kinds, "kinds");
            return this;
        }

        /**
         * Adds the recogniser of a kind of the host's own. Under PARTIAL, when the kinds withhold it, the window is at
         * least its {@link Recogniser#longestMatch()}, and an unbounded one holds the whole stream.
         */
        public Builder recogniser(Recogniser recogniser) {
            whole.recogniser(recogniser);
            return this;
        }

        /** The languages whose number words PARTIAL reads as figures; English unless set. */
        public Builder numberWords(List<NumberWordLanguage> languages) {
            whole.numberWords(languages);
            return this;
        }

        /** The longest stream read, as {@link OutboundFilter#create(List, int)}'s limit. */
        public Builder maxInputChars(int maxInputChars) {
            this.maxInputChars = maxInputChars;
            return this;
        }

        /** How far before the end of what has arrived a cut must be, and how much before it is read again. */
        public Builder windowChars(int windowChars) {
            if (windowChars < 1) {
                throw new ConfigurationException("the streaming window must be at least one character, found "
                        + windowChars);
            }
            this.windowChars = windowChars;
            return this;
        }

        /** The stream's length, when known: above the limit, nothing is emitted from the start. */
        public Builder expectedLength(long expectedLength) {
            if (expectedLength < 0) {
                throw new ConfigurationException("a stream's expected length cannot be negative, found "
                        + expectedLength);
            }
            this.expectedLength = expectedLength;
            return this;
        }

        /**
         * Reads the stream as a Markdown source, as {@link OutboundFilter#apply(Decision, dev.keel.core.content.Part)}
         * reads a Markdown part: what is emitted adds up to that part's filtered source. Text is emitted a finished
         * block at a time (see the Markdown rule above).
         */
        public Builder markdown() {
            this.markdown = true;
            return this;
        }

        /**
         * The filter. Opening is cheap: the restrictions' patterns are compiled once for equal restrictions (a
         * policy's, every time a stream is opened for it) and shared, immutable, by every filter and thread; a
         * builder may open any number of filters.
         *
         * @throws PolicyValidationException when a restriction is invalid
         * @throws ConfigurationException    when the limit is not positive, or a kind neither ships nor has a
         *                                   recogniser
         */
        public StreamingFilter open() {
            RedactingOutboundFilter filter = new RedactingOutboundFilter(restrictions, maxInputChars,
                    whole.partialScan()).withKinds(kinds);
            return new WindowedStreamingFilter(decision, filter, restrictions, maxInputChars, windowChars,
                    expectedLength, markdown);
        }
    }
}
