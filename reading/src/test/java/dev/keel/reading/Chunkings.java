package dev.keel.reading;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A text cut into the chunks a stream might deliver, for the streaming filters' generated tests. Pure given the
 * {@link Random}; thread-safe.
 */
final class Chunkings {

    private Chunkings() {
    }

    /**
     * {@code text} whole, in single characters, in chunks of up to a random size below {@code small} and below
     * {@code large} (empty chunks among them), and in two pieces cut at a random place.
     */
    static List<List<String>> of(Random random, String text, int small, int large) {
        List<List<String>> chunkings = new ArrayList<>();
        chunkings.add(List.of(text));
        chunkings.add(pieces(text, random, 1));
        chunkings.add(pieces(text, random, 1 + random.nextInt(small)));
        chunkings.add(pieces(text, random, 1 + random.nextInt(large)));
        int cut = text.isEmpty() ? 0 : random.nextInt(text.length() + 1);
        chunkings.add(List.of(text.substring(0, cut), text.substring(cut)));
        return chunkings;
    }

    /** {@code text} in chunks of 1 to {@code largest} characters (1: single characters), empty ones among them. */
    private static List<String> pieces(String text, Random random, int largest) {
        List<String> pieces = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int size = largest == 1 ? 1 : random.nextInt(largest + 1);
            int end = Math.min(text.length(), at + size);
            pieces.add(text.substring(at, end));
            at = end;
        }
        return pieces;
    }

    /** {@code text} in quotes on one line, for a failure message. */
    static String quoted(String text) {
        return '"' + text.replace("\n", "\\n") + '"';
    }
}
