package dev.keel.policy.internal;

import java.util.Locale;

/**
 * The words the PARTIAL scanner recognises, each with the roles it can play (bit flags), looked up
 * case-insensitively in a region of a text without allocating: an open-addressing table keyed by the
 * lower-case hash. Immutable and thread-safe.
 */
final class Keywords {

    static final int MONTH = 1;
    static final int MONTH_ABBREVIATION = 1 << 1;
    static final int ORDINAL_DAY = 1 << 2;
    static final int ORDINAL_PERIOD = 1 << 3;
    static final int NUMBER_WORD = 1 << 4;
    static final int ONE = 1 << 5;
    static final int SCALE = 1 << 6;
    static final int SCALE_WITH_DOT = 1 << 7;
    static final int CURRENCY_CODE = 1 << 8;
    static final int CURRENCY_WORD = 1 << 9;
    static final int PERCENT_WORD = 1 << 10;
    static final int WEEK = 1 << 11;
    static final int WEEK_WITH_DOT = 1 << 12;
    static final int RANGE_WORD = 1 << 13;
    static final int TEMPORAL = 1 << 14;
    static final int HALF_START = 1 << 15;
    static final int FISCAL_YEAR = 1 << 16;
    static final int CALENDAR = 1 << 17;

    /** Words at which a withheld construct may start. */
    static final int TRIGGER = MONTH | MONTH_ABBREVIATION | ORDINAL_DAY | ORDINAL_PERIOD | NUMBER_WORD | ONE
            | CURRENCY_CODE | WEEK | FISCAL_YEAR | CALENDAR;

    private static final Keywords INSTANCE = new Keywords();

    private static final int BITS = 10;

    private final String[] words = new String[1 << BITS];
    private final int[] hashes = new int[1 << BITS];
    private final int[] flags = new int[1 << BITS];
    private final int mask = words.length - 1;
    private int maxLength;

    private Keywords() {
        add(MONTH, "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december");
        add(MONTH_ABBREVIATION, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec");
        add(ORDINAL_DAY, "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                "eighteenth", "nineteenth", "twentieth", "thirtieth");
        add(ORDINAL_PERIOD, "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                "tenth", "eleventh", "twelfth", "last", "final");
        add(NUMBER_WORD, "zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million",
                "billion", "trillion", "dozen");
        add(ONE, "one");
        add(SCALE, "k", "m", "bn", "b", "mn", "mln", "tn", "thousand", "million", "billion", "trillion", "mio", "mrd");
        add(SCALE_WITH_DOT, "mio", "mrd");
        add(CURRENCY_CODE, "usd", "eur", "gbp", "chf", "jpy", "cad", "aud");
        add(CURRENCY_WORD, "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "dollar", "dollars", "euro", "euros",
                "pound", "pounds");
        add(PERCENT_WORD, "percent", "pct", "pp");
        add(WEEK, "week", "weeks", "wk", "wks", "cw", "kw");
        add(WEEK_WITH_DOT, "wk", "wks");
        add(RANGE_WORD, "to", "through", "thru", "until", "till", "and", "or");
        add(TEMPORAL, "in", "by", "during", "until", "till", "from", "since", "before", "after", "through", "early",
                "mid", "late");
        add(HALF_START, "first", "second");
        add(FISCAL_YEAR, "fy");
        add(CALENDAR, "calendar");
    }

    static Keywords instance() {
        return INSTANCE;
    }

    private void add(int flag, String... entries) {
        for (String entry : entries) {
            String lower = entry.toLowerCase(Locale.ROOT);
            int hash = hash(lower.toCharArray(), 0, lower.length());
            int slot = slot(hash);
            while (words[slot] != null && !words[slot].equals(lower)) {
                slot = (slot + 1) & mask;
            }
            words[slot] = lower;
            hashes[slot] = hash;
            flags[slot] |= flag;
            maxLength = Math.max(maxLength, lower.length());
        }
    }

    /** The flags of {@code text[start, end)}, ignoring ASCII case; 0 when it is no keyword. */
    int flags(char[] text, int start, int end) {
        int length = end - start;
        return length <= 0 || length > maxLength ? 0 : flags(text, start, end, hash(text, start, end));
    }

    /**
     * As {@link #flags(String, int, int)}, with the region's {@link #hash} already computed (the scanner folds
     * it while reading the word).
     */
    int flags(char[] text, int start, int end, int hash) {
        int length = end - start;
        if (hash == NOT_ASCII || length > maxLength) {
            return 0;
        }
        for (int slot = slot(hash); words[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == hash && words[slot].length() == length && is(text, start, end, words[slot])) {
                return flags[slot];
            }
        }
        return 0;
    }

    /** One step of {@link #hash}: {@code h} extended by the ASCII character {@code c}, lower-cased. */
    static int hashStep(int h, char c) {
        return 31 * h + (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    }

    private int slot(int hash) {
        return (hash * 0x9E3779B9) >>> (Integer.SIZE - BITS);
    }

    /** True when {@code text[start, end)} is {@code lowerCase}, ignoring ASCII case. */
    static boolean is(char[] text, int start, int end, String lowerCase) {
        if (end - start != lowerCase.length() || end > text.length) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            char c = text[start + i];
            if (c != lowerCase.charAt(i) && (c < 'A' || c > 'Z' || c + ('a' - 'A') != lowerCase.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Stands for the hash of a region with a non-ASCII character: no keyword has one. */
    static final int NOT_ASCII = Integer.MIN_VALUE;

    /** String.hashCode of the lower-cased region, or {@link #NOT_ASCII}. */
    static int hash(char[] text, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            char c = text[i];
            if (c > 0x7F) {
                return NOT_ASCII;
            }
            h = hashStep(h, c);
        }
        return h == NOT_ASCII ? 0 : h;
    }
}
