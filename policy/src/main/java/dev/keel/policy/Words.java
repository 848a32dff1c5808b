package dev.keel.policy;

import java.util.Arrays;

/**
 * The words of a text: maximal runs of Unicode letters, digits and combining marks, as UTF-16 offsets into
 * the text. Everything else (spaces, punctuation, hyphens, symbols) separates words. Immutable after
 * construction and thread-safe.
 */
final class Words {

    private final String text;
    private final int[] starts;
    private final int[] ends;
    private final int count;

    private Words(String text, int[] starts, int[] ends, int count) {
        this.text = text;
        this.starts = starts;
        this.ends = ends;
        this.count = count;
    }

    /** Splits {@code text} into words. */
    public static Words of(String text) {
        int[] starts = new int[16];
        int[] ends = new int[16];
        int count = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            int cp = text.codePointAt(i);
            if (!isWordCodePoint(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            while (i < n) {
                cp = text.codePointAt(i);
                if (!isWordCodePoint(cp)) {
                    break;
                }
                i += Character.charCount(cp);
            }
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                ends = Arrays.copyOf(ends, count * 2);
            }
            starts[count] = start;
            ends[count] = i;
            count++;
        }
        return new Words(text, starts, ends, count);
    }

    /** True for letters, digits (any script) and combining marks. */
    public static boolean isWordCodePoint(int codePoint) {
        switch (Character.getType(codePoint)) {
            case Character.UPPERCASE_LETTER:
            case Character.LOWERCASE_LETTER:
            case Character.TITLECASE_LETTER:
            case Character.MODIFIER_LETTER:
            case Character.OTHER_LETTER:
            case Character.DECIMAL_DIGIT_NUMBER:
            case Character.LETTER_NUMBER:
            case Character.OTHER_NUMBER:
            case Character.NON_SPACING_MARK:
            case Character.ENCLOSING_MARK:
            case Character.COMBINING_SPACING_MARK:
                return true;
            default:
                return false;
        }
    }

    public String text() {
        return text;
    }

    public int count() {
        return count;
    }

    public int start(int word) {
        return starts[word];
    }

    public int end(int word) {
        return ends[word];
    }

    /** The word's text. */
    public String word(int word) {
        return text.substring(starts[word], ends[word]);
    }

    /** True when word {@code word} equals {@code lowerCase}, ignoring case. */
    public boolean equalsIgnoreCase(int word, String lowerCase) {
        int length = ends[word] - starts[word];
        return length == lowerCase.length() && text.regionMatches(true, starts[word], lowerCase, 0, length);
    }

    /** True when word {@code word} starts with {@code lowerCasePrefix}, ignoring case. */
    public boolean startsWithIgnoreCase(int word, String lowerCasePrefix) {
        int length = ends[word] - starts[word];
        return length >= lowerCasePrefix.length()
                && text.regionMatches(true, starts[word], lowerCasePrefix, 0, lowerCasePrefix.length());
    }
}
