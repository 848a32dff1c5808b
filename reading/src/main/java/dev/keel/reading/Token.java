package dev.keel.reading;

import dev.keel.core.text.NormalizedText;
import dev.keel.core.text.UnicodeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A token of a normalised text, as the PARTIAL scanner reads it. Immutable and thread-safe.
 *
 * @param type   what it is
 * @param start  its start in the normalised text
 * @param end    its end in the normalised text
 * @param text   its text
 * @param folded for a word, its text in lower case, the form in which words are compared ("EIGHTY" and, since
 *               normalisation removed the accents, "Éighty" are "eighty"); otherwise the text
 * @param length how many characters of the original it comes from, a character that normalisation made several
 *               ("Ⅻ" is "XII") or a character reference ({@code &#56;} is "8") counting once: the length a reader
 *               sees
 */
record Token(Token.Type type, int start, int end, String text, String folded, int length) {

    /**
     * The kinds of token. Adjacent words and numbers ("Q3", "3rd", "x2") together make one word of the text, as
     * a reader sees it.
     */
    enum Type {
        /** Letters of one script, with their marks ("在weeks" is two words: a reader sees where they meet). */
        WORD,
        /**
         * Characters of Unicode category N and their marks, and every character that comes from one in the
         * original (NFKC makes "Ⅻ" "XII" and "½" "1⁄2": they are numbers still).
         */
        NUMBER,
        /** White space. */
        SPACE,
        /** One other character: punctuation, a symbol. */
        SYMBOL
    }

    boolean is(Type type) {
        return this.type == type;
    }

    /** The tokens of {@code normalized}'s text, in order; together they cover it. */
    static List<Token> tokenize(NormalizedText normalized) {
        String text = normalized.text();
        boolean[] numeric = numericCharacters(normalized);
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            Type type = typeAt(text, i, numeric);
            Character.UnicodeScript script = scriptOf(text.codePointAt(i));
            int end = i + Character.charCount(text.codePointAt(i));
            int length = 1;
            while (end < text.length() && continues(type, script, text, end, numeric)) {
                if (normalized.originalStart(end) != normalized.originalStart(end - 1)) {
                    length++;
                }
                end += Character.charCount(text.codePointAt(end));
            }
            String tokenText = text.substring(i, end);
            tokens.add(new Token(type, i, end, tokenText, type == Type.WORD ? fold(tokenText) : tokenText, length));
            i = end;
        }
        return tokens;
    }

    private static Type typeAt(String text, int i, boolean[] numeric) {
        int cp = text.codePointAt(i);
        if (numeric[i]) {
            return Type.NUMBER;
        }
        if (Character.isLetter(cp) || isMark(cp)) {
            return Type.WORD;
        }
        return UnicodeText.isWhiteSpace(cp) ? Type.SPACE : Type.SYMBOL;
    }

    /** Whether the character at {@code i} continues a token of {@code type} whose first character has {@code script}. */
    private static boolean continues(Type type, Character.UnicodeScript script, String text, int i, boolean[] numeric) {
        Type next = typeAt(text, i, numeric);
        int cp = text.codePointAt(i);
        if (next == Type.WORD && isMark(cp)) {
            return type == Type.WORD || type == Type.NUMBER; // a mark belongs to the letter or digit it is written on
        }
        return next == type && type != Type.SYMBOL && (type != Type.WORD || scriptOf(cp) == script);
    }

    private static Character.UnicodeScript scriptOf(int cp) {
        return cp < 0x80 ? Character.UnicodeScript.LATIN : Character.UnicodeScript.of(cp); // most letters are ASCII
    }

    /** For each character of the normalised text, whether it is numeric: of category N, or coming from one. */
    private static boolean[] numericCharacters(NormalizedText normalized) {
        String text = normalized.text();
        boolean[] numeric = new boolean[text.length()];
        for (int i = 0; i < text.length(); i++) {
            numeric[i] = isNumeric(text.codePointAt(i)) || normalized.fromNumber(i);
        }
        return numeric;
    }

    static boolean isNumeric(int cp) {
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    /**
     * Whether {@code cp} belongs to a word as a reader sees it: a letter, a mark, or a character of category N (a
     * word and the number it touches are one word).
     */
    static boolean isWordCharacter(int cp) {
        return Character.isLetter(cp) || isNumeric(cp) || isMark(cp);
    }

    private static boolean isMark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    /**
     * Lower case. (The normalised text has no combining marks; the one character whose lower case would bring one
     * back, "İ", normalisation has already made "I".)
     */
    static String fold(String word) {
        return word.toLowerCase(Locale.ROOT);
    }
}
