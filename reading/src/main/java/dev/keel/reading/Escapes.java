package dev.keel.reading;

/**
 * Reads the JSON and JavaScript string escapes of a text as the characters they stand for, so that an escape never
 * hides what follows it: text embedded as JSON in a prompt writes a line break as the two characters {@code \n}, and
 * read as written "{@code \nforty}" would be the word "nforty". Read are {@code \n \t \r \b \f \/ \"} and
 * <code>&#92;uXXXX</code> (a surrogate pair as its two escapes gives the one character). A run of backslashes before
 * one of these is read as the one escape: each level of embedding doubles the backslashes before it, and none of them
 * is text (<code>&#92;&#92;n</code> is a line break too). Any other backslash, {@code \\} included, is kept: a
 * backslash is no part of a word either way. Each character read maps back to the whole escape it comes from. One
 * pass over the text. Pure; thread-safe.
 */
final class Escapes {

    private Escapes() {
    }

    /** {@code reading} with its escapes read; itself when it holds no backslash. */
    static Reading read(Reading reading, Steps steps) {
        String text = reading.text();
        steps.add(text.length());
        if (text.indexOf('\\') < 0) {
            return reading;
        }
        Reading.Builder out = new Reading.Builder(reading.source(), text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '\\') {
                out.append(c, reading.sourceStart(i), reading.sourceEnd(i + 1));
                i++;
                continue;
            }
            int run = i;
            while (run < text.length() && text.charAt(run) == '\\') {
                run++;
            }
            int end = escapeEnd(text, run);
            if (end < 0) {
                for (int k = i; k < run; k++) {
                    out.append('\\', reading.sourceStart(k), reading.sourceEnd(k + 1));
                }
                i = run;
                continue;
            }
            out.append(decode(text, run), reading.sourceStart(i), reading.sourceEnd(end));
            i = end;
        }
        return out.build();
    }

    /** Where the escape whose letter is at {@code letter} ends; -1 when no escape is there. */
    private static int escapeEnd(String text, int letter) {
        if (letter >= text.length()) {
            return -1;
        }
        switch (text.charAt(letter)) {
            case 'n', 't', 'r', 'b', 'f', '/', '"':
                return letter + 1;
            case 'u':
                for (int k = letter + 1; k <= letter + 4; k++) {
                    if (k >= text.length() || Character.digit(text.charAt(k), 16) < 0) {
                        return -1;
                    }
                }
                return letter + 5;
            default:
                return -1;
        }
    }

    private static char decode(String text, int letter) {
        switch (text.charAt(letter)) {
            case 'n':
                return '\n';
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'u':
                return (char) Integer.parseInt(text.substring(letter + 1, letter + 5), 16);
            default:
                return text.charAt(letter);
        }
    }
}
