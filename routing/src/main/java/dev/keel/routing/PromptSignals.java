package dev.keel.routing;

import dev.keel.core.text.UnicodeText;
import java.text.Normalizer;
import java.util.Locale;

/**
 * What routing reads from a prompt (seed 000 §3.4): the scenario tag, whether top secret is mentioned, and the
 * default prompt digest. Pure functions; thread-safe.
 */
public final class PromptSignals {

    /** How many words the default digest keeps. */
    public static final int DIGEST_WORDS = 8;
    /** The shortest word, in code points, the default digest keeps. */
    public static final int DIGEST_MIN_WORD_LENGTH = 4;

    private static final String TOP = "top";
    private static final String SECRET = "secret";

    private PromptSignals() {
    }

    /**
     * True when {@code text} mentions top secret (seed 000 §3.4.3), however written: any case, with spaces,
     * hyphens or other dashes, underscores or nothing between the words ({@code TOP SECRET}, {@code top-secret},
     * {@code Top_Secret}, {@code topsecret}). Compatibility forms are folded first (full-width
     * {@code ＴＯＰ ＳＥＣＲＥＴ}), and invisible format characters (zero-width spaces, soft hyphens) and
     * combining marks ({@code tóp sécret}) are ignored.
     * It also matches inside longer words: a false alarm only keeps a request internal, a miss would not.
     */
    public static boolean mentionsTopSecret(String text) {
        // Decomposed, so that a combining mark never merges into a letter (t + U+0323 stays t, then a mark).
        String folded = isAscii(text) ? text : Normalizer.normalize(text, Normalizer.Form.NFKD);
        int n = folded.length();
        for (int i = 0; i < n; i++) {
            char c = folded.charAt(i);
            if ((c == 't' || c == 'T') && matchesAt(folded, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(String text, int start) {
        int i = word(text, start, TOP);
        if (i < 0) {
            return false;
        }
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            if (!isSeparator(cp) && !isIgnorable(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return word(text, i, SECRET) >= 0;
    }

    // Matches the lower-case ASCII word at i, skipping invisible format characters; the index after it, or -1.
    private static int word(String text, int i, String word) {
        int matched = 0;
        while (matched < word.length()) {
            if (i >= text.length()) {
                return -1;
            }
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (matched > 0 && isIgnorable(cp)) {
                continue;
            }
            if (fold(cp) != word.charAt(matched)) {
                return -1;
            }
            matched++;
        }
        return i;
    }

    private static int fold(int cp) {
        return Character.toLowerCase(Character.toUpperCase(cp));
    }

    private static boolean isSeparator(int cp) {
        int type = Character.getType(cp);
        return isWhiteSpace(cp) || type == Character.DASH_PUNCTUATION || type == Character.CONNECTOR_PUNCTUATION;
    }

    // Invisible or decorating: format characters and combining marks.
    private static boolean isIgnorable(int cp) {
        int type = Character.getType(cp);
        return type == Character.FORMAT || type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK;
    }

    private static boolean isAscii(String text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            if (text.charAt(i) > 0x7F) {
                return false;
            }
        }
        return true;
    }

    /** The characters the routing key drops besides {@code |}: Unicode {@code White_Space} ({@link UnicodeText}). */
    public static boolean isWhiteSpace(int cp) {
        return UnicodeText.isWhiteSpace(cp);
    }

    /**
     * The default {@code <prompt_digest>} ("a few key words from the question"): the first
     * {@value #DIGEST_WORDS} distinct words of at least {@value #DIGEST_MIN_WORD_LENGTH} code points, lower-cased
     * (locale-independent), joined by {@code -}. A word is a maximal run of Unicode letters and digits. Empty when
     * the prompt has no such word. For {@code "SCENARIO 2: retire two boats in Q3 within the budget"} it is
     * {@code scenario-retire-boats-within-budget}.
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
