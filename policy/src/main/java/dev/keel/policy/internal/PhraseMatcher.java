package dev.keel.policy.internal;

import dev.keel.core.text.NormalizedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * One phrase of a domain rule, compiled: its words (lower case), each either exact or a prefix (written with
 * a trailing {@code *}), and how many other words may stand between two of them. See
 * {@link dev.keel.policy.DomainRule} for the syntax. Immutable and thread-safe.
 */
public final class PhraseMatcher {

    private static final int NONE = Integer.MAX_VALUE;

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

    /**
     * Compiles a phrase the policy document's JSON Schema accepts: words of letters and digits separated by spaces
     * or hyphens, each optionally ending in {@code *}.
     */
    public static PhraseMatcher compile(String phrase, int maxGap) {
        List<String> parts = new ArrayList<>();
        // Normalised as the text is, so that a phrase written with accents matches the words it names.
        for (String part : NormalizedText.of(phrase).text().strip().split("[\\s\\-]+")) {
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
     * The first (leftmost) occurrence in {@code text}, as {@code {first word, last word}}, or null. Among
     * occurrences starting at the same word, the one whose every word comes as early as possible wins (so the
     * smallest gaps, first gap first).
     *
     * <p>One pass per phrase word, right to left over the text: time and memory proportional to the number of
     * words of the text times those of the phrase, whatever the gaps (trying each way to fill them would grow as
     * (gap + 1) to the power of the phrase's length).
     */
    public int @Nullable [] find(Words text) {
        int n = text.count();
        // earliest[w][i]: the first word at or after i where phrase words w.. can match with w there; NONE if none.
        int[][] earliest = new int[words.length][];
        for (int w = words.length - 1; w >= 0; w--) {
            int[] row = new int[n + 1];
            row[n] = NONE;
            for (int i = n - 1; i >= 0; i--) {
                boolean fits = matches(text, i, w) && (w == words.length - 1 || earliest[w + 1][i + 1] <= i + 1 + maxGap);
                row[i] = fits ? i : row[i + 1];
            }
            earliest[w] = row;
        }
        int first = earliest[0][0];
        if (first == NONE) {
            return null;
        }
        int last = first;
        for (int w = 1; w < words.length; w++) {
            last = earliest[w][last + 1];
        }
        return new int[] {first, last};
    }

    private boolean matches(Words text, int word, int wordIndex) {
        return prefix[wordIndex] ? text.startsWithIgnoreCase(word, words[wordIndex])
                : text.equalsIgnoreCase(word, words[wordIndex]);
    }
}
