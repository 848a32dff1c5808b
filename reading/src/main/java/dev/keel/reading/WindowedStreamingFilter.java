package dev.keel.reading;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Recogniser;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@link StreamingFilter} over the whole-text {@link RedactingOutboundFilter}: keeps the text not yet emitted and up
 * to a window before it, filters them again on each chunk, and emits the filtered text up to the last cut (see the
 * window rule on {@link StreamingFilter}). Not thread-safe (one per stream).
 */
final class WindowedStreamingFilter implements StreamingFilter {

    // A repetition with no upper bound: such a pattern can match text of any length.
    private static final Pattern UNBOUNDED_REPETITION = Pattern.compile("[*+]|\\{\\d*,}");
    // Looks wait until the held text has more than this many quarters of a window of visible characters (lookAgain).
    private static final int LOOK_QUARTERS = 7;

    private final Decision decision;
    private final Steps steps;
    private final RedactingOutboundFilter whole;
    private final int maxInputChars;
    private final int window;
    private final boolean holdsToEnd;
    private final boolean declaredOversized;
    // Read as Markdown renders it, cut only between finished blocks (MarkdownBlocks).
    private final boolean markdown;
    // A Markdown stream that holds a link reference definition: held to its end from then on.
    private boolean definitionSeen;

    // The text from `bufferStart` (absolute): up to a window of visible characters already emitted (the context),
    // then what is held; nothing under DENY or past the limit.
    private final StringBuilder buffer = new StringBuilder();
    private int bufferStart;
    private int emittedTo;
    private long received;
    private boolean oversized;
    private boolean finished;
    // Visible characters received and held; held at which to look for a cut again, and received at which to look
    // once more as soon as a cut can be made (see lookAgain).
    private long visibleReceived;
    private int heldVisible;
    private int nextLook;
    private long promptLook = Long.MAX_VALUE;
    // After a look that made no cut: the visible characters the earliest place a cut could be made at lacks; else 0.
    private int lacking;
    private final List<Redaction> redactions = new ArrayList<>();

    public WindowedStreamingFilter(Decision decision, List<QualitativeRestriction> restrictions, int maxInputChars,
                                   int window, long expectedLength) {
        this(decision, restrictions, maxInputChars, window, expectedLength, new Steps());
    }

    /** As the public constructor, counting in {@code steps} the work of every filtering and every look for a cut. */
    WindowedStreamingFilter(Decision decision, List<QualitativeRestriction> restrictions, int maxInputChars,
                            int window, long expectedLength, Steps steps) {
        this(decision, new RedactingOutboundFilter(restrictions, maxInputChars), restrictions, maxInputChars, window,
                expectedLength, false, steps);
    }

    /**
     * A stream filtered by {@code whole} (made with {@code restrictions} and {@code maxInputChars}, its PARTIAL kinds
     * chosen): under PARTIAL the window is at least as long as the longest span of a kind it withholds beyond the
     * scan's own, and a kind whose spans may be of any length holds the whole stream, as a restriction that may does.
     * With {@code markdown}, the stream is a Markdown source, filtered as the whole-text filter filters a Markdown
     * part, and cut only between finished blocks.
     */
    public WindowedStreamingFilter(Decision decision, RedactingOutboundFilter whole,
                                   List<QualitativeRestriction> restrictions, int maxInputChars, int window,
                                   long expectedLength, boolean markdown) {
        this(decision, whole, restrictions, maxInputChars, window, expectedLength, markdown, new Steps());
    }

    private WindowedStreamingFilter(Decision decision, RedactingOutboundFilter whole,
                                    List<QualitativeRestriction> restrictions, int maxInputChars, int window,
                                    long expectedLength, boolean markdown, Steps steps) {
        this.steps = steps;
        this.markdown = markdown;
        this.decision = Objects.requireNonNull(decision, "decision");
        this.whole = whole;
        this.maxInputChars = maxInputChars;
        int longestMatch = decision == Decision.PARTIAL ? whole.partialLongestMatch() : 0;
        this.window = Math.max(window, longestMatch);
        this.holdsToEnd = longestMatch == Recogniser.UNBOUNDED || restrictions.stream()
                .flatMap(r -> r.patterns().stream()).anyMatch(p -> UNBOUNDED_REPETITION.matcher(p).find());
        this.declaredOversized = expectedLength > maxInputChars;
        this.oversized = declaredOversized;
    }

