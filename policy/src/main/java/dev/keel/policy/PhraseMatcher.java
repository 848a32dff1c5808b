package dev.keel.policy;

import dev.keel.core.text.NormalizedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * One phrase of a domain rule or of a marking, compiled: its words, read as the text is read (normalised by
 * {@link NormalizedText}, then split into {@link Words}), lower case unless the phrase is case-sensitive. A domain
 * rule's phrase matches whole words of the text, each exact or a prefix (written with a trailing {@code *}), with at
 * most {@code maxGap} other words between two of them (see {@link dev.keel.policy.DomainRule}); a marking's phrase
 * matches its words in order with any run of other characters, possibly none, between two of them (see
 * {@link dev.keel.policy.Marking}). Immutable and thread-safe.
 */
final class PhraseMatcher {

    private static final int NONE = Integer.MAX_VALUE;

    private final String phrase;
    private final String[] words;
    private final boolean[] prefix;
    private final int maxGap;
    // A marking's words may run together ("topsecret" carries "top secret"); a domain phrase's are whole words.
    private final boolean joined;
    private final boolean caseSensitive;

    private PhraseMatcher(String phrase, int maxGap, boolean joined, boolean caseSensitive) {
        this.phrase = phrase;
        this.maxGap = maxGap;
        this.joined = joined;
        this.caseSensitive = caseSensitive;
        // The phrase is read as the text is, so that a phrase written with accents, full-width letters or invisible
        // characters names the words a reader sees, and splits where the text's words split ("½" is "1", "2").
        String normalized = NormalizedText.of(phrase).text();
        Words parts = Words.of(normalized);
        this.words = new String[parts.count()];
        this.prefix = new boolean[parts.count()];
        for (int i = 0; i < words.length; i++) {
            words[i] = caseSensitive ? parts.word(i) : parts.word(i).toLowerCase(Locale.ROOT);
            prefix[i] = !joined && parts.end(i) < normalized.length() && normalized.charAt(parts.end(i)) == '*';
        }
    }

    /**
     * A domain rule's phrase, as the policy document's JSON Schema accepts it: words of letters and digits separated
     * by spaces or hyphens, each optionally ending in {@code *}.
     */
    public static PhraseMatcher compile(String phrase, int maxGap) {
        return new PhraseMatcher(phrase, maxGap, false, false);
    }

    /** A marking's phrase: its words are its runs of letters and digits, whatever stands between them. */
    public static PhraseMatcher marking(String phrase, boolean caseSensitive) {
        return new PhraseMatcher(phrase, 0, true, caseSensitive);
    }

    /** The phrase as written in the rule or marking. */
    public String phrase() {
        return phrase;
    }

    /**
     * The phrase as it is matched: its words, lower case unless it is case-sensitive, joined by one space, a prefix
     * word with its {@code *}. Two phrases of one kind with the same canonical text match the same texts.
     */
    public String canonical() {
        List<String> parts = new ArrayList<>(words.length);
        for (int i = 0; i < words.length; i++) {
            parts.add(prefix[i] ? words[i] + "*" : words[i]);
        }
        return String.join(" ", parts);
    }

    /** True when normalisation leaves the phrase no word (only invisible or filler characters): it never matches. */
    public boolean isEmpty() {
        return words.length == 0;
    }

    /**
     * The first (leftmost) occurrence in {@code text}, as {@code {first word, last word}}, or null. Among
     * occurrences starting at the same word, the one whose every word comes as early as possible wins (so the
     * smallest gaps, first gap first).
     *
     * <p>Time and memory proportional to the number of words of the text times those of the phrase, whatever the
     * gaps (trying each way to fill them would grow as (gap + 1) to the power of the phrase's length).
     */
    public int @Nullable [] find(Words text) {
        if (words.length == 0) {
            return null;
        }
        return joined ? findJoined(text) : findWords(text);
    }

    /** One pass per phrase word, right to left over the text. */
    private int @Nullable [] findWords(Words text) {
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

    /**
     * From each word of the text, one walk: a phrase word is read where the last one ended, inside the same text
     * word (nothing between them) or at the start of the next one (other characters between them, since words are
     * maximal), and the phrase must start and end on a text word's edges. A phrase word never spans two text words.
     */
    private int @Nullable [] findJoined(Words text) {
        for (int first = 0; first < text.count(); first++) {
            int word = first;
            int at = text.start(first);
            boolean matched = true;
            for (int w = 0; w < words.length && matched; w++) {
                if (at == text.end(word)) {
                    word++;
                    matched = word < text.count();
                    at = matched ? text.start(word) : at;
                }
                matched = matched && text.end(word) - at >= words[w].length()
                        && text.text().regionMatches(!caseSensitive, at, words[w], 0, words[w].length());
                at += words[w].length();
            }
            if (matched && at == text.end(word)) {
                return new int[] {first, word};
            }
        }
        return null;
    }
}
