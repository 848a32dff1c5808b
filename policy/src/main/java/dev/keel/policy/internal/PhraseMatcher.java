package dev.keel.policy.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One phrase of a domain rule, compiled: its words (lower case), each either exact or a prefix (written with
 * a trailing {@code *}), and how many other words may stand between two of them. See
 * {@link dev.keel.policy.DomainRule} for the syntax. Immutable and thread-safe.
 */
public final class PhraseMatcher {

    /** What a phrase must look like: words of letters and digits, each optionally ending in {@code *}. */
    public static final String PHRASE_PATTERN = "^[\\p{L}\\p{N}\\p{M}]+\\*?(?:[\\s\\-]+[\\p{L}\\p{N}\\p{M}]+\\*?)*$";

    /** The message for a phrase that does not match {@link #PHRASE_PATTERN}. */
    public static final String PHRASE_RULE = "must be words of letters and digits separated by spaces or hyphens,"
            + " each optionally ending in * (for example \"dock capacit*\")";

    private final String phrase;
    private final String[] words;
    private final boolean[] prefix;
    private final int maxGap;

    private PhraseMatcher(String phrase, String[] words, boolean[] prefix, int maxGap) {
        this.phrase = phrase;
        this.words = words;
        this.prefix = prefix;
        this.maxGap = maxGap;
    }

    /** Compiles a phrase that matches {@link #PHRASE_PATTERN}. */
    public static PhraseMatcher compile(String phrase, int maxGap) {
        List<String> parts = new ArrayList<>();
        for (String part : phrase.strip().split("[\\s\\-]+")) {
            if (!part.isEmpty()) {
                parts.add(part.toLowerCase(Locale.ROOT));
            }
        }
        String[] words = new String[parts.size()];
        boolean[] prefix = new boolean[parts.size()];
        for (int i = 0; i < words.length; i++) {
            String part = parts.get(i);
            prefix[i] = part.endsWith("*");
            words[i] = prefix[i] ? part.substring(0, part.length() - 1) : part;
        }
        return new PhraseMatcher(phrase, words, prefix, maxGap);
    }

    /** The phrase as written in the rule. */
    public String phrase() {
        return phrase;
    }

    /**
     * The first (leftmost) occurrence in {@code words}, as {@code {first word, last word}}, or null.
     * Among occurrences starting at the same word, the one with the smallest gaps wins.
     */
    public int[] find(Words text) {
        for (int first = 0; first < text.count(); first++) {
            if (matches(text, first, 0)) {
                int last = matchRest(text, first, 1);
                if (last >= 0) {
                    return new int[] {first, last};
                }
            }
        }
        return null;
    }

    // Depth-first over the allowed gaps: phrases are a few words and gaps at most 10, so this stays small.
    private int matchRest(Words text, int previous, int wordIndex) {
        if (wordIndex == words.length) {
            return previous;
        }
        int limit = Math.min(text.count() - 1, previous + 1 + maxGap);
        for (int next = previous + 1; next <= limit; next++) {
            if (matches(text, next, wordIndex)) {
                int last = matchRest(text, next, wordIndex + 1);
                if (last >= 0) {
                    return last;
                }
            }
        }
        return -1;
    }

    private boolean matches(Words text, int word, int wordIndex) {
        return prefix[wordIndex] ? text.startsWithIgnoreCase(word, words[wordIndex])
                : text.equalsIgnoreCase(word, words[wordIndex]);
    }
}