    @Override
    public String accept(CharSequence chunk) {
        Objects.requireNonNull(chunk, "chunk");
        requireOpen();
        received += chunk.length();
        if (decision == Decision.DENY || oversized) {
            return "";
        }
        if (received > maxInputChars) {
            // Past the limit the text is not read: what is held is withheld with the rest, and the end reports where
            // it lay, not what it was, so none of it is kept.
            oversized = true;
            buffer.setLength(0);
            buffer.trimToSize();
            return "";
        }
        buffer.append(chunk);
        int visible = visible(chunk, 0, chunk.length());
        visibleReceived += visible;
        heldVisible += visible;
        boolean scheduled = heldVisible >= nextLook;
        if (holdsToEnd || definitionSeen || 4L * heldVisible <= (long) LOOK_QUARTERS * window
                || !scheduled && visibleReceived < promptLook) {
            return "";
        }
        String emitted = emitUpToCut(false);
        lookAgain(!scheduled);
        return emitted;
    }

    @Override
    public String finish() {
        requireOpen();
        finished = true;
        // Offsets are ints: a stream longer than that reports its withheld span up to the largest.
        int end = (int) Math.min(received, Integer.MAX_VALUE);
        if (decision == Decision.DENY) {
            if (end > 0) {
                redactions.add(new Redaction(Redaction.DENIED, 0, end, "", ""));
            }
            return "";
        }
        if (oversized) {
            // Declared: the whole text, as the whole-text filter withholds it; otherwise all that was not emitted.
            int start = declaredOversized ? 0 : emittedTo;
            redactions.add(new Redaction(Redaction.OVERSIZED, start, end, "",
                    RedactingOutboundFilter.OVERSIZED_PLACEHOLDER));
            return RedactingOutboundFilter.OVERSIZED_PLACEHOLDER;
        }
        return emitUpToCut(true);
    }

    @Override
    public int held() {
        return decision == Decision.DENY || oversized ? 0 : bufferStart + buffer.length() - emittedTo;
    }

    @Override
    public int retained() {
        return buffer.length();
    }

    @Override
    public List<Redaction> redactions() {
        return List.copyOf(redactions);
    }

    /**
     * Schedules the next looks. No look is made while the held text has at most one and three quarter windows of
     * visible characters (see accept): a look filters the window before the held text and the held text again, and
     * can emit only what lies more than a window before the end, so looking when the held text is short reads it
     * many times for little; waiting until it holds more than one and three quarter windows makes each look emit
     * about three quarters of a window, and leaves half a window below the bound of two and a quarter windows for the
     * places a cut needs. Past that length the filter looks once a quarter of the window or of the held text,
     * whichever is more, has arrived, counted in visible characters as the window is (counted in characters, a held
     * text long in white space let more than a quarter of a window of visible characters arrive before the next
     * look, past the bound); and, after a look that found a place a cut could be made at but too few visible
     * characters after it (unless that look was itself such a one), as soon as as many visible characters as it
     * lacked have arrived. The first keeps the cost linear: a look costs time linear in the text it reads again,
     * which is a few windows of visible characters and the white space among them while cuts are made, so each
     * character is read again a bounded number of times whatever the chunks; and a long stretch without a cut is
     * looked at a number of times logarithmic in its visible length, so it costs linear time, not quadratic (times
     * that logarithm at worst, when white space inside a redaction makes up most of it). The second, at most one per
     * look of the first, makes the cut the moment it can be made, so that a stretch whose places lie inside redactions and
     * words is not followed by a quarter of the held text more before it leaves.
     */
    private void lookAgain(boolean wasPrompt) {
        heldVisible = visible(buffer, emittedTo - bufferStart, buffer.length());
        nextLook = heldVisible + Math.max(1, Math.max(window, heldVisible) / 4);
        promptLook = lacking > 0 && !wasPrompt ? visibleReceived + lacking : Long.MAX_VALUE;
    }

    private void requireOpen() {
        if (finished) {
            throw new InvalidInputException("the stream has been finished");
        }
    }

