package dev.keel.core.text;


/**
 * JavaScript string semantics that Java's own methods do not match.
 *
 * <p>Pure functions; thread-safe.
 */
public final class JsText {

    private JsText() {
    }

    /**
     * {@code String.prototype.trim}: removes ECMAScript white space and line terminators from both ends.
     * Unlike {@link String#strip()}, this removes U+00A0, U+FEFF, U+202F and U+2007 and keeps
     * U+001C..U+001F, as JavaScript does.
     */
    public static String trim(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isWhiteSpaceOrLineTerminator(text.charAt(start))) {
            start++;
        }
        while (end > start && isWhiteSpaceOrLineTerminator(text.charAt(end - 1))) {
            end--;
        }
        return start == 0 && end == text.length() ? text : text.substring(start, end);
    }

    /** ECMAScript's WhiteSpace or LineTerminator production (every one of them is in the BMP). */
    public static boolean isWhiteSpaceOrLineTerminator(char c) {
        switch (c) {
            case '\t':
            case '\n':
            case '\u000B':
            case '\f':
            case '\r':
            case ' ':
            case '\u00A0':
            case '\u2028':
            case '\u2029':
            case '\uFEFF':
                return true;
            default:
                return c > 0x7F && Character.getType(c) == Character.SPACE_SEPARATOR;
        }
    }
}
