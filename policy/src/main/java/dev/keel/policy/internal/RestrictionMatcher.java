package dev.keel.policy.internal;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the matches of several regular expressions in a text, with the result of a {@link Matcher#find()} loop per
 * pattern (non-empty matches, left to right, each search resuming where the last match ended), at a fraction of
 * its cost: {@code find()} tries the expression at every position, while here one pass over the text, driven by
 * each pattern's {@link MatchStarts}, picks the few positions where a match can start, and the expression is tried
 * only there. A match tried at one position with transparent, non-anchoring bounds behaves exactly as
 * {@code find()}'s attempt there (this is why {@link MatchStarts} gives up on {@code \G}). Patterns whose starts are
 * unknown fall back to {@code find()}, and so do, on a text with surrogates, patterns that can start beyond ASCII:
 * whether {@code find()} tries the second half of a surrogate pair depends on how the JDK compiled the pattern.
 *
 * <p>Immutable and thread-safe; {@link #find} allocates its own matchers.
 */
final class RestrictionMatcher {

    /** Receives the matches: the pattern's index in the list given, and the match's bounds. */
    interface Sink {
        void match(int pattern, int start, int end);
    }

    private final Pattern[] patterns;
    private final MatchStarts[] starts;
    /** For each ASCII character, the patterns (bits, by index; only the first 64 are filtered) a path starts with. */
    private final long[] byFirstAscii = new long[128];
    private final long byFirstBeyondAscii;
    // For each ASCII character, what may follow it in any path starting with it: a cheap second look that rules
    // out most positions before the paths are read. True in mayEndAfter when a path is that one character.
    private final long[] secondLow = new long[128];
    private final long[] secondHigh = new long[128];
    private final boolean[] secondBeyondAscii = new boolean[128];
    private final boolean[] mayEndAfter = new boolean[128];

    RestrictionMatcher(List<String> regexes) {
        patterns = new Pattern[regexes.size()];
        starts = new MatchStarts[regexes.size()];
        long beyondAscii = 0;
        for (int p = 0; p < patterns.length; p++) {
            patterns[p] = Pattern.compile(regexes.get(p));
            starts[p] = p < Long.SIZE ? MatchStarts.of(regexes.get(p)) : MatchStarts.ANYWHERE;
            for (MatchStarts.CharClass[] path : starts[p].paths()) {
                MatchStarts.CharClass first = path[0];
                for (char c = 0; c < 128; c++) {
                    if (first.contains(c)) {
                        byFirstAscii[c] |= 1L << p;
                        if (path.length == 1) {
                            mayEndAfter[c] = true;
                        } else {
                            secondLow[c] |= path[1].low();
                            secondHigh[c] |= path[1].high();
                            secondBeyondAscii[c] |= path[1].beyondAscii() != MatchStarts.CharClass.NONE;
                        }
                    }
                }
                if (first.beyondAscii() != MatchStarts.CharClass.NONE) {
                    beyondAscii |= 1L << p;
                }
            }
        }
        byFirstBeyondAscii = beyondAscii;
    }

    /** Reports every match of every pattern, pattern by pattern in list order, each left to right. */
    void find(String text, Sink sink) {
        if (patterns.length == 0) {
            return; // a policy without restrictions: no pass over the text at all
        }
        int n = text.length();
        Candidates candidates = candidates(text);
        for (int p = 0; p < patterns.length; p++) {
            long bit = 1L << p;
            if (starts[p].anywhere() || candidates.surrogates && (byFirstBeyondAscii & bit) != 0) {
                Matcher matcher = patterns[p].matcher(text);
                while (matcher.find()) {
                    if (matcher.end() > matcher.start()) {
                        sink.match(p, matcher.start(), matcher.end());
                    }
                }
                continue;
            }
            Matcher matcher = null;
            int from = 0;
            for (int k = 0; k < candidates.count; k++) {
                int start = candidates.positions[k];
                if ((candidates.patterns[k] & bit) == 0 || start < from) {
                    continue;
                }
                if (matcher == null) {
                    matcher = patterns[p].matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
                }
                matcher.region(start, n);
                if (matcher.lookingAt() && matcher.end() > start) {
                    sink.match(p, start, matcher.end());
                    from = matcher.end();
                }
            }
        }
    }

    /** One pass: the positions where some pattern's path fits, with the patterns (bits) that fit there. */
    private Candidates candidates(String text) {
        Candidates candidates = new Candidates();
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            long first;
            if (c < 128) {
                first = byFirstAscii[c];
                if (first == 0 || !mayEndAfter[c] && (i + 1 == n || !mayFollow(c, text.charAt(i + 1)))) {
                    continue;
                }
            } else {
                first = byFirstBeyondAscii;
                if (first == 0) {
                    continue;
                }
                candidates.surrogates |= Character.isSurrogate(c);
            }
            long fitting = 0;
            for (long rest = first; rest != 0; rest &= rest - 1) {
                int p = Long.numberOfTrailingZeros(rest);
                if (starts[p].fits(text, i)) {
                    fitting |= 1L << p;
                }
            }
            if (fitting != 0) {
                candidates.add(i, fitting);
            }
        }
        return candidates;
    }

    private boolean mayFollow(char first, char second) {
        if (second < 64) {
            return (secondLow[first] >>> second & 1) != 0;
        }
        return second < 128 ? (secondHigh[first] >>> (second - 64) & 1) != 0 : secondBeyondAscii[first];
    }

    /** Positions in ascending order, each with a pattern set. Not thread-safe: one per call. */
    private static final class Candidates {
        int[] positions = new int[16];
        long[] patterns = new long[16];
        int count;
        /** Whether the text had a surrogate where a pattern could start beyond ASCII. */
        boolean surrogates;

        void add(int position, long patternBits) {
            if (count == positions.length) {
                positions = Arrays.copyOf(positions, count * 2);
                patterns = Arrays.copyOf(patterns, count * 2);
            }
            positions[count] = position;
            patterns[count] = patternBits;
            count++;
        }
    }
}
