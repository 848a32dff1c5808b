package dev.keel.policy.internal;

import dev.keel.core.KeelException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a match of a {@link java.util.regex.Pattern} can start, read from the pattern's text: the possible first
 * {@value #DEPTH} characters of every match, as sequences of character classes ("paths"). It is an
 * over-approximation: every non-empty match starts with one of the paths, so a position no path fits cannot start
 * one, and the regular expression need only be tried where one does. What the reading does not understand makes
 * it give up ({@link #ANYWHERE}) rather than guess: back references, {@code \G}, class intersections, Unicode
 * case folding, comments mode, supplementary characters in the pattern. Zero-width constructs (anchors, word
 * boundaries, lookaround) consume nothing and are skipped, which only widens the approximation.
 *
 * <p>Immutable and thread-safe; {@link #of} is pure.
 */
final class MatchStarts {

    /** How many leading characters the paths describe. */
    static final int DEPTH = 4;

    /** Any position may start a match: the pattern was not understood, or starts with any character. */
    static final MatchStarts ANYWHERE = new MatchStarts(List.of());

    // More paths than this are merged position by position, per length: coarser, still an over-approximation.
    private static final int MAX_PATHS = 32;

    private final List<CharClass[]> paths;
    // The paths flattened for fits(): path p's classes are at [offsets[p], offsets[p + 1]).
    private final int[] offsets;
    private final long[] lows;
    private final long[] highs;
    private final boolean[] beyondAscii;
    // Position by position, the union of all paths over the length they all have: a quick common reject.
    private final CharClass[] union;

    private MatchStarts(List<CharClass[]> paths) {
        this.paths = paths;
        int total = 0;
        for (CharClass[] path : paths) {
            total += path.length;
        }
        offsets = new int[paths.size() + 1];
        lows = new long[total];
        highs = new long[total];
        beyondAscii = new boolean[total];
        int k = 0;
        for (int p = 0; p < paths.size(); p++) {
            offsets[p] = k;
            for (CharClass c : paths.get(p)) {
                lows[k] = c.low();
                highs[k] = c.high();
                beyondAscii[k] = c.beyondAscii() != CharClass.NONE;
                k++;
            }
        }
        offsets[paths.size()] = k;
        int shortest = DEPTH;
        for (CharClass[] path : paths) {
            shortest = Math.min(shortest, path.length);
        }
        union = new CharClass[paths.isEmpty() ? 0 : shortest];
        for (CharClass[] path : paths) {
            for (int i = 0; i < union.length; i++) {
                union[i] = union[i] == null ? path[i] : union[i].union(path[i]);
            }
        }
    }

    /** The starts of {@code regex}, which must compile. */
    static MatchStarts of(String regex) {
        PathSet set;
        try {
            Reader reader = new Reader(regex);
            set = reader.alternation();
            if (reader.pos != regex.length()) {
                return ANYWHERE;
            }
        } catch (NotUnderstood e) {
            return ANYWHERE;
        }
        List<CharClass[]> paths = new ArrayList<>();
        for (Path path : set.paths) {
            if (path.chars.isEmpty()) {
                continue; // an empty match: never a finding
            }
            if (path.chars.get(0).isAny()) {
                return ANYWHERE;
            }
            paths.add(path.chars.toArray(CharClass[]::new));
        }
        return paths.isEmpty() ? ANYWHERE : new MatchStarts(List.copyOf(paths));
    }

    boolean anywhere() {
        return paths.isEmpty();
    }

    /** The paths, each a sequence of at most {@link #DEPTH} classes. */
    List<CharClass[]> paths() {
        return paths;
    }

    /** True when some path fits {@code text} at {@code start}. */
    boolean fits(String text, int start) {
        if (offsets.length == 1) {
            return true;
        }
        int n = text.length();
        if (start + union.length > n) {
            return false;
        }
        for (int k = union.length - 1; k > 0; k--) {
            if (!union[k].contains(text.charAt(start + k))) {
                return false; // the first character is checked by the caller, or by the paths
            }
        }
        for (int p = 0; p + 1 < offsets.length; p++) {
            int from = offsets[p];
            int length = offsets[p + 1] - from;
            if (start + length > n) {
                continue;
            }
            int k = 0;
            while (k < length && contains(from + k, text.charAt(start + k))) {
                k++;
            }
            if (k == length) {
                return true;
            }
        }
        return false;
    }

    // CharClass.contains on the flattened arrays, written out (RestrictionMatcher.mayFollow is a third copy): one
    // static helper shared by the three made the ALLOW filter 20% slower, its hot loop inlined less.
    private boolean contains(int k, char c) {
        if (c < 64) {
            return (lows[k] >>> c & 1) != 0;
        }
        return c < 128 ? (highs[k] >>> (c - 64) & 1) != 0 : beyondAscii[k];
    }

    /**
     * A set of UTF-16 code units: ASCII exactly (two 64-bit masks); beyond ASCII only none, some or all.
     * {@code exact} is false when the set is a widened stand-in (a Unicode property): its complement is unknown.
     */
    record CharClass(long low, long high, int beyondAscii, boolean exact) {

        static final int NONE = 0;
        static final int SOME = 1;
        static final int ALL = 2;

        static final CharClass EMPTY = new CharClass(0, 0, NONE, true);
        static final CharClass ANY = new CharClass(-1L, -1L, ALL, true);
        static final CharClass WIDENED = new CharClass(-1L, -1L, ALL, false);
        static final CharClass DIGIT = range('0', '9');
        static final CharClass SPACE = of(" \t\n\u000B\f\r");
        static final CharClass WORD = range('a', 'z').union(range('A', 'Z')).union(DIGIT).union(of("_"));
        static final CharClass HORIZONTAL_SPACE = new CharClass(bit(' ') | bit('\t'), 0, SOME, true);
        static final CharClass VERTICAL_SPACE = new CharClass(bit('\n') | bit('\u000B') | bit('\f') | bit('\r'), 0,
                SOME, true);

        static CharClass of(String chars) {
            CharClass result = EMPTY;
            for (int i = 0; i < chars.length(); i++) {
                result = result.union(single(chars.charAt(i)));
            }
            return result;
        }

        static CharClass single(char c) {
            return range(c, c);
        }

        static CharClass range(char from, char to) {
            long low = 0;
            long high = 0;
            for (int c = from; c <= Math.min(to, 127); c++) {
                if (c < 64) {
                    low |= 1L << c;
                } else {
                    high |= 1L << (c - 64);
                }
            }
            int beyond = to < 128 ? NONE : from <= 128 && to == Character.MAX_VALUE ? ALL : SOME;
            return new CharClass(low, high, beyond, true);
        }

        private static long bit(char c) {
            return 1L << c;
        }

        boolean contains(char c) {
            if (c < 64) {
                return (low >>> c & 1) != 0;
            }
            if (c < 128) {
                return (high >>> (c - 64) & 1) != 0;
            }
            return beyondAscii != NONE;
        }

        boolean isAny() {
            return low == -1L && high == -1L && beyondAscii == ALL;
        }

        CharClass union(CharClass other) {
            int beyond = beyondAscii == ALL || other.beyondAscii == ALL ? ALL
                    : Math.max(beyondAscii, other.beyondAscii);
            return new CharClass(low | other.low, high | other.high, beyond, exact && other.exact);
        }

        /** The complement; a widened set has none that is known, so any character. */
        CharClass complement() {
            if (!exact) {
                return ANY;
            }
            return new CharClass(~low, ~high, ALL - beyondAscii, true);
        }

        /** With the other case of every ASCII letter, as {@code (?i)} without Unicode case matches. */
        CharClass foldAsciiCase() {
            long added = 0;
            for (int c = 'A'; c <= 'Z'; c++) {
                int lower = c + ('a' - 'A');
                if (contains((char) c)) {
                    added |= 1L << (lower - 64);
                }
                if (contains((char) lower)) {
                    added |= 1L << (c - 64);
                }
            }
            return new CharClass(low, high | added, beyondAscii, exact);
        }

        /** A class matching a character outside ASCII may match a surrogate pair: two code units. */
        boolean mayTakeTwoUnits() {
            return beyondAscii != NONE;
        }
    }

    /** A possible start of a match; {@code open} when what follows in the pattern can still extend it. */
    private record Path(List<CharClass> chars, boolean open) {

        static final Path EMPTY = new Path(List.of(), true);

        Path then(Path next) {
            List<CharClass> joined = new ArrayList<>(chars);
            for (CharClass c : next.chars) {
                if (joined.size() == DEPTH) {
                    break;
                }
                joined.add(c);
            }
            return new Path(List.copyOf(joined), next.open && joined.size() < DEPTH);
        }
    }

    /** The paths of a piece of the pattern. */
    private static final class PathSet {

        static final PathSet EMPTY_MATCH = new PathSet(Set.of(Path.EMPTY));
        // Empty or any single character: what a construct matching an unknown amount of anything can start with.
        static final PathSet UNKNOWN = new PathSet(new LinkedHashSet<>(List.of(Path.EMPTY,
                new Path(List.of(CharClass.ANY), false))));

        final Set<Path> paths;

        PathSet(Set<Path> paths) {
            this.paths = paths;
        }

        static PathSet character(CharClass c) {
            return new PathSet(Set.of(new Path(List.of(c), !c.mayTakeTwoUnits())));
        }

        PathSet then(PathSet next) {
            Set<Path> result = new LinkedHashSet<>();
            for (Path path : paths) {
                if (!path.open) {
                    result.add(path);
                    continue;
                }
                for (Path following : next.paths) {
                    result.add(path.then(following));
                }
            }
            return capped(result);
        }

        PathSet or(PathSet other) {
            Set<Path> result = new LinkedHashSet<>(paths);
            result.addAll(other.paths);
            return capped(result);
        }

        /** {@code min} to {@code max} repetitions ({@code max} -1: unbounded). */
        PathSet repeated(int min, int max) {
            PathSet result = EMPTY_MATCH;
            // DEPTH rounds make every path either DEPTH long, closed, or a repetition of empty matches.
            for (int i = 0; i < Math.min(min, DEPTH); i++) {
                result = result.then(this);
            }
            PathSet all = result;
            int optional = max < 0 ? DEPTH : Math.min(max - min, DEPTH);
            for (int i = 0; i < optional; i++) {
                result = result.then(this);
                all = all.or(result);
            }
            return all;
        }

        private static PathSet capped(Set<Path> paths) {
            if (paths.size() <= MAX_PATHS) {
                return new PathSet(paths);
            }
            Map<List<Object>, CharClass[]> merged = new LinkedHashMap<>();
            for (Path path : paths) {
                CharClass[] into = merged.computeIfAbsent(List.of(path.chars.size(), path.open),
                        key -> new CharClass[path.chars.size()]);
                for (int k = 0; k < into.length; k++) {
                    into[k] = into[k] == null ? path.chars.get(k) : into[k].union(path.chars.get(k));
                }
            }
            Set<Path> result = new LinkedHashSet<>();
            for (Map.Entry<List<Object>, CharClass[]> entry : merged.entrySet()) {
                result.add(new Path(List.of(entry.getValue()), (Boolean) entry.getKey().get(1)));
            }
            return new PathSet(result);
        }
    }

    /**
     * A construct the reading does not handle: the pattern's starts are unknown. Caught in {@link #of}; never leaves
     * this class.
     */
    private static final class NotUnderstood extends KeelException {
        NotUnderstood() {
            super("regex_start_unknown", "the pattern's possible starts cannot be read");
        }
    }

    /** A recursive-descent reading of Java's regular-expression syntax, computing paths instead of a matcher. */
    private static final class Reader {

        final String regex;
        int pos;
        boolean caseInsensitive;

        Reader(String regex) {
            for (int i = 0; i < regex.length(); i++) {
                if (Character.isSurrogate(regex.charAt(i))) {
                    throw new NotUnderstood();
                }
            }
            this.regex = withoutQuotes(regex);
        }

        /**
         * {@code \Q...\E} spelled as one escape per character, as Java rewrites it before parsing: a quantifier
         * after {@code \E} applies to the last quoted character, and an empty quote vanishes.
         */
        private static String withoutQuotes(String regex) {
            if (!regex.contains("\\Q")) {
                return regex;
            }
            StringBuilder out = new StringBuilder(regex.length() * 2);
            int i = 0;
            while (i < regex.length()) {
                char c = regex.charAt(i);
                if (c != '\\' || i + 1 == regex.length()) {
                    out.append(c);
                    i++;
                } else if (regex.charAt(i + 1) != 'Q') {
                    out.append(c).append(regex.charAt(i + 1));
                    i += 2;
                } else {
                    int end = regex.indexOf("\\E", i + 2);
                    int stop = end < 0 ? regex.length() : end;
                    for (int k = i + 2; k < stop; k++) {
                        out.append(String.format("\\u%04x", (int) regex.charAt(k)));
                    }
                    i = end < 0 ? stop : end + 2;
                }
            }
            return out.toString();
        }

        PathSet alternation() {
            PathSet result = sequence();
            while (more() && peek() == '|') {
                pos++;
                result = result.or(sequence());
            }
            return result;
        }

        private PathSet sequence() {
            PathSet result = PathSet.EMPTY_MATCH;
            while (more() && peek() != '|' && peek() != ')') {
                result = result.then(quantified(atom()));
            }
            return result;
        }

        private PathSet quantified(PathSet atom) {
            if (!more()) {
                return atom;
            }
            int min;
            int max;
            switch (peek()) {
                case '*':
                    min = 0;
                    max = -1;
                    pos++;
                    break;
                case '+':
                    min = 1;
                    max = -1;
                    pos++;
                    break;
                case '?':
                    min = 0;
                    max = 1;
                    pos++;
                    break;
                case '{':
                    int close = regex.indexOf('}', pos);
                    if (close < 0) {
                        throw new NotUnderstood();
                    }
                    String[] bounds = regex.substring(pos + 1, close).split(",", -1);
                    min = count(bounds[0]);
                    max = bounds.length == 1 ? min : bounds[1].isEmpty() ? -1 : count(bounds[1]);
                    pos = close + 1;
                    break;
                default:
                    return atom;
            }
            if (more() && (peek() == '?' || peek() == '+')) {
                pos++; // lazy or possessive: the same strings can match
            }
            return quantified(atom.repeated(min, max));
        }

        private static int count(String digits) {
            try {
                return Integer.parseInt(digits.trim());
            } catch (NumberFormatException e) {
                throw new NotUnderstood();
            }
        }

        private PathSet atom() {
            char c = regex.charAt(pos++);
            switch (c) {
                case '(':
                    return group();
                case '[':
                    return PathSet.character(characterClass());
                case '.':
                    return PathSet.character(CharClass.ANY);
                case '^':
                case '$':
                    return PathSet.EMPTY_MATCH;
                case '\\':
                    return escape();
                case '*':
                case '+':
                case '?':
                case '{':
                    throw new NotUnderstood();
                default:
                    return literal(c);
            }
        }

        private PathSet literal(char c) {
            CharClass single = CharClass.single(c);
            return PathSet.character(caseInsensitive ? single.foldAsciiCase() : single);
        }

        private PathSet group() {
            boolean savedCase = caseInsensitive;
            boolean zeroWidth = false;
            if (more() && peek() == '?') {
                pos++;
                char kind = next();
                if (kind == '=' || kind == '!') {
                    zeroWidth = true;
                } else if (kind == '<' && more() && (peek() == '=' || peek() == '!')) {
                    pos++;
                    zeroWidth = true;
                } else if (kind == '<') {
                    int close = regex.indexOf('>', pos);
                    if (close < 0) {
                        throw new NotUnderstood();
                    }
                    pos = close + 1; // a named group
                } else if (kind != ':' && kind != '>') {
                    pos--;
                    if (flags()) {
                        return PathSet.EMPTY_MATCH; // (?i): the flags hold to the end of the enclosing group
                    }
                }
            }
            PathSet inner = alternation();
            if (!more() || next() != ')') {
                throw new NotUnderstood();
            }
            caseInsensitive = savedCase;
            return zeroWidth ? PathSet.EMPTY_MATCH : inner;
        }

        /** Reads {@code flags)} or {@code flags:}; true for the former. */
        private boolean flags() {
            boolean on = true;
            while (more()) {
                char c = next();
                switch (c) {
                    case '-':
                        on = false;
                        break;
                    case 'i':
                        caseInsensitive = on;
                        break;
                    case 'm':
                    case 's':
                    case 'd':
                        break; // anchors and the dot only: both already read as widely as they can be
                    case ')':
                        return true;
                    case ':':
                        return false;
                    default:
                        throw new NotUnderstood(); // u, U (Unicode case and classes), x (comments)
                }
            }
            throw new NotUnderstood();
        }

        private PathSet escape() {
            char c = next();
            switch (c) {
                case 'b':
                    if (more() && peek() == '{') {
                        throw new NotUnderstood();
                    }
                    return PathSet.EMPTY_MATCH;
                case 'B':
                case 'A':
                case 'Z':
                case 'z':
                    return PathSet.EMPTY_MATCH;
                case 'R':
                case 'X':
                    return PathSet.character(CharClass.ANY);
                case 'k':
                    int close = regex.indexOf('>', pos);
                    if (close < 0) {
                        throw new NotUnderstood();
                    }
                    pos = close + 1;
                    return PathSet.UNKNOWN;
                default:
                    if (c >= '1' && c <= '9') {
                        while (more() && Character.isDigit(peek())) {
                            pos++;
                        }
                        return PathSet.UNKNOWN; // a back reference
                    }
                    pos--;
                    CharClass shorthand = shorthand();
                    return shorthand != null ? PathSet.character(shorthand) : literal(escapedChar());
            }
        }

        /** A shorthand class ({@code \d}, {@code \p{L}}, ...) at the letter after a backslash, or null. */
        private CharClass shorthand() {
            char c = peek();
            // c | 0x20 folds only the letter's own upper case onto it; the upper-case letter is the complement.
            CharClass lowerCase = switch (c | 0x20) {
                case 'd' -> CharClass.DIGIT;
                case 's' -> CharClass.SPACE;
                case 'w' -> CharClass.WORD;
                case 'h' -> CharClass.HORIZONTAL_SPACE;
                case 'v' -> CharClass.VERTICAL_SPACE;
                default -> null;
            };
            if (lowerCase != null) {
                pos++;
                return c >= 'a' ? lowerCase : lowerCase.complement();
            }
            if (c != 'p' && c != 'P') {
                return null;
            }
            pos++;
            if (more() && peek() == '{') {
                int close = regex.indexOf('}', pos);
                if (close < 0) {
                    throw new NotUnderstood();
                }
                pos = close + 1;
            } else {
                next();
            }
            return CharClass.WIDENED;
        }

        /** The character an escape stands for, after the backslash. */
        private char escapedChar() {
            char c = next();
            switch (c) {
                case 't':
                    return '\t';
                case 'n':
                    return '\n';
                case 'r':
                    return '\r';
                case 'f':
                    return '\f';
                case 'a':
                    return '\u0007';
                case 'e':
                    return '\u001B';
                case 'c':
                    return (char) (next() ^ 64);
                case 'x':
                    return hex();
                case 'u':
                    return unicodeEscape();
                case '0':
                    return octal();
                default:
                    if (Character.isLetterOrDigit(c)) {
                        throw new NotUnderstood();
                    }
                    return c;
            }
        }

        private char hex() {
            String digits;
            if (more() && peek() == '{') {
                int close = regex.indexOf('}', pos);
                if (close < 0) {
                    throw new NotUnderstood();
                }
                digits = regex.substring(pos + 1, close);
                pos = close + 1;
            } else {
                digits = take(2);
            }
            return checkedChar(Integer.parseInt(digits, 16));
        }

        private char unicodeEscape() {
            return checkedChar(Integer.parseInt(take(4), 16));
        }

        private char octal() {
            int value = 0;
            int digits = 0;
            // Up to three octal digits, the first of three at most 3: \0377 is the largest.
            while (more() && peek() >= '0' && peek() <= '7' && digits < 3 && (digits < 2 || value <= 037)) {
                value = value * 8 + (next() - '0');
                digits++;
            }
            return checkedChar(value);
        }

        private String take(int length) {
            if (pos + length > regex.length()) {
                throw new NotUnderstood();
            }
            String taken = regex.substring(pos, pos + length);
            pos += length;
            return taken;
        }

        private static char checkedChar(int value) {
            if (value < 0 || value > Character.MAX_VALUE || Character.isSurrogate((char) value)) {
                throw new NotUnderstood();
            }
            return (char) value;
        }

        /** {@code [...]} after the opening bracket. */
        private CharClass characterClass() {
            boolean negated = more() && peek() == '^';
            if (negated) {
                pos++;
            }
            CharClass result = CharClass.EMPTY;
            boolean first = true;
            while (true) {
                if (!more()) {
                    throw new NotUnderstood();
                }
                char c = peek();
                if (c == ']' && !first) {
                    pos++;
                    break;
                }
                if (c == '[') {
                    if (negated) {
                        throw new NotUnderstood(); // how ^ reaches into a nested class changed across JDKs
                    }
                    pos++;
                    result = result.union(characterClass());
                } else if (c == '&' && regex.startsWith("&&", pos)) {
                    throw new NotUnderstood();
                } else {
                    result = result.union(classItem());
                }
                first = false;
            }
            if (caseInsensitive) {
                result = result.foldAsciiCase();
            }
            return negated ? result.complement() : result;
        }

        /** A character, a range or a shorthand class inside brackets. */
        private CharClass classItem() {
            char c = next();
            char from = c;
            if (c == '\\') {
                if (more() && (peek() == 'Q' || peek() == 'E')) {
                    throw new NotUnderstood();
                }
                CharClass shorthand = shorthand();
                if (shorthand != null) {
                    if (rangeFollows()) {
                        throw new NotUnderstood();
                    }
                    return shorthand;
                }
                from = escapedChar();
            }
            if (!rangeFollows()) {
                return CharClass.single(from);
            }
            pos++;
            char end = next();
            char to = end == '\\' ? escapedChar() : end;
            if (to < from) {
                throw new NotUnderstood();
            }
            return CharClass.range(from, to);
        }

        private boolean rangeFollows() {
            return pos + 1 < regex.length() && peek() == '-' && regex.charAt(pos + 1) != ']'
                    && regex.charAt(pos + 1) != '[';
        }

        private boolean more() {
            return pos < regex.length();
        }

        private char peek() {
            return regex.charAt(pos);
        }

        private char next() {
            if (!more()) {
                throw new NotUnderstood();
            }
            return regex.charAt(pos++);
        }
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("MatchStarts");
        for (CharClass[] path : paths) {
            out.append(' ').append(Arrays.toString(path));
        }
        return out.toString();
    }
}
