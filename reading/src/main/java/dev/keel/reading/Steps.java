package dev.keel.reading;

/**
 * The elementary steps the outbound filter took on one text (a token read, a comparison of a word with a stem, a
 * character visited): its work, which tests compare across sizes of input to show that it grows linearly with the
 * text, whatever the text holds. Counting costs an addition. Not thread-safe: one per filtered text.
 */
final class Steps {

    private long count;

    void add(long steps) {
        count += steps;
    }

    long count() {
        return count;
    }
}
