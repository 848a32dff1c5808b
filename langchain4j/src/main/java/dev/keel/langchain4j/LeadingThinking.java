package dev.keel.langchain4j;

/**
 * A reasoning model's leading {@code <think>...</think>} block (deepseek-r1 and the like): its chain of thought, which
 * is not part of the answer. {@link #removedFrom} removes it from a whole reply; an instance removes it from a reply
 * arriving in chunks, holding text back only while it may still be part of the block. Pure static part; an
 * instance is not thread-safe (one per stream).
 */
final class LeadingThinking {

    private static final String OPEN = "<think>";
    private static final String CLOSE = "</think>";

    private enum State { UNDECIDED, THINKING, AFTER_THINKING, PASSING }

    private final StringBuilder held = new StringBuilder();
    private State state = State.UNDECIDED;

    /** {@code text} without a leading think block (and the space around what follows it); unchanged without one. */
    static String removedFrom(String text) {
        String stripped = text.stripLeading();
        if (!stripped.startsWith(OPEN)) {
            return text;
        }
        int close = stripped.indexOf(CLOSE);
        return close < 0 ? text : stripped.substring(close + CLOSE.length()).strip();
    }

    /** What of the reply can be passed on once {@code chunk} arrived: empty while it may still be thinking. */
    String accept(String chunk) {
        switch (state) {
            case PASSING:
                return chunk;
            case UNDECIDED:
                held.append(chunk);
                String start = held.toString().stripLeading();
                if (start.startsWith(OPEN)) {
                    state = State.THINKING;
                    return afterClose();
                }
                if (OPEN.startsWith(start)) {
                    return ""; // blank, or a beginning of the opening tag
                }
                state = State.PASSING;
                return release();
            case THINKING:
                held.append(chunk);
                return afterClose();
            default:
                return startOfAnswer(chunk);
        }
    }

    /** What was held back when the reply ends: an unfinished block is not removed, as {@link #removedFrom} keeps it. */
    String end() {
        return state == State.UNDECIDED || state == State.THINKING ? release() : "";
    }

    private String afterClose() {
        int close = held.indexOf(CLOSE);
        if (close < 0) {
            return "";
        }
        String rest = held.substring(close + CLOSE.length());
        held.setLength(0);
        state = State.AFTER_THINKING;
        return startOfAnswer(rest);
    }

    private String startOfAnswer(String text) {
        String answer = text.stripLeading();
        if (!answer.isEmpty()) {
            state = State.PASSING;
        }
        return answer;
    }

    private String release() {
        String text = held.toString();
        held.setLength(0);
        return text;
    }
}