    /**
     * Filters the buffer whole and emits its filtered text from {@link #emittedTo} to the last cut ({@code atEnd}:
     * to the end), recording the redactions there; keeps a window before the cut as the next filtering's context.
     */
    private String emitUpToCut(boolean atEnd) {
        int from = emittedTo - bufferStart;
        if (!atEnd && lastCut(buffer, from, null) < 0) {
            // No place is followed by a window of visible characters: whatever the filter finds, nothing is emitted,
            // and the context before the held text, which may be long in white space, is not read.
            return "";
        }
        String run = buffer.toString();
        steps.add(run.length());
        MarkdownBlocks blocks = null;
        if (markdown && !atEnd) {
            blocks = MarkdownBlocks.of(run, steps);
            definitionSeen = blocks.definitions();
            if (definitionSeen || blockCut(run, from, null, blocks) < 0) {
                return "";
            }
        }
        List<Redaction> found = whole.apply(decision, run, markdown, steps).redactions();
        int cut = atEnd ? run.length() : blocks != null ? blockCut(run, from, found, blocks) : lastCut(run, from, found);
        if (cut <= from) {
            return "";
        }
        StringBuilder out = new StringBuilder(cut - from);
        int copied = from;
        for (Redaction r : found) {
            if (r.end() <= from) {
                continue;
            }
            if (r.start() >= cut) {
                break;
            }
            // One reaching back past what was emitted would be one a cut missed: its part here is withheld all the same.
            int start = Math.max(r.start(), from);
            out.append(run, copied, start).append(r.replacement());
            redactions.add(new Redaction(r.kind(), bufferStart + start, bufferStart + r.end(),
                    run.substring(start, r.end()), r.replacement()));
            copied = r.end();
        }
        out.append(run, copied, cut);
        if (blocks != null) {
            keepBlocksBefore(run, cut, blocks);
        } else {
            keepContextBefore(run, cut);
        }
        return out.toString();
    }

    /**
     * The last cut of a Markdown {@code run} past {@code from}, or -1: a place before which all is final, in none of
     * the redactions {@code found} (null: whatever they are), followed by a window of visible characters as written
     * and a window of visible characters of the final rendered text. Before all is final are the starts of finished
     * blocks ({@link MarkdownBlocks}) and, while the text after the last of them is {@linkplain #isPlain plain}, any
     * place in it. The rendered text joins what the source keeps apart (a code block between two paragraphs adds
     * nothing to it), so a construct is read whole only when what follows it as rendered is final for a window.
     */
    private int blockCut(String run, int from, @Nullable List<Redaction> found, MarkdownBlocks blocks) {
        lacking = 0;
        int[] starts = blocks.starts();
        int open = blocks.finalEnd();
        boolean plain = isPlain(run, open);
        int openVisible = plain ? visible(run, open, run.length()) : 0;
        int visibleAfter = 0;
        int next = starts.length - 1;
        for (int c = run.length(); c > from; c--) {
            steps.add(1);
            while (next >= 0 && starts[next] > c) {
                next--;
            }
            boolean blockStart = next >= 0 && starts[next] == c;
            if (visibleAfter >= window && (blockStart || plain && c > open) && isAfterWhiteSpace(run, c)
                    && renderedAfter(blocks, c, open, Math.min(visibleAfter, openVisible)) >= window
                    && !insideRedaction(found, c)) {
                return c;
            }
            if (isVisible(run.charAt(c - 1))) {
                visibleAfter++;
            }
        }
        return -1;
    }

    /** The final rendered visible characters after {@code c}: the finished blocks', then the plain text's. */
    private static int renderedAfter(MarkdownBlocks blocks, int c, int open, int plainVisible) {
        return (c < open ? blocks.renderedVisible(c, open) : 0) + plainVisible;
    }

    /**
     * Whether the text of {@code run} from {@code open}, less its trailing white space, is plain Markdown
     * ({@link MarkdownReading#isPlain}) and its last line not digits alone (which a {@code .} after them would make a
     * list item). It then renders as it is written, paragraphs of its lines, and nothing after it can change that:
     * it has nothing a later closing marker could pair with, and a line under it can only make a heading of the same
     * text.
     */
    private static boolean isPlain(String run, int open) {
        int end = run.length();
        while (end > open && Character.isWhitespace(run.charAt(end - 1))) {
            end--;
        }
        String text = run.substring(open, end);
        int lastLine = text.lastIndexOf('\n') + 1;
        boolean digitsAlone = lastLine < text.length()
                && text.substring(lastLine).chars().allMatch(ch -> ch >= '0' && ch <= '9');
        return !digitsAlone && MarkdownReading.isPlain(text);
    }

