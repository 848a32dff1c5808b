package dev.keel.policy.internal;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Recogniser;
import dev.keel.policy.Redaction;
import dev.keel.policy.StreamingFilter;
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
public final class WindowedStreamingFilter implements StreamingFilter {

    // A repetition with no upper bound: such a pattern can match text of any length.
    private static final Pattern UNBOUNDED_REPETITION = Pattern.compile("[*+]|\\{\\d*,}");

    private final Decision decision;
    private final Steps steps;
    private final RedactingOutboundFilter whole;
    private final int maxInputChars;
    private final int window;
    private final boolean holdsToEnd;
    private final boolean declaredOversized;

    // The text from `bufferStart` (absolute): up to a window already emitted (the context), then what is held.
    private final StringBuilder buffer = new StringBuilder();
    private int bufferStart;
    private int emittedTo;
    private long received;
    private boolean oversized;
    private boolean finished;
    // Held length at which to look for a cut again (see lookAgain).
    private int nextLook;
    private final List<Redaction> redactions = new ArrayList<>();

    public WindowedStreamingFilter(Decision decision, List<QualitativeRestriction> restrictions, int maxInputChars,
                                   int window, long expectedLength) {
        this(decision, restrictions, maxInputChars, window, expectedLength, new Steps());
    }

    /** As the public constructor, counting in {@code steps} the work of every filtering and every look for a cut. */
    WindowedStreamingFilter(Decision decision, List<QualitativeRestriction> restrictions, int maxInputChars,
                            int window, long expectedLength, Steps steps) {
        this(decision, new RedactingOutboundFilter(restrictions, maxInputChars), restrictions, maxInputChars, window,
                expectedLength, steps);
    }

    /**
     * A stream filtered by {@code whole} (made with {@code restrictions} and {@code maxInputChars}, its PARTIAL kinds
     * chosen): under PARTIAL the window is at least as long as the longest span of a kind it withholds beyond the
     * scan's own, and a kind whose spans may be of any length holds the whole stream, as a restriction that may does.
     */
    public WindowedStreamingFilter(Decision decision, RedactingOutboundFilter whole,
                                   List<QualitativeRestriction> restrictions, int maxInputChars, int window,
                                   long expectedLength) {
        this(decision, whole, restrictions, maxInputChars, window, expectedLength, new Steps());
    }

    private WindowedStreamingFilter(Decision decision, RedactingOutboundFilter whole,
                                    List<QualitativeRestriction> restrictions, int maxInputChars, int window,
                                    long expectedLength, Steps steps) {
        this.steps = steps;
        this.decision = Objects.requireNonNull(decision, "decision");
        this.whole = whole;
        this.maxInputChars = maxInputChars;
        int longestMatch = decision == Decision.PARTIAL ? whole.partialLongestMatch() : 0;
        this.window = Math.max(window, longestMatch);
        this.holdsToEnd = longestMatch == Recogniser.UNBOUNDED || restrictions.stream()
                .flatMap(r -> r.patterns().stream()).anyMatch(p -> UNBOUNDED_REPETITION.matcher(p).find());
        this.declaredOversized = expectedLength > maxInputChars;
        this.oversized = declaredOversized;
        this.nextLook = window + 1;
    }

    @Override
    public String accept(CharSequence chunk) {
        Objects.requireNonNull(chunk, "chunk");
        requireOpen();
        received += chunk.length();
        buffer.append(chunk);
        if (decision == Decision.DENY || oversized) {
            return "";
        }
        if (received > maxInputChars) {
            // Past the limit the text is not read: what is held is withheld with the rest.
            oversized = true;
            return "";
        }
        if (holdsToEnd || held() < nextLook) {
            return "";
        }
        String emitted = emitUpToCut(false);
        lookAgain();
        return emitted;
    }

    @Override
    public String finish() {
        requireOpen();
        finished = true;
        if (decision == Decision.DENY) {
            if (buffer.length() > 0) {
                redactions.add(new Redaction(Redaction.DENIED, 0, buffer.length(), buffer.toString(), ""));
            }
            return "";
        }
        if (oversized) {
            // Declared: the whole text, as the whole-text filter withholds it; otherwise all that was not emitted.
            int start = declaredOversized ? 0 : emittedTo;
            String removed = buffer.substring(start - bufferStart);
            redactions.add(new Redaction(Redaction.OVERSIZED, start, start + removed.length(), removed,
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
    public List<Redaction> redactions() {
        return List.copyOf(redactions);
    }

    /**
     * Looks again once a quarter of the window or of the held text, whichever is more, has arrived: a look costs
     * time linear in the window and the held text, so each character costs a bounded amount of looking whatever the
     * chunks, and a long stretch without a cut costs linear time, not quadratic.
     */
    private void lookAgain() {
        int held = held();
        nextLook = held + Math.max(1, Math.max(window, held) / 4);
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
        String run = buffer.toString();
        int from = emittedTo - bufferStart;
        steps.add(run.length());
        if (!atEnd && lastCut(run, from, null) < 0) {
            // No place is followed by a window of visible characters: whatever the filter finds, nothing is emitted.
            return "";
        }
        List<Redaction> found = whole.apply(decision, run, steps).redactions();
        int cut = atEnd ? run.length() : lastCut(run, from, found);
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
        keepContextBefore(run, cut);
        return out.toString();
    }

    /**
     * The last cut in {@code run} past {@code from}, or -1: after white space, in none of the redactions
     * {@code found} (null: whatever they are), with a window of visible characters after it. White space and
     * invisible characters are not counted: a construct can stretch over any number of them ("one", a run of them,
     * "percent"), so only what is seen measures how far it reaches.
     */
    private int lastCut(String run, int from, @Nullable List<Redaction> found) {
        BitSet inside = new BitSet(run.length() + 1);
        if (found != null) {
            for (Redaction r : found) {
                inside.set(r.start() + 1, r.end());
            }
        }
        int visibleAfter = 0;
        for (int c = run.length(); c > from; c--) {
            steps.add(1);
            if (visibleAfter >= window && isAfterWhiteSpace(run, c) && !inside.get(c)) {
                return c;
            }
            if (isVisible(run.charAt(c - 1))) {
                visibleAfter++;
            }
        }
        return -1;
    }

    private static boolean isVisible(char ch) {
        int type = Character.getType(ch);
        return !Character.isWhitespace(ch) && !Character.isSpaceChar(ch) && type != Character.FORMAT
                && type != Character.NON_SPACING_MARK && type != Character.ENCLOSING_MARK && type != Character.CONTROL;
    }

    private static boolean isAfterWhiteSpace(String run, int c) {
        return Character.isWhitespace(run.charAt(c - 1)) && (c < 2 || run.charAt(c - 2) != '\\');
    }

    /** Drops the buffer before a window ahead of {@code cut}, starting it at a word's start when one is there. */
    private void keepContextBefore(String run, int cut) {
        int start = Math.max(0, cut - window);
        while (start < cut && start > 0 && !isAfterWhiteSpace(run, start)) {
            start++;
        }
        buffer.delete(0, start);
        bufferStart += start;
        emittedTo = bufferStart + cut - start;
    }
}
