package dev.keel.stage;

/**
 * Whether a text refers to a name: the deterministic "refers to" of
 * {@link dev.keel.stage.StageRule.SourcesCoverMentions}. Both texts come lower-cased (root locale). A match
 * counts when, at each end of the name that is an ASCII letter or digit, the neighbouring character of the text
 * is not an ASCII letter, digit or underscore: {@code moe} is not in {@code some}, but a name in a script written
 * without spaces is found inside a longer run of text. Pure; thread-safe.
 */
final class Mentions {

    private Mentions() {
    }

    static boolean contains(String text, String name) {
        if (name.isEmpty()) {
            return false;
        }
        boolean boundedStart = isAsciiWordChar(name.charAt(0));
        boolean boundedEnd = isAsciiWordChar(name.charAt(name.length() - 1));
        int from = 0;
        while (true) {
            int at = text.indexOf(name, from);
            if (at < 0) {
                return false;
            }
            int end = at + name.length();
            boolean startOk = !boundedStart || at == 0 || !isAsciiWordChar(text.charAt(at - 1));
            boolean endOk = !boundedEnd || end == text.length() || !isAsciiWordChar(text.charAt(end));
            if (startOk && endOk) {
                return true;
            }
            from = at + 1;
        }
    }

    private static boolean isAsciiWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
}
