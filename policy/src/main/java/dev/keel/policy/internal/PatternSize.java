package dev.keel.policy.internal;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * How large a regular expression in RE2 syntax becomes once compiled, read from its text before compiling it:
 * an upper bound on the number of instructions of RE2/J's program. The bound matters because RE2/J's matching
 * time is the program's size times the text's length, and its matcher follows the program's empty transitions
 * recursively: counted repetitions nested in one another ({@code ((a?){40}){50}} is 2,000 instructions) make
 * matching slow and can exhaust a thread's stack. Pure and thread-safe.
 */
final class PatternSize {

    /** The largest program a restriction pattern may compile to: a 2 KB answer then takes milliseconds at worst. */
    static final int LIMIT = 500;

    // What every program has besides the pattern: the whole match's capture, the match and fail instructions.
    private static final int PROGRAM_FRAME = 4;

    private PatternSize() {
    }

    /** The size of the group being read: everything so far, and the last item (what a quantifier applies to). */
    private static final class Group {
        long size;
        long last;

        void add(long item) {
            size += item;
            last = item;
        }

        void repeat(long item) {
            size += item - last;
            last = item;
        }
    }

    /**
     * An upper bound on the instructions {@code regex} compiles to (capped, so it never overflows). Every character,
     * class, escape and assertion counts one; a group its content (at least one: an empty one still matches the empty
     * string) and two; an alternative two (the branch, and an empty match should a side be empty); {@code x*},
     * {@code x+} and {@code x?} one more than {@code x}; {@code x{n,m}} {@code m + 1} copies of {@code x} and one
     * more each; and the program a few more of its own.
     */
    static long estimate(String regex) {
        Deque<Group> groups = new ArrayDeque<>();
        groups.push(new Group());
        int i = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            Group group = groups.peek();
            if (c == '\\') {
                int end = escapeEnd(regex, i);
                group.add(regex.startsWith("\\Q", i) ? end - i : 1);
                i = end;
            } else if (c == '[') {
                group.add(1);
                i = classEnd(regex, i);
            } else if (c == '(') {
                int flagsEnd = flagsOnlyEnd(regex, i);
                if (flagsEnd > 0) {
                    i = flagsEnd; // (?i) and the like: no instruction
                } else {
                    groups.push(new Group());
                    i++;
                }
            } else if (c == ')' && groups.size() > 1) {
                Group closed = groups.pop();
                groups.peek().add(capped(Math.max(closed.size, 1) + 2));
                i++;
            } else if (c == '|') {
                group.size += 2;
                group.last = 0;
                i++;
            } else if (c == '*' || c == '+' || c == '?') {
                group.repeat(capped(group.last + 1));
                i = lazyEnd(regex, i + 1);
            } else if (c == '{' && repetitionEnd(regex, i) > 0) {
                int end = repetitionEnd(regex, i);
                long[] bounds = repetitionBounds(regex.substring(i + 1, end - 1));
                long copies = Math.max(bounds[0], bounds[1]) + 1;
                group.repeat(capped(copies * (group.last + 1)));
                i = lazyEnd(regex, end);
            } else {
                group.add(1);
                i++;
            }
        }
        while (groups.size() > 1) { // an unclosed group: the engine refuses it anyway
            Group open = groups.pop();
            groups.peek().add(capped(open.size + 2));
        }
        return groups.peek().size + PROGRAM_FRAME;
    }

    private static long capped(long size) {
        return Math.min(size, Integer.MAX_VALUE);
    }

    /** Past an escape: {@code \Q...\E}, {@code \x{...}}, {@code \p{...}}, {@code \P{...}}, or a backslash and one character. */
    private static int escapeEnd(String regex, int backslash) {
        int next = backslash + 1;
        if (next >= regex.length()) {
            return regex.length();
        }
        char kind = regex.charAt(next);
        if (kind == 'Q') {
            int end = regex.indexOf("\\E", next);
            return end < 0 ? regex.length() : end + 2;
        }
        if ((kind == 'x' || kind == 'p' || kind == 'P') && next + 1 < regex.length() && regex.charAt(next + 1) == '{') {
            int end = regex.indexOf('}', next);
            return end < 0 ? regex.length() : end + 1;
        }
        return next + 1;
    }

    /** Past a character class: {@code [^]...]}, with escapes and {@code [:name:]} inside. */
    private static int classEnd(String regex, int open) {
        int i = open + 1;
        if (i < regex.length() && regex.charAt(i) == '^') {
            i++;
        }
        if (i < regex.length() && regex.charAt(i) == ']') {
            i++; // a ']' first is a member
        }
        while (i < regex.length() && regex.charAt(i) != ']') {
            if (regex.charAt(i) == '\\') {
                i = escapeEnd(regex, i);
            } else if (regex.startsWith("[:", i) && regex.indexOf(":]", i + 2) > 0) {
                i = regex.indexOf(":]", i + 2) + 2;
            } else {
                i++;
            }
        }
        return Math.min(i + 1, regex.length());
    }

    /** Past {@code (?flags)} when the parenthesis at {@code open} is only that; otherwise -1. */
    private static int flagsOnlyEnd(String regex, int open) {
        if (!regex.startsWith("(?", open)) {
            return -1;
        }
        int i = open + 2;
        while (i < regex.length() && (Character.isLetter(regex.charAt(i)) || regex.charAt(i) == '-')) {
            i++;
        }
        return i > open + 2 && i < regex.length() && regex.charAt(i) == ')' ? i + 1 : -1;
    }

    /** Past {@code {n}}, {@code {n,}} or {@code {n,m}} at {@code open}; otherwise -1 (then the brace is a literal). */
    private static int repetitionEnd(String regex, int open) {
        int close = regex.indexOf('}', open);
        return close > open && regex.substring(open + 1, close).matches("\\d+(,\\d*)?") ? close + 1 : -1;
    }

    /** {@code n} and {@code m} of {@code n}, {@code n,} or {@code n,m} (m is n + 1 for {@code n,}), capped. */
    private static long[] repetitionBounds(String inside) {
        String[] parts = inside.split(",", -1);
        long n = number(parts[0]);
        long m = parts.length == 1 ? n : parts[1].isEmpty() ? n + 1 : number(parts[1]);
        return new long[] {n, m};
    }

    private static long number(String digits) {
        return digits.length() > 6 ? 1_000_000 : Long.parseLong(digits);
    }

    private static int lazyEnd(String regex, int i) {
        return i < regex.length() && regex.charAt(i) == '?' ? i + 1 : i;
    }
}
