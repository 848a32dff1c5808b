package dev.keel.test.properties;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/** A generated value as a failure message shows it: strings quoted with invisible characters escaped, bounded. */
final class Shown {

    private static final int MAX_CHARS = 2_000;

    private Shown() {
    }

    static String of(@Nullable Object value) {
        String shown;
        if (value instanceof CharSequence text) {
            shown = quoted(text);
        } else if (value instanceof Object[] array) {
            shown = Arrays.deepToString(array);
        } else if (value != null && value.getClass().isArray()) {
            shown = Arrays.deepToString(new Object[] {value});
            shown = shown.substring(1, shown.length() - 1);
        } else {
            shown = String.valueOf(value);
        }
        return shown.length() <= MAX_CHARS ? shown
                : shown.substring(0, MAX_CHARS) + "... (" + shown.length() + " characters)";
    }

    private static String quoted(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            boolean invisible = c < 0x20 || c == 0x7f || type == Character.CONTROL || type == Character.FORMAT
                    || type == Character.SURROGATE || type == Character.UNASSIGNED || type == Character.SPACE_SEPARATOR
                    && c != ' ';
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (invisible) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
