package dev.keel.test.properties;

import java.util.ArrayList;
import java.util.List;

/**
 * Strings with bounds on their length and on their characters: the union of the ranges and characters added, any
 * UTF-16 code unit when none was, less the ones excluded. Characters added first are the simpler; shorter strings
 * are simpler. Immutable and thread-safe.
 */
public final class StringGen implements Gen<String> {

    static final StringGen ANY = new StringGen(List.of(), "", 0, 255);

    /** Inclusive ranges of code units, as pairs. */
    private final List<char[]> ranges;
    private final String excluded;
    private final int minLength;
    private final int maxLength;

    private StringGen(List<char[]> ranges, String excluded, int minLength, int maxLength) {
        if (minLength < 0 || minLength > maxLength) {
            throw new IllegalArgumentException("lengths from " + minLength + " to " + maxLength);
        }
        this.ranges = List.copyOf(ranges);
        this.excluded = excluded;
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    /** Adds the characters {@code from} to {@code to} inclusive. */
    public StringGen withCharRange(char from, char to) {
        if (from > to) {
            throw new IllegalArgumentException("no characters from " + (int) from + " to " + (int) to);
        }
        List<char[]> more = new ArrayList<>(ranges);
        more.add(new char[] {from, to});
        return new StringGen(more, excluded, minLength, maxLength);
    }

    /** Adds each character of {@code chars}. */
    public StringGen withChars(CharSequence chars) {
        StringGen gen = this;
        for (int i = 0; i < chars.length(); i++) {
            gen = gen.withCharRange(chars.charAt(i), chars.charAt(i));
        }
        return gen;
    }

    /** Adds the ASCII characters, U+0000 to U+007F. */
    public StringGen ascii() {
        return withCharRange('\u0000', '\u007f');
    }

    /** Adds the ASCII letters. */
    public StringGen alpha() {
        return withCharRange('a', 'z').withCharRange('A', 'Z');
    }

    /** Adds the ASCII digits. */
    public StringGen numeric() {
        return withCharRange('0', '9');
    }

    /** Adds every UTF-16 code unit, lone surrogates included. */
    public StringGen all() {
        return withCharRange('\u0000', '\uffff');
    }

    /** Never any of {@code chars}. */
    public StringGen excludeChars(char... chars) {
        return new StringGen(ranges, excluded + new String(chars), minLength, maxLength);
    }

    /** At least {@code length} characters (the maximum raised to it if lower). */
    public StringGen ofMinLength(int length) {
        return new StringGen(ranges, excluded, length, Math.max(length, maxLength));
    }

    /** At most {@code length} characters (the minimum lowered to it if higher). */
    public StringGen ofMaxLength(int length) {
        return new StringGen(ranges, excluded, Math.min(length, minLength), length);
    }

    /** Exactly {@code length} characters. */
    public StringGen ofLength(int length) {
        return new StringGen(ranges, excluded, length, length);
    }

    @Override
    public String generate(Choices choices) {
        StringBuilder text = new StringBuilder();
        double more = Draws.continuation(choices, maxLength - minLength);
        while (text.length() < maxLength && (text.length() < minLength || choices.nextBoolean(more))) {
            text.append(character(choices));
        }
        return text.toString();
    }

    private char character(Choices choices) {
        for (int attempt = 0; attempt < 100; attempt++) {
            char c = pick(choices);
            if (excluded.indexOf(c) < 0) {
                return c;
            }
        }
        throw Draws.discard();
    }

    private char pick(Choices choices) {
        if (ranges.isEmpty()) {
            return (char) choices.next(Character.MAX_VALUE);
        }
        long total = 0;
        for (char[] range : ranges) {
            total += range[1] - range[0] + 1;
        }
        long index = choices.next(total - 1);
        for (char[] range : ranges) {
            long size = range[1] - range[0] + 1;
            if (index < size) {
                return (char) (range[0] + index);
            }
            index -= size;
        }
        throw new AssertionError("an index below the total size always lands");
    }
}