    private static int visible(CharSequence text, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            if (isVisible(text.charAt(i))) {
                count++;
            }
        }
        return count;
    }

    private static boolean insideRedaction(@Nullable List<Redaction> found, int c) {
        if (found != null) {
            for (Redaction r : found) {
                if (r.start() < c && c < r.end()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Drops the buffer before {@code cut} but for what a filtering from there reads as the whole text does, with a
     * window of visible characters before the cut: within plain text after the last finished block, from a word
     * that starts with a letter (a digit could start a list item); otherwise from the last finished block start
     * with a window of visible characters, as written and as rendered, before the cut.
     */
    private void keepBlocksBefore(String run, int cut, MarkdownBlocks blocks) {
        int open = blocks.finalEnd();
        int start = -1;
        int windowStart = windowBefore(run, cut);
        if (windowStart > open) {
            for (int s = windowStart; s < cut && start < 0; s++) {
                if (isAfterWhiteSpace(run, s) && Character.isLetter(run.charAt(s))) {
                    start = s;
                }
            }
        }
        if (start < 0) {
            start = 0;
            int plainVisible = cut > open ? visible(run, open, cut) : 0;
            int[] starts = blocks.starts();
            int visibleBefore = 0;
            int c = cut;
            for (int i = starts.length - 1; i >= 0; i--) {
                if (starts[i] > cut) {
                    continue;
                }
                for (; c > starts[i]; c--) {
                    if (isVisible(run.charAt(c - 1))) {
                        visibleBefore++;
                    }
                }
                int rendered = (starts[i] < open ? blocks.renderedVisible(starts[i], Math.min(open, cut)) : 0)
                        + plainVisible;
                if (visibleBefore >= window && rendered >= window) {
                    start = starts[i];
                    break;
                }
            }
        }
        buffer.delete(0, start);
        bufferStart += start;
        emittedTo = bufferStart + cut - start;
    }

    /**
     * The last cut in {@code run} past {@code from}, or -1: after white space, in none of the redactions
     * {@code found} (null: whatever they are), with a window of visible characters after it. White space and
     * invisible characters are not counted: a construct can stretch over any number of them ("one", a run of them,
     * "percent"), so only what is seen measures how far it reaches.
     */
    private int lastCut(CharSequence run, int from, @Nullable List<Redaction> found) {
        BitSet inside = new BitSet(run.length() + 1);
        if (found != null) {
            for (Redaction r : found) {
                inside.set(r.start() + 1, r.end());
            }
        }
        int visibleAfter = 0;
        lacking = 0;
        for (int c = run.length(); c > from; c--) {
            steps.add(1);
            if (isAfterWhiteSpace(run, c) && !inside.get(c)) {
                if (visibleAfter >= window) {
                    lacking = 0;
                    return c;
                }
                lacking = window - visibleAfter;
            }
            if (isVisible(run.charAt(c - 1))) {
                visibleAfter++;
            }
        }
        return -1;
    }

    static boolean isVisible(char ch) {
        int type = Character.getType(ch);
        return !Character.isWhitespace(ch) && !Character.isSpaceChar(ch) && type != Character.FORMAT
                && type != Character.NON_SPACING_MARK && type != Character.ENCLOSING_MARK && type != Character.CONTROL;
    }

    private static boolean isAfterWhiteSpace(CharSequence run, int c) {
        return Character.isWhitespace(run.charAt(c - 1)) && (c < 2 || run.charAt(c - 2) != '\\');
    }

    /**
     * Drops the buffer before a window of visible characters ahead of {@code cut}, starting it at a word's start when
     * one is there.
     */
    private void keepContextBefore(String run, int cut) {
        int start = windowBefore(run, cut);
        while (start < cut && start > 0 && !isAfterWhiteSpace(run, start)) {
            start++;
        }
        buffer.delete(0, start);
        bufferStart += start;
        emittedTo = bufferStart + cut - start;
    }

    /**
     * The place in {@code run} with a window of visible characters from it to {@code cut}, or 0 when there are fewer.
     * The context is measured as the window after a cut is: a construct reads back over any run of white space ("in",
     * a line of spaces, "may"), so counting that run would let it push what decides a construct out of the context.
     */
    private int windowBefore(String run, int cut) {
        int visibleBefore = 0;
        for (int s = cut; s > 0; s--) {
            if (isVisible(run.charAt(s - 1)) && ++visibleBefore == window) {
                return s - 1;
            }
        }
        return 0;
    }
}
