package dev.keel.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The index terms of a text for lexical ranking: lower-cased words (runs of letters and digits), without
 * English stop words, with a plural {@code s} removed. Pure and thread-safe.
 */
final class Terms {

    private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "been", "but",
            "by", "can", "do", "does", "for", "from", "had", "has", "have", "how", "i", "if", "in", "into", "is", "it",
            "its", "may", "me", "must", "my", "no", "not", "of", "on", "or", "our", "should", "so", "such", "than",
            "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "was", "we",
            "were", "what", "when", "which", "while", "who", "will", "with", "would", "you", "your");

    private Terms() {
    }

    /** The terms of {@code text}, in order, with repeats. */
    public static List<String> of(String text) {
        Words words = Words.of(text);
        List<String> terms = new ArrayList<>(words.count());
        for (int i = 0; i < words.count(); i++) {
            String word = words.word(i).toLowerCase(Locale.ROOT);
            if (!STOP_WORDS.contains(word)) {
                terms.add(singular(word));
            }
        }
        return terms;
    }

    // Deliberately light: plural endings only, so that distinct words are never merged by accident.
    static String singular(String word) {
        int n = word.length();
        if (n > 4 && word.endsWith("ies")) {
            return word.substring(0, n - 3) + "y";
        }
        if (n > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
            return word.substring(0, n - 1);
        }
        return word;
    }
}
