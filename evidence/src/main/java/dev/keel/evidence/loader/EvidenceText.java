package dev.keel.evidence.loader;

/** Safe handling and display of evidence file text. Pure and thread-safe. */
final class EvidenceText {

    private static final char BYTE_ORDER_MARK = '\uFEFF';
    private static final int MAX_SHOWN = 120;

    private EvidenceText() {
    }

    static String withoutByteOrderMark(String text) {
        return !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
    }

    /**
     * {@code text} for a message: invisible and control characters written as {@code \}{@code uXXXX}, so that two
     * texts that differ only by one never look the same, and cut at a bounded length.
     */
    static String visible(String text) {
        StringBuilder shown = new StringBuilder();
        int i = 0;
        for (; i < text.length() && shown.length() < MAX_SHOWN; i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            if (type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.UNASSIGNED || Character.isWhitespace(c) && c != ' ') {
                shown.append(String.format("\\u%04X", (int) c));
            } else {
                shown.append(c);
            }
        }
        return i < text.length() ? shown + "..." : shown.toString();
    }
}
