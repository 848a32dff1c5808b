package dev.keel.routing;

import java.text.Normalizer;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What routing reads from a prompt (seed 000 §3.4): the scenario tag, whether top secret is mentioned, and the
 * default prompt digest. Pure functions; thread-safe.
 */
public final class PromptSignals {

    /** How many words the default digest keeps. */
    public static final int DIGEST_WORDS = 8;
    /** The shortest word, in code points, the default digest keeps. */
    public static final int DIGEST_MIN_WORD_LENGTH = 4;

    private static final Pattern SCENARIO = Pattern.compile("(?<![\\p{L}\\p{N}])scenario[\\s_-]*([123])(?![\\p{N}])",
            Pattern.CASE_INSENSITIVE);
    private static final String TOP = "top";
    private static final String SECRET = "secret";

    private PromptSignals() {
    }

    /**
     * Seed 000 §3.4.1's {@code <scenario_tag>}: {@code "1"} if the prompt contains {@code SCENARIO 1},
     * {@code "2"} for {@code SCENARIO 2}, {@code "3"} for {@code SCENARIO 3}, {@code "0"} otherwise. Case does
     * not matter, and the number may follow after spaces, a hyphen, an underscore or nothing
     * ({@code scenario-2}, {@code Scenario2}); {@code SCENARIO 12} is none of them. When several are present the
     * seed's order decides: 1 before 2 before 3.
     */
    public static String scenarioTag(String prompt) {
        Set<String> tags = scenarioTags(prompt);
        for (String tag : new String[] {"1", "2", "3"}) {
            if (tags.contains(tag)) {
                return tag;
            }
        }
        return "0";
    }

    /** Every scenario number the prompt mentions, in order of appearance. */
    public static Set<String> scenarioTags(String prompt) {
        Set<String> tags = new LinkedHashSet<>();
        Matcher matcher = SCENARIO.matcher(prompt);
        while (matcher.find()) {
            tags.add(matcher.group(1));
        }
        return tags;
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

    /**
     * The Unicode {@code White_Space} property: the characters the routing key drops besides {@code |}. Unlike
     * {@link Character#isWhitespace}, this includes no-break spaces (U+00A0, U+2007, U+202F) and U+0085, and
     * excludes the information separators U+001C..U+001F.
     */
    public static boolean isWhiteSpace(int cp) {
        if (cp <= 0x20) {
            return cp == 0x20 || (cp >= 0x09 && cp <= 0x0D);
        }
        switch (cp) {
            case 0x85:
            case 0xA0:
            case 0x1680:
            case 0x2028:
            case 0x2029:
            case 0x202F:
            case 0x205F:
            case 0x3000:
                return true;
            default:
                return cp >= 0x2000 && cp <= 0x200A;
        }
    }

    /**
     * The default {@code <prompt_digest>} ("a few key words from the question"): the first
     * {@value #DIGEST_WORDS} distinct words of at least {@value #DIGEST_MIN_WORD_LENGTH} code points, lower-cased
     * (locale-independent), joined by {@code -}. A word is a maximal run of Unicode letters and digits. Empty when
     * the prompt has no such word. For {@code "SCENARIO 2: retire two boats in Q3 within the budget"} it is
     * {@code scenario-retire-boats-within-budget}.
     */
    public static String digest(String prompt) {
        Set<String> words = new LinkedHashSet<>();
        int i = 0;
        int n = prompt.length();
        while (i < n && words.size() < DIGEST_WORDS) {
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
                words.add(prompt.substring(start, i).toLowerCase(Locale.ROOT));
            }
        }
        return String.join("-", words);
    }
}
