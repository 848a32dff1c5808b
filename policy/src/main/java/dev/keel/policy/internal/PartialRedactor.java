package dev.keel.policy.internal;

import dev.keel.policy.Redaction;

/**
 * Finds what {@code PARTIAL} withholds: explicit numbers, dates, quarters, periods, weeks, percentages and money
 * amounts (see {@link dev.keel.policy.OutboundFilter}).
 *
 * <p>A hand-written scanner rather than regular expressions, because it runs on every answer: the text is read
 * word by word (a word is a run of letters, digits and marks), and a construct is tried only where one can
 * start: at a word containing a digit, at a currency symbol, and at the few words that open a date or an amount
 * (month names, ordinals, "week", "FY", currency codes, number words; see {@link Keywords}). Each
 * {@code try...} method below reads one construct and returns where it ends, or -1; the grammar each one reads is
 * in its comment, in regular-expression notation ({@code \s} is ASCII white space or a no-break space,
 * {@code N} a character of Unicode category N, {@code SEP} a range separator: a dash or slash, or one of
 * to/through/thru/until/till/and/or between spaces). Whatever no construct claims, a word containing a digit is
 * withheld whole: that is what guarantees that no numeric character survives.
 *
 * <p>Most of a text is plain ASCII words that start nothing, so those take the shortest path: one compare a
 * character and one {@link Keywords} probe a word.
 *
 * <p>Not thread-safe: one instance per scan ({@link #scan} makes it).
 */
public final class PartialRedactor {

    /** Receives what a scan found: one span per withheld piece, in text order, not overlapping. */
    public interface SpanSink {
        void span(String kind, int start, int end);
    }

