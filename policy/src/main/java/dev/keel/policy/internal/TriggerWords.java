package dev.keel.policy.internal;

import java.util.List;
import java.util.Locale;

/**
 * A fixed set of ASCII words, looked up case-insensitively in a region of a text without allocating: an
 * open-addressing table keyed by the lower-case hash. Immutable and thread-safe.
 */
final class TriggerWords {

    private final String[] table;
    private final int mask;
    private final int maxLength;

    TriggerWords(List<String> words) {
        int size = Integer.highestOneBit(Math.max(4, words.size() * 4) - 1) << 1;
        this.table = new String[size];
        this.mask = size - 1;
        int longest = 0;
        for (String word : words) {
            String lower = word.toLowerCase(Locale.ROOT);
            int slot = hash(lower, 0, lower.length()) & mask;
            while (table[slot] != null && !table[slot].equals(lower)) {
                slot = (slot + 1) & mask;
            }
            table[slot] = lower;
            longest = Math.max(longest, lower.length());
        }
        this.maxLength = longest;
    }

    /** True when {@code text[start, end)} is one of the words, ignoring ASCII case. */
    boolean contains(String text, int start, int end) {
        int length = end - start;
        if (length > maxLength) {
            return false;
        }
        int h = hash(text, start, end);
        if (h == -1) {
            return false;
        }
        int slot = h & mask;
        String candidate;
        while ((candidate = table[slot]) != null) {
            if (candidate.length() == length && text.regionMatches(true, start, candidate, 0, length)) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        return false;
    }

    // String.hashCode of the lower-cased region; -1 for a region with non-ASCII letters (no word here has one).
    private static int hash(String text, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + ('a' - 'A'));
            } else if (c > 0x7F) {
                return -1;
            }
            h = 31 * h + c;
        }
        return h == -1 ? 0 : h;
    }
}
