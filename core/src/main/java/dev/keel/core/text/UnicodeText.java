package dev.keel.core.text;

/**
 * Unicode character properties that Java's {@link Character} methods do not give exactly.
 *
 * <p>Pure functions; thread-safe.
 */
public final class UnicodeText {

    private UnicodeText() {
    }

    /**
     * The Unicode {@code White_Space} property. Unlike {@link Character#isWhitespace}, this includes the no-break
     * spaces (U+00A0, U+2007, U+202F) and U+0085, and excludes the information separators U+001C..U+001F.
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
}