    private static final String[] CAPITALISED_MONTHS = {"January", "February", "March", "April", "June", "July",
        "August", "September", "October", "November", "December"};
    private static final String[] CAPITALISED_SHORT_MONTHS = {"May", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug",
        "Sept", "Sep", "Oct", "Nov", "Dec"};
    private static final String[] UNIT_ORDINALS = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh",
        "eighth", "ninth"};

    // Types of ASCII characters: one load answers what would otherwise be several range compares, each a
    // branch the processor may mispredict. OTHER is '$' and, in the main loop, any non-ASCII character.
    private static final byte SEPARATOR = 0;
    private static final byte SPACE = 1;
    private static final byte LETTER = 2;
    private static final byte DIGIT = 4;
    private static final byte OTHER = 8;
    private static final byte WORD = LETTER | DIGIT;
    private static final byte[] ASCII_TYPE = new byte[0x80];

    static {
        for (char c = 0; c < 0x80; c++) {
            ASCII_TYPE[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? LETTER
                    : c >= '0' && c <= '9' ? DIGIT : c == '$' ? OTHER : c == ' ' || (c >= '\t' && c <= '\r') ? SPACE
                    : SEPARATOR;
        }
    }

    // A char array rather than the String: the scanner reads every character several times, and array reads
    // skip the String's bounds and coder checks.
    private final char[] t;
    private final int n;
    /** The kind of the construct the last successful {@code try...} read. */
    private String kind;
    // One-entry memories: the constructs tried at one number look at the same few positions again and again.
    private int lettersStart = -1;
    private int lettersEnd;
    /** The keyword key of {@code t[lettersStart, lettersEnd)}, folded while reading it. */
    private long lettersKey;
    private int digitsStart = -1;
    private int digitsEnd;
    private int numberStart = -1;
    private int numberEnd;
    private int separatorStart = -2;
    private int separatorEnd;

    private PartialRedactor(String text) {
        this.t = text.toCharArray();
        this.n = t.length;
    }

    /** Reports every withheld span of {@code text} to {@code sink}, in order. */
    public static void scan(String text, SpanSink sink) {
        new PartialRedactor(text).run(sink);
    }

    /** The placeholder put in place of each kind of withheld text. */
    public static String placeholder(String kind) {
        switch (kind) {
            case Redaction.DATE:
                return "[date withheld]";
            case Redaction.QUARTER:
                return "[quarter withheld]";
            case Redaction.PERIOD:
                return "[period withheld]";
            case Redaction.WEEK:
                return "[week withheld]";
            case Redaction.PERCENTAGE:
                return "[percentage withheld]";
            case Redaction.MONEY:
                return "[amount withheld]";
            default:
                return "[figure withheld]";
        }
    }

    private void run(SpanSink sink) {
        char[] t = this.t;
        int n = this.n;
        int i = 0;
        while (i < n) {
            char c = t[i];
            byte type = c < 0x80 ? ASCII_TYPE[c] : OTHER;
            if (type <= SPACE) {
                i++;
            } else if (type == LETTER) {
                // Most words are ASCII letters only: read them here, packing their keyword key on the way, and
                // leave the rest to token().
                long key = Keywords.keyStep(Keywords.NONE, c);
                int end = i + 1;
                while (end < n && Keywords.isAsciiLetter(c = t[end])) {
                    key = Keywords.keyStep(key, c);
                    end++;
                }
                if (isWordAt(end)) { // a digit or a non-ASCII letter goes on: not a plain ASCII word
                    i = token(i, sink);
                } else {
                    i = letterWord(i, end, end - i <= Keywords.MAX_LENGTH ? key : Keywords.NONE, sink);
                }
            } else {
                i = token(i, sink);
            }
        }
    }

    /**
     * A word of ASCII letters, {@code t[i, end)}, of keyword key {@code key}: withholds what starts there, if
     * anything; returns where to go on.
     */
    private int letterWord(int i, int end, long key, SpanSink sink) {
        int flags = Keywords.flags(key);
        if ((flags & Keywords.TRIGGER) == 0) {
            return end;
        }
        // The constructs read this word again first: let the letters memory hold it.
        lettersStart = i;
        lettersEnd = end;
        lettersKey = key;
        int found = tryAtWord(i, end, flags);
        if (found < 0) {
            return end;
        }
        found = wordEnd(found);
        sink.span(kind, i, found);
        return found;
    }

    /**
     * Any other token at {@code i}: a symbol, or a word with a digit or a non-ASCII character (no keyword has one);
     * returns where to go on.
     */
    private int token(int i, SpanSink sink) {
        char first = t[i];
        int cp = first < 0x80 ? first : Character.codePointAt(t, i);
        if (!Words.isWordCodePoint(cp)) {
            int end = isCurrencySymbol(cp) ? trySymbolMoney(i) : -1;
            if (end > 0) {
                end = wordEnd(end);
                sink.span(Redaction.MONEY, i, end);
                return end;
            }
            return i + Character.charCount(cp);
        }
        if (isNumeric(cp)) {
            // Some construct always matches at a digit (a lone number at least), so the word need not be read.
            int end = wordEnd(tryAtDigit(i));
            sink.span(kind, withSign(i), end);
            return end;
        }
        int tokenEnd = i;
        boolean hasDigit = false;
        while (tokenEnd < n) {
            char c = t[tokenEnd];
            if (c < 0x80) {
                if (ASCII_TYPE[c] == DIGIT) {
                    hasDigit = true;
                } else if (ASCII_TYPE[c] != LETTER) {
                    break;
                }
                tokenEnd++;
            } else {
                int code = Character.codePointAt(t, tokenEnd);
                if (!Words.isWordCodePoint(code)) {
                    break;
                }
                hasDigit |= isNumeric(code);
                tokenEnd += Character.charCount(code);
            }
        }
        if (!hasDigit) {
            return tokenEnd;
        }
        int end = tryAtCode(i);
        if (end < 0) {
            // Nothing more specific: the word is withheld whole (B52, x², ٣).
            kind = Redaction.NUMBER;
            end = tokenEnd;
        }
        end = wordEnd(end);
        sink.span(kind, i, end);
        return end;
    }

    // ---- where a construct can start ----

    /** The construct at the digit at {@code i}: there always is one, a lone number at least. */
    private int tryAtDigit(int i) {
        int end;
        if ((end = tryNumericDate(i)) > 0) {
            kind = Redaction.DATE;
            return end;
        }
        int number = number(i);
        if (nothingCanFollow(number)) {
            // Most figures in prose stand alone ("12 boats"): the constructs below would all fail, so skip them.
            boolean year = isCenturyYear(i, number) && !isWordAt(number);
            kind = year ? Redaction.DATE : Redaction.NUMBER;
            return number;
        }
        if (number < n && isPercentSign(t[number])) {
            // The commonest figure after those (80%): a day or an ordinal would need a space, a dash or a letter
            // after its digits, so only tryPercent below can succeed, and it reads just this sign.
            kind = Redaction.PERCENTAGE;
            return number + 1;
        }
        if ((end = tryDayMonth(i)) > 0) {
            kind = Redaction.DATE;
        } else if ((end = tryOrdinalWeek(i)) > 0) {
            kind = Redaction.WEEK;
        } else if ((end = tryPercent(i)) > 0) {
            kind = Redaction.PERCENTAGE;
        } else if ((end = tryMoneyAfterAmount(i)) > 0) {
            kind = Redaction.MONEY;
        } else if ((end = tryYear(i)) > 0) {
            kind = Redaction.DATE;
        } else {
            kind = Redaction.NUMBER;
            end = tryNumberRange(i);
        }
        return end;
    }

    private int tryAtCode(int i) {
        int end;
        if ((end = tryLetterAndDigits(i, 'q', 'Q')) > 0) {
            kind = Redaction.QUARTER;
        } else if ((end = tryFiscalYear(i)) > 0 || (end = tryLetterAndDigits(i, 'h', 'H')) > 0) {
            kind = Redaction.PERIOD;
        } else if ((end = tryWeekCode(i)) > 0) {
            kind = Redaction.WEEK;
        } else if ((end = tryCurrencyCodeAmount(i, false)) > 0) {
            kind = Redaction.MONEY;
        }
        return end;
    }

    /** Tries, in the grammar's order, only the constructs that can start with a word of these {@code flags}. */
    private int tryAtWord(int i, int wordEnd, int flags) {
        boolean month = (flags & (Keywords.MONTH | Keywords.MONTH_ABBREVIATION)) != 0;
        boolean ordinal = (flags & Keywords.ORDINAL_PERIOD) != 0;
        boolean numberWord = (flags & (Keywords.NUMBER_WORD | Keywords.ONE)) != 0;
        int end;
        if (month && ((end = tryMonthFirstDate(i)) > 0 || (end = tryStandaloneMonth(i, wordEnd)) > 0)
                || ((flags & Keywords.ORDINAL_DAY) != 0 || numberWord) && (end = tryOrdinalDayMonth(i)) > 0) {
            kind = Redaction.DATE;
        } else if (ordinal && (end = tryOrdinalQuarter(wordEnd)) > 0) {
            kind = Redaction.QUARTER;
        } else if ((flags & (Keywords.WEEK | Keywords.CALENDAR)) != 0 && (end = tryWeekWords(i)) > 0
                || ordinal && (end = tryOrdinalWeekWord(wordEnd)) > 0) {
            kind = Redaction.WEEK;
        } else if ((flags & Keywords.FISCAL_YEAR) != 0 && (end = tryFiscalYear(i)) > 0
                || (flags & Keywords.HALF_START) != 0 && (end = tryHalfOfYear(wordEnd)) > 0) {
            kind = Redaction.PERIOD;
        } else if ((flags & Keywords.CURRENCY_CODE) != 0 && (end = tryCurrencyCodeAmount(i, true)) > 0) {
            kind = Redaction.MONEY;
        } else if (numberWord && (end = tryNumberWords(i)) > 0) {
            int after = tryWordsSuffix(end);
            if (after > 0) {
                end = after;
            } else {
                kind = Redaction.NUMBER;
            }
        } else {
            end = -1;
        }
        return end;
    }

    // ---- constructs that start with a digit ----

    /**
     * True when what follows a number at {@code end} can continue no construct: not a letter or digit (a suffix,
     * a scale), a percent or currency sign, or a range dash; and after spaces, none of those, nor a month, scale,
     * percent, currency, range or week word, nor "of", "per", "percentage".
     */
    private boolean nothingCanFollow(int end) {
        if (end >= n) {
            return true;
        }
        int cp = Character.codePointAt(t, end);
        if (Words.isWordCodePoint(cp) || isSign(t[end]) || isCurrencySymbol(cp)) {
            return false;
        }
        if (!isSpace(t[end])) {
            return true;
        }
        int j = spaces(end);
        if (j >= n) {
            return true;
        }
        cp = Character.codePointAt(t, j);
        if (isNumeric(cp) || isSign(t[j]) || isCurrencySymbol(cp)) {
            return false;
        }
        int word = letters(j);
        if (word == j) {
            return true;
        }
        int following = Keywords.MONTH | Keywords.MONTH_ABBREVIATION | Keywords.SCALE | Keywords.PERCENT_WORD
                | Keywords.CURRENCY_WORD | Keywords.RANGE_WORD | Keywords.WEEK;
        return (wordFlags(j, word) & following) == 0 && !Keywords.is(t, j, word, "of")
                && !Keywords.is(t, j, word, "per") && !Keywords.is(t, j, word, "percentage");
    }

    private static boolean isSign(char c) {
        return isPercentSign(c) || isRangeDash(c);
    }

    private static boolean isPercentSign(char c) {
        return c == '%' || c == '％' || c == '‰';
    }

    /** {@code N{4}[-/.]N{1,2}[-/.]N{1,2}} or {@code N{1,2}[-/.]N{1,2}[-/.]N{2,4}}, not followed by N. */
    private int tryNumericDate(int i) {
        int first = digits(i);
        int firstLength = first - i;
        if (!(firstLength == 4 || firstLength <= 2) || !isDateSeparator(first)) {
            return -1;
        }
        int second = digits(first + 1);
        if (second == first + 1 || second - first - 1 > 2 || !isDateSeparator(second)) {
            return -1;
        }
        int third = digits(second + 1);
        int thirdLength = third - second - 1;
        boolean fits = firstLength == 4 ? thirdLength >= 1 && thirdLength <= 2 : thirdLength >= 2 && thirdLength <= 4;
        return fits ? third : -1;
    }

    /** {@code DAY (SEP DAY)? \s+ (of\s+)? MONTH (,?\s+ YEAR)?}, DAY being {@code N{1,2}(st|nd|rd|th)?}. */
    private int tryDayMonth(int i) {
        int day = day(i);
        if (day < 0) {
            return -1;
        }
        int separator = rangeSeparator(day);
        int secondDay = separator > 0 ? day(separator) : -1;
        int end = secondDay > 0 ? monthAfterDay(secondDay) : -1;
        return end > 0 ? end : monthAfterDay(day);
    }

    private int monthAfterDay(int day) {
        int j = spaces(day);
        if (j == day) {
            return -1;
        }
        int of = afterWordAndSpaces(j, "of");
        int month = month(of > 0 ? of : j);
        return month > 0 ? optionalYear(month) : -1;
    }

    /** {@code N+(st|nd|rd|th) \s+ (calendar\s+)? weeks?}. */
    private int tryOrdinalWeek(int i) {
        int number = digits(i);
        int suffix = letters(number);
        if (!isOrdinalSuffix(number, suffix)) {
            return -1;
        }
        int j = spaces(suffix);
        return j > suffix ? weekNoun(j) : -1;
    }

    /** {@code NUM (SEP NUM)? \s? PERCENT}, PERCENT being % ％ ‰ percent, per cent, pct, percentage point(s), pp. */
    private int tryPercent(int i) {
        int number = number(i);
        int separator = rangeSeparator(number);
        int second = separator > 0 ? number(separator) : -1;
        int end = second > 0 ? percentAfter(second) : -1;
        return end > 0 ? end : percentAfter(number);
    }

    private int percentAfter(int j) {
        int end = percentSign(j);
        return end < 0 && j < n && isSpace(t[j]) ? percentSign(j + 1) : end;
    }

    private int percentSign(int j) {
        if (j >= n) {
            return -1;
        }
        if (isPercentSign(t[j])) {
            return j + 1;
        }
        int word = letters(j);
        if ((wordFlags(j, word) & Keywords.PERCENT_WORD) != 0) {
            return word;
        }
        if (Keywords.is(t, j, word, "per")) {
            int k = word < n && isSpace(t[word]) ? word + 1 : word;
            int cent = letters(k);
            return Keywords.is(t, k, cent, "cent") ? cent : -1;
        }
        if (Keywords.is(t, j, word, "percentage")) {
            int k = spaces(word);
            int point = letters(k);
            return k > word && (Keywords.is(t, k, point, "point") || Keywords.is(t, k, point, "points")) ? point : -1;
        }
        return -1;
    }

    /** {@code AMOUNT (SEP AMOUNT)? \s? (CURRENCY SYMBOL | CURRENCY WORD)}. */
    private int tryMoneyAfterAmount(int i) {
        int amount = amount(i);
        int separator = rangeSeparator(amount);
        int second = separator > 0 ? amount(separator) : -1;
        int end = second > 0 ? currencyAfter(second) : -1;
        return end > 0 ? end : currencyAfter(amount);
    }

    private int currencyAfter(int j) {
        int end = currency(j);
        return end < 0 && j < n && isSpace(t[j]) ? currency(j + 1) : end;
    }

    private int currency(int j) {
        if (j >= n) {
            return -1;
        }
        int cp = Character.codePointAt(t, j);
        if (isCurrencySymbol(cp)) {
            return j + Character.charCount(cp);
        }
        int word = letters(j);
        if ((wordFlags(j, word) & Keywords.CURRENCY_WORD) == 0) {
            return -1;
        }
        if (Keywords.is(t, j, word, "pound") || Keywords.is(t, j, word, "pounds")) {
            int sterling = afterWord(spaces(word), "sterling");
            if (sterling > 0 && spaces(word) > word) {
                return sterling;
            }
        }
        return word;
    }

    /** {@code (19|20)N{2} (SEP (19|20)?N{2})?}, not followed by a letter or digit. */
    private int tryYear(int i) {
        int end = digits(i);
        if (!isCenturyYear(i, end)) {
            return -1;
        }
        int separator = rangeSeparator(end);
        if (separator > 0) {
            int second = digits(separator);
            int length = second - separator;
            if ((length == 2 || isCenturyYear(separator, second)) && !isWordAt(second)) {
                return second;
            }
        }
        return isWordAt(end) ? -1 : end;
    }

    /** {@code AMOUNT (SEP AMOUNT)*}: always succeeds at a digit. */
    private int tryNumberRange(int i) {
        int end = amount(i);
        while (true) {
            int separator = rangeSeparator(end);
            int next = separator > 0 ? amount(separator) : -1;
            if (next < 0) {
                return end;
            }
            end = next;
        }
    }

    // ---- constructs that start with letters followed by digits (Q3, FY25, W12) ----

    /** {@code [qh]N (SEP [qh]?N)* ([\s/-]* (fy\s?)? YEAR)?}, for quarters ({@code q}) and half-years ({@code h}). */
    private int tryLetterAndDigits(int i, char lower, char upper) {
        char c = t[i];
        if ((c != lower && c != upper) || !isNumericAt(i + 1)) {
            return -1;
        }
        int end = i + 1 + Character.charCount(Character.codePointAt(t, i + 1));
        while (true) {
            int separator = rangeSeparator(end);
            if (separator < 0) {
                break;
            }
            int j = separator < n && (t[separator] == lower || t[separator] == upper) ? separator + 1
                    : separator;
            if (!isNumericAt(j)) {
                break;
            }
            end = j + Character.charCount(Character.codePointAt(t, j));
        }
        int year = fiscalOrPlainYear(slashesDashesAndSpaces(end));
        return year > 0 ? year : end;
    }

    /** {@code fy\s?YEAR (SEP (fy\s?)? YEAR)? ([\s/-]* QUARTER)?}. */
    private int tryFiscalYear(int i) {
        if (!(i + 2 <= n && Keywords.is(t, i, i + 2, "fy")) || isLetterAt(i + 2)) {
            return -1;
        }
        int end = yearAfterFy(i + 2);
        if (end < 0) {
            return -1;
        }
        int separator = rangeSeparator(end);
        if (separator > 0) {
            int second = fiscalOrPlainYear(separator);
            if (second > 0) {
                end = second;
            }
        }
        int quarterStart = slashesDashesAndSpaces(end);
        int quarter = quarterStart < n ? tryLetterAndDigits(quarterStart, 'q', 'Q') : -1;
        return quarter > 0 ? quarter : end;
    }

    /** {@code (cw|kw|wk|w)N+ (SEP (cw|kw|wk|w)?N+)*}, not followed by a letter. */
    private int tryWeekCode(int i) {
        int prefix = weekPrefix(i);
        if (prefix < 0 || !isNumericAt(prefix)) {
            return -1;
        }
        int end = digits(prefix);
        int best = isLetterAt(end) ? -1 : end;
        while (true) {
            int separator = rangeSeparator(end);
            if (separator < 0) {
                return best;
            }
            int next = weekPrefix(separator);
            int from = next > 0 && isNumericAt(next) ? next : separator;
            if (!isNumericAt(from)) {
                return best;
            }
            end = digits(from);
            if (!isLetterAt(end)) {
                best = end;
            }
        }
    }

    private int weekPrefix(int i) {
        int word = letters(i);
        if (Keywords.is(t, i, word, "cw") || Keywords.is(t, i, word, "kw") || Keywords.is(t, i, word, "wk")
                || Keywords.is(t, i, word, "w")) {
            return word;
        }
        return -1;
    }

    /** {@code CODE \s? AMOUNT (SEP AMOUNT)?}, CODE being usd, eur, gbp, chf, jpy, cad or aud. */
    private int tryCurrencyCodeAmount(int i, boolean spaceAllowed) {
        int code = letters(i);
        if ((wordFlags(i, code) & Keywords.CURRENCY_CODE) == 0) {
            return -1;
        }
        int j = spaceAllowed && code < n && isSpace(t[code]) ? code + 1 : code;
        int amount = amount(j);
        if (amount < 0) {
            return -1;
        }
        int separator = rangeSeparator(amount);
        int second = separator > 0 ? amount(separator) : -1;
        return second > 0 ? second : amount;
    }

    /** {@code SYMBOL \s? AMOUNT (SEP SYMBOL? \s? AMOUNT)?}. */
    private int trySymbolMoney(int i) {
        int amount = amount(afterOptionalSpace(i + Character.charCount(Character.codePointAt(t, i))));
        if (amount < 0) {
            return -1;
        }
        int separator = rangeSeparator(amount);
        if (separator < 0) {
            return amount;
        }
        int j = separator;
        if (j < n && isCurrencySymbol(Character.codePointAt(t, j))) {
            j += Character.charCount(Character.codePointAt(t, j));
        }
        int second = amount(afterOptionalSpace(j));
        return second > 0 ? second : amount;
    }

    // ---- constructs that start with a word ----

    /**
     * {@code MONTH \s+ (the\s+)? (DAY|ORDINAL) (SEP (DAY|ORDINAL))? (,?\s+ YEAR)?} or {@code MONTH ,?\s+ YEAR}.
     */
    private int tryMonthFirstDate(int i) {
        int month = month(i);
        if (month < 0) {
            return -1;
        }
        int j = spaces(month);
        if (j > month) {
            int the = afterWordAndSpaces(j, "the");
            int day = dayOrOrdinal(the > 0 ? the : j);
            if (day > 0) {
                int separator = rangeSeparator(day);
                int second = separator > 0 ? dayOrOrdinal(separator) : -1;
                return optionalYear(second > 0 ? second : day);
            }
        }
        int k = month < n && t[month] == ',' ? month + 1 : month;
        int space = spaces(k);
        return space > k ? year(space) : -1;
    }

    /** {@code ORDINAL \s+ (of\s+)? MONTH (,?\s+ YEAR)?}. */
    private int tryOrdinalDayMonth(int i) {
        int ordinal = ordinalDay(i);
        return ordinal > 0 ? monthAfterDay(ordinal) : -1;
    }

    /**
     * A month name alone: a capitalised full name other than May anywhere, or May or a capitalised abbreviation
     * right after in, by, during, until, till, from, since, before, after, through, early, mid, late, end of or
     * start of.
     */
    private int tryStandaloneMonth(int i, int wordEnd) {
        for (String month : CAPITALISED_MONTHS) {
            if (wordEnd - i == month.length() && startsWith(i, month)) {
                return wordEnd;
            }
        }
        for (String month : CAPITALISED_SHORT_MONTHS) {
            if (wordEnd - i == month.length() && startsWith(i, month) && followsTemporalWord(i)) {
                return wordEnd < n && t[wordEnd] == '.' ? wordEnd + 1 : wordEnd;
            }
        }
        return -1;
    }

    private boolean followsTemporalWord(int i) {
        if (i < 2 || !(isSpace(t[i - 1]) || t[i - 1] == '-')) {
            return false;
        }
        int end = i - 1;
        int start = lettersBefore(end);
        if (start == end) {
            return false;
        }
        if (Keywords.is(t, start, end, "of")) {
            int previousEnd = start - 1;
            if (previousEnd < 1 || !isSpace(t[previousEnd])) {
                return false;
            }
            int previousStart = lettersBefore(previousEnd);
            return Keywords.is(t, previousStart, previousEnd, "end") || Keywords.is(t, previousStart, previousEnd, "start");
        }
        return (wordFlags(start, end) & Keywords.TEMPORAL) != 0;
    }

    /** {@code ORDINAL (SEP ORDINAL)? \s+ (fiscal\s+|calendar\s+)? quarters? (\s+ of \s+ (fy\s?)? YEAR)?}. */
    private int tryOrdinalQuarter(int wordEnd) {
        int separator = rangeSeparator(wordEnd);
        if (separator > 0) {
            int second = letters(separator);
            if ((wordFlags(separator, second) & Keywords.ORDINAL_PERIOD) != 0) {
                int end = quarterNoun(second);
                if (end > 0) {
                    return end;
                }
            }
        }
        return quarterNoun(wordEnd);
    }

    private int quarterNoun(int j) {
        int k = spaces(j);
        if (k == j) {
            return -1;
        }
        int qualifier = afterWordAndSpaces(k, "fiscal");
        if (qualifier < 0) {
            qualifier = afterWordAndSpaces(k, "calendar");
        }
        int start = qualifier > 0 ? qualifier : k;
        int noun = letters(start);
        if (!Keywords.is(t, start, noun, "quarter") && !Keywords.is(t, start, noun, "quarters")) {
            return -1;
        }
        int of = afterWordAndSpaces(spaces(noun) > noun ? spaces(noun) : -1, "of");
        int year = of > 0 ? fiscalOrPlainYear(of) : -1;
        return year > 0 ? year : noun;
    }

    /** {@code (calendar\s+)? (weeks?|wks?\.?|cw|kw) \s* #? \s* VALUE (SEP (WEEK\s*)? VALUE)*}, VALUE being N+ or number words. */
    private int tryWeekWords(int i) {
        int word = weekWord(i);
        if (word < 0) {
            return -1;
        }
        int j = spaces(word);
        if (j < n && t[j] == '#') {
            j = spaces(j + 1);
        }
        int end = weekValue(j);
        if (end < 0) {
            return -1;
        }
        int best = isWordAt(end) ? -1 : end;
        while (true) {
            int separator = rangeSeparator(end);
            if (separator < 0) {
                return best;
            }
            int again = weekWord(separator);
            int next = again > 0 ? weekValue(spaces(again)) : weekValue(separator);
            if (next < 0) {
                return best;
            }
            end = next;
            if (!isWordAt(end)) {
                best = end;
            }
        }
    }

    private int weekWord(int i) {
        int start = i;
        int calendar = afterWordAndSpaces(i, "calendar");
        if (calendar > 0) {
            start = calendar;
        }
        int word = letters(start);
        int flags = wordFlags(start, word);
        if ((flags & Keywords.WEEK) == 0) {
            return -1;
        }
        return (flags & Keywords.WEEK_WITH_DOT) != 0 && word < n && t[word] == '.' ? word + 1 : word;
    }

    private int weekValue(int j) {
        if (isNumericAt(j)) {
            return digits(j);
        }
        return tryNumberWords(j);
    }

    /** {@code ORDINAL \s+ (calendar\s+)? weeks?}, from the end of the ordinal. */
    private int tryOrdinalWeekWord(int wordEnd) {
        int j = spaces(wordEnd);
        return j > wordEnd ? weekNoun(j) : -1;
    }

    private int weekNoun(int j) {
        int calendar = afterWordAndSpaces(j, "calendar");
        int start = calendar > 0 ? calendar : j;
        int noun = letters(start);
        return Keywords.is(t, start, noun, "week") || Keywords.is(t, start, noun, "weeks") ? noun : -1;
    }

    /** {@code (first|second) \s+ half \s+ of \s+ (the\s+)? (fiscal\s+)? (year|YEAR)}, from the end of the ordinal. */
    private int tryHalfOfYear(int wordEnd) {
        int half = afterWordAndSpaces(spaces(wordEnd) > wordEnd ? spaces(wordEnd) : -1, "half");
        int of = afterWordAndSpaces(half, "of");
        if (of < 0) {
            return -1;
        }
        int the = afterWordAndSpaces(of, "the");
        int start = the > 0 ? the : of;
        int fiscal = afterWordAndSpaces(start, "fiscal");
        start = fiscal > 0 ? fiscal : start;
        int year = afterWord(start, "year");
        return year > 0 ? year : year(start);
    }

    /**
     * Number words: {@code (W | one(?=[\s-]+SCALE)) ([\s-]+ (and\s+)? (W | one))*}, W being two..ninety, hundred,
     * thousand, million, billion, trillion, dozen, zero.
     */
    private int tryNumberWords(int i) {
        int word = letters(i);
        int flags = wordFlags(i, word);
        if ((flags & Keywords.NUMBER_WORD) == 0) {
            if ((flags & Keywords.ONE) == 0 || !scaleWordFollows(word)) {
                return -1;
            }
        }
        int end = word;
        while (true) {
            int j = hyphensAndSpaces(end);
            if (j == end) {
                return end;
            }
            int and = afterWord(j, "and");
            int k = and > 0 && spaces(and) > and ? spaces(and) : j;
            int next = letters(k);
            if ((wordFlags(k, next) & (Keywords.NUMBER_WORD | Keywords.ONE)) == 0) {
                return end;
            }
            end = next;
        }
    }

    private boolean scaleWordFollows(int end) {
        int j = hyphensAndSpaces(end);
        if (j == end) {
            return false;
        }
        int word = letters(j);
        return Keywords.is(t, j, word, "hundred") || Keywords.is(t, j, word, "thousand")
                || Keywords.is(t, j, word, "million") || Keywords.is(t, j, word, "billion")
                || Keywords.is(t, j, word, "trillion") || Keywords.is(t, j, word, "dozen");
    }

    /** After number words: {@code \s+ CURRENCY WORD} (money) or {@code \s+ PERCENT} (percentage); sets the kind. */
    private int tryWordsSuffix(int end) {
        int j = spaces(end);
        if (j == end) {
            return -1;
        }
        int word = letters(j);
        if ((wordFlags(j, word) & Keywords.CURRENCY_WORD) != 0) {
            kind = Redaction.MONEY;
            return currency(j);
        }
        int percent = percentSign(j);
        if (percent > 0) {
            kind = Redaction.PERCENTAGE;
        }
        return percent;
    }

    // ---- pieces ----

    /** The {@link Keywords} flags of {@code t[start, end)}. */
    private int wordFlags(int start, int end) {
        // Nearly always the word letters() has just read.
        long key = start == lettersStart && end == lettersEnd ? lettersKey : Keywords.key(t, start, end);
        return Keywords.flags(key);
    }

    /** {@code N+ ([.,'’] N+)*}, or -1. */
    private int number(int i) {
        if (i != numberStart) {
            numberStart = i;
            numberEnd = readNumber(i);
        }
        return numberEnd;
    }

    private int readNumber(int i) {
        if (!isNumericAt(i)) {
            return -1;
        }
        int end = digits(i);
        while (end + 1 < n && isNumberSeparator(t[end]) && isNumericAt(end + 1)) {
            end = digits(end + 1);
        }
        return end;
    }

    /** {@code NUM SCALE?}, SCALE being {@code \s?(k|m|bn|b|mn|mln|tn|thousand|million|billion|trillion|mio\.?|mrd\.?)}. */
    private int amount(int i) {
        int number = number(i);
        if (number < 0) {
            return -1;
        }
        int scale = scale(number);
        return scale > 0 ? scale : number;
    }

    private int scale(int j) {
        int start = j < n && isSpace(t[j]) ? j + 1 : j;
        int word = letters(start);
        int flags = wordFlags(start, word);
        if ((flags & Keywords.SCALE) == 0) {
            return -1;
        }
        if ((flags & Keywords.SCALE_WITH_DOT) != 0 && word < n && t[word] == '.' && !isWordAt(word + 1)) {
            return word + 1;
        }
        return isWordAt(word) ? -1 : word;
    }

    /** {@code \s*[-–—‒/]\s*} or {@code \s+(to|through|thru|until|till|and|or)\s+}: the end, or -1. */
    private int rangeSeparator(int i) {
        if (i != separatorStart) {
            separatorStart = i;
            separatorEnd = i < 0 ? -1 : readRangeSeparator(i);
        }
        return separatorEnd;
    }

    private int readRangeSeparator(int i) {
        int j = spaces(i);
        if (j < n && isRangeDash(t[j])) {
            return spaces(j + 1);
        }
        if (j == i || j >= n || !Keywords.mayStart(t[j], Keywords.RANGE_WORD)) {
            return -1;
        }
        int word = letters(j);
        if ((wordFlags(j, word) & Keywords.RANGE_WORD) != 0) {
            int after = spaces(word);
            return after > word ? after : -1;
        }
        return -1;
    }

    /** {@code N{1,2}(st|nd|rd|th)?}, not followed by a letter or digit. */
    private int day(int i) {
        int end = digits(i);
        if (end == i || end - i > 2) {
            return -1;
        }
        int suffix = letters(end);
        if (suffix == end) {
            return isWordAt(end) ? -1 : end;
        }
        return isOrdinalSuffix(end, suffix) && !isWordAt(suffix) ? suffix : -1;
    }

    private int dayOrOrdinal(int j) {
        int day = day(j);
        return day > 0 ? day : ordinalDay(j);
    }

    /** first..thirtieth, and twenty-first..thirty-ninth with a space, a hyphen or nothing between. */
    private int ordinalDay(int i) {
        int word = letters(i);
        if (Keywords.is(t, i, word, "twenty") || Keywords.is(t, i, word, "thirty")) {
            int j = word < n && (isSpace(t[word]) || t[word] == '-') ? word + 1 : word;
            int unit = letters(j);
            for (String ordinal : UNIT_ORDINALS) {
                if (Keywords.is(t, j, unit, ordinal)) {
                    return unit;
                }
            }
            return -1;
        }
        return (wordFlags(i, word) & Keywords.ORDINAL_DAY) != 0 ? word : -1;
    }

    /** A month name or abbreviation (any case; an abbreviation may end in a dot), not followed by a letter. */
    private int month(int i) {
        int word = letters(i);
        int flags = wordFlags(i, word);
        if ((flags & Keywords.MONTH) != 0) {
            return word;
        }
        if ((flags & Keywords.MONTH_ABBREVIATION) != 0) {
            return word < n && t[word] == '.' && !isLetterAt(word + 1) ? word + 1 : word;
        }
        return -1;
    }

    /** {@code ['’]?N{2,4}}, not followed by a letter or digit. */
    private int year(int i) {
        int start = i < n && (t[i] == '\'' || t[i] == '’') ? i + 1 : i;
        int end = digits(start);
        int length = Character.codePointCount(t, start, end - start);
        return length >= 2 && length <= 4 && !isWordAt(end) ? end : -1;
    }

    /** {@code (fy\s?)? YEAR}. */
    private int fiscalOrPlainYear(int i) {
        if (i < 0) {
            return -1;
        }
        if (i + 2 <= n && Keywords.is(t, i, i + 2, "fy")) {
            int year = yearAfterFy(i + 2);
            if (year > 0) {
                return year;
            }
        }
        return year(i);
    }

    private int yearAfterFy(int j) {
        int year = year(j);
        return year < 0 && j < n && isSpace(t[j]) ? year(j + 1) : year;
    }

    /** {@code (,?\s+ YEAR)?}: the end of the year, or {@code end} when there is none. */
    private int optionalYear(int end) {
        int j = end < n && t[end] == ',' ? end + 1 : end;
        int k = spaces(j);
        int year = k > j ? year(k) : -1;
        return year > 0 ? year : end;
    }

    // ---- characters ----

    private int digits(int i) {
        if (i == digitsStart) {
            return digitsEnd;
        }
        digitsStart = i;
        digitsEnd = readDigits(i);
        return digitsEnd;
    }

    private int readDigits(int i) {
        int j = i;
        while (j < n && t[j] < 0x80 && ASCII_TYPE[t[j]] == DIGIT) {
            j++;
        }
        return j < n && t[j] >= 0x80 ? moreDigits(j) : j;
    }

    // Digits of other scripts, where ASCII digits end at a non-ASCII character.
    private int moreDigits(int i) {
        int j = i;
        while (j < n) {
            char c = t[j];
            if (c < 0x80) {
                if (ASCII_TYPE[c] != DIGIT) {
                    break;
                }
                j++;
            } else {
                int cp = Character.codePointAt(t, j);
                if (!isNumeric(cp)) {
                    break;
                }
                j += Character.charCount(cp);
            }
        }
        return j;
    }

    private int letters(int i) {
        if (i == lettersStart) {
            return lettersEnd;
        }
        if (i < n && t[i] < 0x80 && ASCII_TYPE[t[i]] != LETTER) {
            // No word here: keep the memory for the word it holds, which is most likely asked for again next.
            return i;
        }
        readLetters(i);
        return lettersEnd;
    }

    private void readLetters(int i) {
        int j = i;
        long key = Keywords.NONE;
        boolean ascii = true;
        while (j < n) {
            char c = t[j];
            if (c < 0x80) {
                if (!Keywords.isAsciiLetter(c)) {
                    break;
                }
                key = Keywords.keyStep(key, c);
                j++;
            } else {
                int cp = Character.codePointAt(t, j);
                if (!isLetterOrMark(cp)) {
                    break;
                }
                ascii = false;
                j += Character.charCount(cp);
            }
        }
        lettersStart = i;
        lettersEnd = j;
        lettersKey = ascii && j - i <= Keywords.MAX_LENGTH ? key : Keywords.NONE;
    }

    private int lettersBefore(int end) {
        int j = end;
        while (j > 0) {
            int cp = Character.codePointBefore(t, j);
            if (!isLetterOrMark(cp)) {
                break;
            }
            j -= Character.charCount(cp);
        }
        return j;
    }

    private int spaces(int i) {
        int j = i;
        while (j < n && isSpace(t[j])) {
            j++;
        }
        return j;
    }

    private int hyphensAndSpaces(int i) {
        int j = i;
        while (j < n && (isSpace(t[j]) || t[j] == '-')) {
            j++;
        }
        return j;
    }

    private int slashesDashesAndSpaces(int i) {
        int j = i;
        while (j < n && (isSpace(t[j]) || t[j] == '-' || t[j] == '/')) {
            j++;
        }
        return j;
    }

    private int afterOptionalSpace(int i) {
        return i < n && isSpace(t[i]) ? i + 1 : i;
    }

    /** The end of {@code word} (lower case, whole word) at {@code i}, or -1. */
    private int afterWord(int i, String word) {
        if (i < 0) {
            return -1;
        }
        int end = letters(i);
        return Keywords.is(t, i, end, word) ? end : -1;
    }

    /** After {@code word} at {@code i} and at least one space, or -1. */
    private int afterWordAndSpaces(int i, String word) {
        int end = afterWord(i, word);
        if (end < 0) {
            return -1;
        }
        int after = spaces(end);
        return after > end ? after : -1;
    }

    // A match that stops inside a word (12k3, 3rdly) takes the rest of the word with it.
    private int wordEnd(int end) {
        if (end == 0 || end >= n) {
            return end;
        }
        char before = t[end - 1];
        if (before < 0x80 ? (ASCII_TYPE[before] & WORD) == 0
                : !Words.isWordCodePoint(Character.codePointBefore(t, end))) {
            return end;
        }
        int j = end;
        while (isWordAt(j)) {
            j += Character.charCount(Character.codePointAt(t, j));
        }
        return j;
    }

    // A sign directly before a number (-12, ±3, ~40) goes with it, unless it joins two words.
    private boolean startsWith(int i, String prefix) {
        if (i + prefix.length() > n) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (t[i + k] != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private int withSign(int start) {
        if (start == 0) {
            return start;
        }
        char before = t[start - 1];
        boolean sign = before == '-' || before == '+' || before == '−' || before == '±' || before == '~' || before == '≈';
        if (!sign) {
            return start;
        }
        return start >= 2 && Words.isWordCodePoint(Character.codePointBefore(t, start - 1)) ? start : start - 1;
    }

    private boolean isOrdinalSuffix(int start, int end) {
        return Keywords.is(t, start, end, "st") || Keywords.is(t, start, end, "nd") || Keywords.is(t, start, end, "rd")
                || Keywords.is(t, start, end, "th");
    }

    private boolean isCenturyYear(int start, int end) {
        if (end - start != 4) {
            return false;
        }
        char first = t[start];
        char second = t[start + 1];
        return (first == '1' && second == '9') || (first == '2' && second == '0');
    }

    private boolean isDateSeparator(int i) {
        return i < n && (t[i] == '-' || t[i] == '/' || t[i] == '.') && isNumericAt(i + 1);
    }

    private boolean isNumericAt(int i) {
        if (i < 0 || i >= n) {
            return false;
        }
        char c = t[i];
        return c < 0x80 ? ASCII_TYPE[c] == DIGIT : isNumeric(Character.codePointAt(t, i));
    }

    private boolean isLetterAt(int i) {
        if (i >= n) {
            return false;
        }
        char c = t[i];
        return c < 0x80 ? ASCII_TYPE[c] == LETTER : isLetterOrMark(Character.codePointAt(t, i));
    }

    private boolean isWordAt(int i) {
        if (i >= n) {
            return false;
        }
        char c = t[i];
        return c < 0x80 ? (ASCII_TYPE[c] & WORD) != 0 : Words.isWordCodePoint(Character.codePointAt(t, i));
    }

    static boolean isNumeric(int codePoint) {
        if (codePoint < 0x80) {
            return codePoint >= '0' && codePoint <= '9';
        }
        int type = Character.getType(codePoint);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    private static boolean isLetterOrMark(int codePoint) {
        if (codePoint < 0x80) {
            return (codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z');
        }
        return Words.isWordCodePoint(codePoint) && !isNumeric(codePoint);
    }

    private static boolean isCurrencySymbol(int codePoint) {
        return codePoint < 0x80 ? codePoint == '$' : Character.getType(codePoint) == Character.CURRENCY_SYMBOL;
    }

    private static boolean isSpace(char c) {
        return c < 0x80 ? ASCII_TYPE[c] == SPACE : c == '\u00A0' || c == '\u202F';
    }

    private static boolean isRangeDash(char c) {
        return c == '-' || c == '–' || c == '—' || c == '‒' || c == '/';
    }

    private static boolean isNumberSeparator(char c) {
        return c == '.' || c == ',' || c == '\'' || c == '’';
    }
}
