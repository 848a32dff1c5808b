package dev.keel.core.text;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * HTML character references, as {@link NormalizedText#ofMarkup} decodes them: numeric ones, and the named ones
 * that can spell a figure or hide one (letters, digits' companions, punctuation, spaces, invisible characters).
 * Immutable (the tables are filled once) and thread-safe.
 */
final class CharacterReferences {

    /** A decoded reference: the characters it stands for, and the offset just past it. */
    record Reference(String characters, int end) {
    }

    // U+00A0 to U+00FF, in order. Browsers decode these, and the four below, without a semicolon too.
    private static final String[] LATIN_1 = {"nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect",
        "uml", "copy", "ordf", "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
        "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute",
        "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute",
        "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave",
        "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring",
        "aelig", "ccedil", "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde",
        "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml",
        "yacute", "thorn", "yuml"};

    // Name, characters: references that need their semicolon.
    private static final String[] WITH_SEMICOLON = {
        "apos", "'", "half", "½", "frac13", "⅓", "frac23", "⅔", "frac15", "⅕", "frac25", "⅖", "frac35", "⅗",
        "frac45", "⅘", "frac16", "⅙", "frac56", "⅚", "frac18", "⅛", "frac38", "⅜", "frac58", "⅝", "frac78", "⅞",
        "percnt", "%", "permil", "‰", "dollar", "$", "euro", "€", "num", "#", "period", ".", "comma", ",",
        "colon", ":", "semi", ";", "excl", "!", "quest", "?", "lpar", "(", "rpar", ")", "lsqb", "[", "rsqb", "]",
        "lbrack", "[", "rbrack", "]", "lcub", "{", "rcub", "}", "lbrace", "{", "rbrace", "}", "ast", "*",
        "midast", "*", "commat", "@", "sol", "/", "bsol", "\\", "lowbar", "_", "UnderBar", "_", "plus", "+",
        "equals", "=", "minus", "−", "hyphen", "‐", "dash", "‐", "ndash", "–", "mdash", "—", "horbar", "―",
        "prime", "′", "Prime", "″", "grave", "`", "Hat", "^", "verbar", "|", "vert", "|", "VerticalLine", "|",
        "tilde", "˜", "sdot", "⋅", "bull", "•", "hellip", "…", "lsquo", "‘", "rsquo", "’", "ldquo", "“",
        "rdquo", "”", "Tab", "\t", "NewLine", "\n", "NonBreakingSpace", "\u00A0", "ensp", "\u2002", "emsp", "\u2003",
        "emsp13", "\u2004", "emsp14", "\u2005", "numsp", "\u2007", "puncsp", "\u2008", "thinsp", "\u2009",
        "ThinSpace", "\u2009", "hairsp", "\u200A", "VeryThinSpace", "\u200A", "MediumSpace", "\u205F",
        "ZeroWidthSpace", "\u200B", "NegativeVeryThinSpace", "\u200B", "NegativeThinSpace", "\u200B",
        "NegativeMediumSpace", "\u200B", "NegativeThickSpace", "\u200B", "zwnj", "\u200C", "zwj", "\u200D",
        "lrm", "\u200E", "rlm", "\u200F", "NoBreak", "\u2060", "af", "\u2061", "ApplyFunction", "\u2061",
        "it", "\u2062", "InvisibleTimes", "\u2062", "ic", "\u2063", "InvisibleComma", "\u2063"};

    private static final Map<String, String> NAMED = new HashMap<>();
    private static final Set<String> WITHOUT_SEMICOLON = new HashSet<>();
    private static final int LONGEST_NAME_WITHOUT_SEMICOLON;

    static {
        for (int i = 0; i < LATIN_1.length; i++) {
            NAMED.put(LATIN_1[i], Character.toString(0xA0 + i));
            WITHOUT_SEMICOLON.add(LATIN_1[i]);
        }
        for (String[] entry : new String[][] {{"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}}) {
            NAMED.put(entry[0], entry[1]);
            WITHOUT_SEMICOLON.add(entry[0]);
        }
        for (int i = 0; i < WITH_SEMICOLON.length; i += 2) {
            NAMED.put(WITH_SEMICOLON[i], WITH_SEMICOLON[i + 1]);
        }
        // &Aopf; (𝔸), &Afr; (𝔄), &Ascr; (𝒜) and so on: NFKC makes each the plain letter, so decode to that.
        for (char letter : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray()) {
            for (String style : new String[] {"opf", "fr", "scr"}) {
                NAMED.put(letter + style, String.valueOf(letter));
            }
        }
        LONGEST_NAME_WITHOUT_SEMICOLON = WITHOUT_SEMICOLON.stream().mapToInt(String::length).max().orElseThrow();
    }

    private CharacterReferences() {
    }

    /** The reference starting with the {@code &} at {@code ampersand}, or null when none does. */
    static @Nullable Reference read(String text, int ampersand) {
        int i = ampersand + 1;
        if (i < text.length() && text.charAt(i) == '#') {
            return numeric(text, i + 1);
        }
        int end = i;
        while (end < text.length() && isAsciiLetterOrDigit(text.charAt(end))) {
            end++;
        }
        String name = text.substring(i, end);
        if (end < text.length() && text.charAt(end) == ';' && NAMED.containsKey(name)) {
            return new Reference(NAMED.get(name), end + 1);
        }
        // As browsers do: the longest name that may go without its semicolon, even with letters after it.
        for (int length = Math.min(name.length(), LONGEST_NAME_WITHOUT_SEMICOLON); length >= 2; length--) {
            String prefix = name.substring(0, length);
            if (WITHOUT_SEMICOLON.contains(prefix)) {
                return new Reference(Objects.requireNonNull(NAMED.get(prefix)), i + length); // a name of NAMED
            }
        }
        return null;
    }

    /** {@code &#} then decimal digits, or {@code x} and hexadecimal digits, then an optional semicolon. */
    private static @Nullable Reference numeric(String text, int afterHash) {
        boolean hex = afterHash < text.length() && (text.charAt(afterHash) == 'x' || text.charAt(afterHash) == 'X');
        int radix = hex ? 16 : 10;
        int start = hex ? afterHash + 1 : afterHash;
        int end = start;
        long value = 0;
        while (end < text.length() && asciiDigit(text.charAt(end), radix) >= 0) {
            // Capped: any number past the last code point names none, however long it is.
            value = Math.min(value * radix + asciiDigit(text.charAt(end), radix), Character.MAX_CODE_POINT + 1);
            end++;
        }
        if (end == start) {
            return null;
        }
        boolean names = value > 0 && value <= Character.MAX_CODE_POINT
                && !(value >= Character.MIN_SURROGATE && value <= Character.MAX_SURROGATE);
        String characters = Character.toString(names ? (int) value : 0xFFFD);
        return new Reference(characters, end < text.length() && text.charAt(end) == ';' ? end + 1 : end);
    }

    private static int asciiDigit(char c, int radix) {
        return c < 0x80 ? Character.digit(c, radix) : -1;
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return c < 0x80 && Character.isLetterOrDigit(c);
    }
}
