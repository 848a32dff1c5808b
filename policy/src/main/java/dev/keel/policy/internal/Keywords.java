package dev.keel.policy.internal;

/**
 * The words the PARTIAL scanner recognises, each with the roles it can play (bit flags), looked up
 * case-insensitively in a region of a text without allocating. A word of up to {@value #MAX_LENGTH} ASCII letters
 * packs exactly into a {@code long} key, five bits a letter ({@code c & 0x1F} is 1..26 in either case), so a lookup
 * compares keys, never characters, and the scanner folds the key while it reads a word anyway. Immutable (the table
 * is filled once, when the class is initialised) and thread-safe.
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

    /** The longest word a key holds: 12 letters of 5 bits fit in 63 bits, so a key is never negative. */
    static final int MAX_LENGTH = 12;

    /** The key of no word: every letter adds a non-zero digit, so no word's key is 0. */
    static final long NONE = 0;

    // Open addressing, key to flags, in static final arrays (a lookup loads nothing but the slot). A quarter of
    // the slots or less are taken, so most words that are no keyword miss at the first slot.
    private static final int BITS = 10;
    private static final long[] KEYS = new long[1 << BITS];
    private static final int[] FLAGS = new int[1 << BITS];
    // For each letter a..z, the flags of the keywords that start with it.
    private static final int[] FIRST_LETTER_FLAGS = new int[26];

    static {
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

    private Keywords() {
    }

    private static void add(int flag, String... entries) {
        for (String entry : entries) {
            long key = key(entry.toCharArray(), 0, entry.length());
            if (key == NONE) {
                throw new IllegalArgumentException("not a keyword of at most " + MAX_LENGTH + " letters: " + entry);
            }
            int slot = slot(key);
            while (KEYS[slot] != NONE && KEYS[slot] != key) {
                slot = (slot + 1) & (KEYS.length - 1);
            }
            KEYS[slot] = key;
            FLAGS[slot] |= flag;
            FIRST_LETTER_FLAGS[(entry.charAt(0) | 0x20) - 'a'] |= flag;
        }
    }

    private static int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> (Long.SIZE - BITS));
    }

    /** The flags of {@code text[start, end)}, ignoring ASCII case; 0 when it is no keyword. */
    static int flags(char[] text, int start, int end) {
        return flags(key(text, start, end));
    }

    /** The flags of the word of {@link #key} {@code key}; 0 when it is no keyword. */
    static int flags(long key) {
        if (key == NONE) {
            return 0;
        }
        for (int slot = slot(key); KEYS[slot] != NONE; slot = (slot + 1) & (KEYS.length - 1)) {
            if (KEYS[slot] == key) {
                return FLAGS[slot];
            }
        }
        return 0;
    }

    /**
     * False when no keyword with any of {@code flags} starts with {@code c}: a word starting so need not be read to
     * know that it is none of them.
     */
    static boolean mayStart(char c, int flags) {
        return isAsciiLetter(c) && (FIRST_LETTER_FLAGS[(c | 0x20) - 'a'] & flags) != 0;
    }

    /**
     * The key of {@code text[start, end)}: its letters, case folded, five bits each; {@link #NONE} when it is empty,
     * longer than {@value #MAX_LENGTH} or has a character other than an ASCII letter (no keyword has).
     */
    static long key(char[] text, int start, int end) {
        if (end <= start || end - start > MAX_LENGTH) {
            return NONE;
        }
        long key = NONE;
        for (int i = start; i < end; i++) {
            char c = text[i];
            if (!isAsciiLetter(c)) {
                return NONE;
            }
            key = keyStep(key, c);
        }
        return key;
    }

    /** One step of {@link #key}: {@code key} extended by the ASCII letter {@code c}. */
    static long keyStep(long key, char c) {
        return key << 5 | c & 0x1F;
    }

    static boolean isAsciiLetter(char c) {
        // One unsigned compare: (c | 0x20) folds A-Z onto a-z and moves every other character outside them.
        return (char) ((c | 0x20) - 'a') < 26;
    }

    /** True when {@code text[start, end)} is {@code lowerCase} (lower-case ASCII letters), ignoring ASCII case. */
    static boolean is(char[] text, int start, int end, String lowerCase) {
        if (end - start != lowerCase.length() || end > text.length) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            // c | 0x20 is a lower-case letter only when c is that letter in either case.
            if ((text[start + i] | 0x20) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
