package dev.keel.routing;

import java.util.Locale;

/**
 * What routing reads from a prompt: the default prompt digest, the part of the weighted strategy's routing key
 * that comes from the prompt when the caller gives no digest of its own. Pure functions; thread-safe.
 */
public final class PromptSignals {

    /** How many words the default digest keeps. */
    public static final int DIGEST_WORDS = 8;
    /** The shortest word, in code points, the default digest keeps. */
    public static final int DIGEST_MIN_WORD_LENGTH = 4;

    private PromptSignals() {
    }

    /**
     * The default {@code <prompt_digest>} ("a few key words from the question"): the first
     * {@value #DIGEST_WORDS} distinct words of at least {@value #DIGEST_MIN_WORD_LENGTH} code points, lower-cased
     * (locale-independent), joined by {@code -}. A word is a maximal run of Unicode letters and digits. Empty when
     * the prompt has no such word. For {@code "Plan 2: discharge two patients in Q3 within the budget"} it
     * is {@code plan-discharge-patients-within-budget}.
     */
    public static String digest(String prompt) {
        StringBuilder digest = new StringBuilder();
        int kept = 0;
        int i = 0;
        int n = prompt.length();
        while (i < n && kept < DIGEST_WORDS) {
            int cp = prompt.codePointAt(i);
            if (!Character.isLetterOrDigit(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            int length = 0;
            while (i < n && Character.isLetterOrDigit(cp = prompt.codePointAt(i))) {
                i += Character.charCount(cp);
                length++;
            }
            if (length >= DIGEST_MIN_WORD_LENGTH) {
                String word = prompt.substring(start, i).toLowerCase(Locale.ROOT);
                if (!containsWord(digest, word)) {
                    if (kept > 0) {
                        digest.append('-');
                    }
                    digest.append(word);
                    kept++;
                }
            }
        }
        return digest.toString();
    }

    // Whether the '-'-joined digest so far already holds word: at most eight short words, so a scan is cheapest.
    private static boolean containsWord(StringBuilder digest, String word) {
        int from = 0;
        while (from <= digest.length()) {
            int end = digest.indexOf("-", from);
            if (end < 0) {
                end = digest.length();
            }
            if (end - from == word.length() && digest.indexOf(word, from) == from) {
                return true;
            }
            from = end + 1;
        }
        return false;
    }
}
