package dev.keel.core.text;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Optional;

/**
 * The one check for regular expressions that documents give Keel to run on text it does not control (a policy's
 * restriction patterns, a rule's forbidden pattern): RE2 syntax, run on RE2/J, whose matching time is linear in the
 * text, with a bound on the compiled program so that matching also stays short in the pattern. A pattern that
 * passes compiles with {@code com.google.re2j.Pattern.compile}, and no text can make it hang or exhaust a stack.
 *
 * <p>Pure and thread-safe (no state).
 */
public final class LinearPatterns {

    /**
     * The largest program a pattern may compile to, in RE2/J instructions: matching a 2 KB text then takes
     * milliseconds at worst.
     */
    public static final int MAX_PROGRAM_SIZE = 500;

    private LinearPatterns() {
    }

    /**
     * An upper bound on the instructions {@code regex} compiles to, read from its text without compiling it (so a
     * huge pattern is refused before the engine spends time on it): every character, class, escape and assertion
     * counts one; a group its content and two; {@code x*}, {@code x+}, {@code x?} one more than {@code x};
     * {@code x{n,m}} {@code m + 1} copies of {@code x} and one more each.
     */
    public static long programSizeBound(String regex) {
        return PatternSize.estimate(regex);
    }

    /**
     * What is wrong with {@code regex}, if anything, in words for the author of the document it came from: too large
     * (checked first), lookaround or back-references by name (what a backtracking engine offers and a linear-time
     * one cannot), a syntax error in the words of {@link java.util.regex} when it finds one too (they give the
     * position), otherwise in RE2's.
     *
     * @param kind what the patterns are, for the message: {@code "restriction patterns"}, {@code "forbidden patterns"}
     */
    public static Optional<String> problem(String regex, String kind) {
        String engine = kind + " run on a linear-time engine (RE2 syntax)";
        long size = programSizeBound(regex);
        if (size > MAX_PROGRAM_SIZE) {
            return Optional.of("is too large: " + engine + ", and this pattern compiles to up to " + size
                    + " steps, more than " + MAX_PROGRAM_SIZE + " (counted repetitions such as {2,40} multiply what"
                    + " they repeat, the more so when nested); use * or + instead of large counts");
        }
        try {
            Pattern.compile(regex);
            return Optional.empty();
        } catch (PatternSyntaxException e) {
            String fragment = e.getPattern();
            if (fragment.startsWith("(?=") || fragment.startsWith("(?!") || fragment.startsWith("(?<=")
                    || fragment.startsWith("(?<!")) {
                return Optional.of("uses lookaround (" + fragment.substring(0, fragment.startsWith("(?<") ? 4 : 3)
                        + "), which is not supported: " + engine + "; match the surrounding text instead");
            }
            if (fragment.matches("\\\\[1-9]") || fragment.equals("\\k")) {
                return Optional.of("uses a back-reference (" + fragment + "), which is not supported: " + engine);
            }
            return Optional.of(javaSyntaxError(regex).orElse("is not supported: " + engine + ", which reports "
                    + e.getDescription() + (fragment.isEmpty() ? "" : " at `" + fragment + "`")));
        }
    }

    // Where both engines refuse a pattern, the JDK's message is the more precise: it gives the position.
    private static Optional<String> javaSyntaxError(String regex) {
        try {
            java.util.regex.Pattern.compile(regex);
            return Optional.empty();
        } catch (java.util.regex.PatternSyntaxException e) {
            return Optional.of("is not a valid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
    }
}
