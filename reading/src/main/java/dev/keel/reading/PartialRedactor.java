package dev.keel.reading;

import static dev.keel.reading.Token.Type.NUMBER;
import static dev.keel.reading.Token.Type.SPACE;
import static dev.keel.reading.Token.Type.SYMBOL;
import static dev.keel.reading.Token.Type.WORD;

import dev.keel.core.Cancellation;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Redaction;
import dev.keel.reading.Keywords.Role;
import dev.keel.reading.NumberWords.Kind;
import dev.keel.reading.NumberWords.Reading;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.IntUnaryOperator;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Finds what {@code PARTIAL} withholds in a normalised text: explicit numbers, dates, quarters, periods, weeks,
 * percentages and money amounts (see {@link dev.keel.reading.OutboundFilter}).
 *
 * <p>The text is cut into {@link Token}s. At the start of each word and at each symbol, every construct of
 * {@link #longestAt} is tried, and the longest that fits there is reported (of two as long, the first listed),
 * whether or not an earlier one already covers the place: "one first half of the year" is a number ("one first")
 * and a period ("first half of the year"), and together they withhold it all. Each construct method reads one
 * construct from a token index and returns the index just past it, or -1; its grammar is in its comment, over
 * tokens: {@code N} a number token, {@code S} white space, {@code -} a hyphen, a word in lower case that word (in
 * any case), {@code SEP} a range separator (a dash or slash, or to/through/thru/until/till/and/or between spaces).
 * A construct that stops inside a word takes the rest of the word with it. Whatever no construct claims, a word
 * with a number in it is withheld whole. A construct that lies within one reported before it is of that one's kind and is
 * not reported again ("1,200" of "$1,200"). Each span carries its PARTIAL kind ({@link KindSink}): a figure whose
 * first digits are in a run of letters, digits and hyphens that starts with a letter ("L-12", "B52") is an
 * identifier, any other figure a figure.
 *
 * <p>A scan takes time linear in the text, whatever it holds. The constructs that repeat (a number's groups
 * "1,234,567", a run of number words, a range or list "Q1-Q2-Q3", the rest of a word, a run of spaces and hyphens)
 * follow a chain of tokens, and many starts can reach the same chain ("1,2,3,...", "one one one ..."): each
 * chain is followed once, through {@link #chainEnd}, which keeps for every token where the chain from it ends.
 * Every other construct reads a bounded number of tokens from its start.
 *
 * <p>Not thread-safe: one instance per scan ({@link #scan} makes it).
 */
final class PartialRedactor {

    /**
     * Receives what a scan found: one span per construct, in offsets of the normalised text, in the order of their
     * starts. Spans may overlap (a year inside a date is reported too): together they are what is withheld.
     */
    public interface SpanSink {
        void span(String kind, int start, int end);
    }

    /**
     * As {@link SpanSink}, with the PARTIAL kind each span belongs to ({@link dev.keel.policy.PartialKinds}): a
     * figure inside an identifier-like word is {@code identifiers}, a date, quarter, period or week {@code dates}.
     */
    public interface KindSink {
        void span(String partialKind, String redactionKind, int start, int end);
    }

    /** A construct read: its kind and the token index just past it. */
    private record Match(String kind, int end) {
    }

    private static final Pattern ROMAN_NUMERAL = Pattern.compile("(?=.)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})");
    private static final String HYPHENS = "-‐‑";
    private static final String RANGE_DASHES = HYPHENS + "–—‒/";
    private static final String SIGNS = "-+−±~≈";

    private final List<Token> t;
    // For each token, whether the run of letters, digits and hyphens it is in starts with a letter ("L-12", "B52").
    private final boolean[] letterRun;
    // Each word token read as a number word once (null: none), since many constructs ask.
    private final Reading[] readings;
    // Where the chain from each token ends, one array per kind of chain (see chainEnd).
    private final int[] numberChains;
    private final int[] numberWordChains;
    private final int[] rangeChains;
    private final int[] valueChains;
    private final int[] quarterChains;
    private final int[] halfChains;
    private final int[] weekChains;
    private final int[] weekCodeChains;
    private final int[] wordChains;
    private final int[] numberSearchChains;
    private final int[] spaceAndHyphenChains;
    private final int[] spaceSlashAndHyphenChains;
    // The positions of the chains being followed, innermost last (a link may follow another kind of chain).
    private int[] path = new int[16];
    private int pathSize;
    // Token reads and word readings: the measure of a scan's work.
    private final Steps steps;

    private PartialRedactor(List<Token> tokens, List<NumberWords> languages, Steps steps) {
        this.t = tokens;
        this.steps = steps;
        this.readings = new Reading[tokens.size()];
        this.letterRun = new boolean[tokens.size()];
        for (int k = 0; k < tokens.size(); k++) {
            Cancellation.checkpoint();
            readings[k] = tokens.get(k).is(WORD) ? read(tokens.get(k).folded(), languages) : null;
            boolean inRun = isWordLike(k) || isSymbol(k, HYPHENS);
            letterRun[k] = inRun && (k > 0 && (isWordLike(k - 1) || isSymbol(k - 1, HYPHENS)) ? letterRun[k - 1]
                    : is(k, WORD));
        }
        int positions = tokens.size() + 1;
        numberChains = new int[positions];
        numberWordChains = new int[positions];
        rangeChains = new int[positions];
        valueChains = new int[positions];
        quarterChains = new int[positions];
        halfChains = new int[positions];
        weekChains = new int[positions];
        weekCodeChains = new int[positions];
        wordChains = new int[positions];
        numberSearchChains = new int[positions];
        spaceAndHyphenChains = new int[positions];
        spaceSlashAndHyphenChains = new int[positions];
    }

    /** Reports every withheld span of {@code text}'s normalised text to {@code sink}, in order, reading English number words. */
    public static void scan(NormalizedText text, SpanSink sink) {
        scan(text, sink, new Steps());
    }

    /** As {@link #scan(NormalizedText, SpanSink)}, counting the token reads and word comparisons in {@code steps}. */
    static void scan(NormalizedText text, SpanSink sink, Steps steps) {
        scan(text, List.of(NumberWords.ENGLISH), (partialKind, kind, start, end) -> sink.span(kind, start, end), steps);
    }

    /**
     * Reports every span of {@code text}'s normalised text that PARTIAL withholds by default to {@code sink}, in
     * order, with its PARTIAL kind, reading the number words of {@code languages} (digits of every script whatever
     * they are).
     */
    static void scan(NormalizedText text, List<NumberWords> languages, KindSink sink, Steps steps) {
        new PartialRedactor(Token.tokenize(text), languages, steps).run(sink);
    }

    /** The PARTIAL kind of a span of {@code redactionKind} whose construct starts at token {@code k}. */
    private String partialKind(String redactionKind, int k) {
        switch (redactionKind) {
            case Redaction.PERCENTAGE:
                return PartialKinds.PERCENTAGES;
            case Redaction.MONEY:
                return PartialKinds.AMOUNTS;
            case Redaction.NUMBER:
                return is(k, NUMBER) && letterRun[k] ? PartialKinds.IDENTIFIERS : PartialKinds.FIGURES;
            default:
                return PartialKinds.DATES;
        }
    }

    private @Nullable Reading read(String word, List<NumberWords> languages) {
        for (NumberWords language : languages) {
            Reading reading = language.reading(word, steps);
            if (reading != null) {
                return reading;
            }
        }
        return null;
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

    private void run(KindSink sink) {
        // The end of the spans reported so far: a construct within one is of that one's kind ("1,200" of "$1,200"
        // is an amount, not a figure), so it is not reported again.
        int reportedTo = -1;
        for (int k = 0; k < t.size(); k++) {
            Cancellation.checkpoint();
            if (is(k, SPACE) || is(k, NUMBER) && isWordLike(k - 1) || is(k, WORD) && is(k - 1, NUMBER)) {
                continue; // constructs start at a word's start (a change of script starts one too) or at a symbol
            }
            Match longest = longestAt(k);
            int wordEnd = isWordLike(k) ? wordEnd(k + 1) : k + 1;
            int end;
            if (longest != null) {
                end = t.get(wordEnd(longest.end()) - 1).end();
                if (end > reportedTo) {
                    sink.span(partialKind(longest.kind(), k), longest.kind(), t.get(withSign(k)).start(), end);
                }
            } else {
                int number = firstNumberFrom(k);
                end = number < wordEnd ? t.get(wordEnd - 1).end() : -1;
                if (end > reportedTo) {
                    // Nothing more specific: the word is withheld whole (B52, x², ٣).
                    sink.span(partialKind(Redaction.NUMBER, number), Redaction.NUMBER, t.get(k).start(), end);
                }
            }
            reportedTo = Math.max(reportedTo, end);
        }
    }

    /** The longest construct at {@code k}; of two as long, the first below. */
    private @Nullable Match longestAt(int k) {
        Match longest = null;
        longest = longer(longest, Redaction.DATE, numericDate(k));
        longest = longer(longest, Redaction.DATE, dayMonth(k));
        longest = longer(longest, Redaction.DATE, monthFirstDate(k));
        longest = longer(longest, Redaction.DATE, ordinalDayMonth(k));
        longest = longer(longest, Redaction.DATE, standaloneMonth(k));
        longest = longer(longest, Redaction.QUARTER, ordinalQuarter(k));
        longest = longer(longest, Redaction.QUARTER, letterAndDigits(k, "q"));
        longest = longer(longest, Redaction.QUARTER, unitAndValue(k, "quarter", "quarters", "q"));
        longest = longer(longest, Redaction.WEEK, digitOrdinalWeek(k));
        longest = longer(longest, Redaction.WEEK, weekWords(k));
        longest = longer(longest, Redaction.WEEK, ordinalWeek(k));
        longest = longer(longest, Redaction.WEEK, weekCode(k));
        longest = longer(longest, Redaction.PERIOD, fiscalYear(k));
        longest = longer(longest, Redaction.PERIOD, letterAndDigits(k, "h"));
        longest = longer(longest, Redaction.PERIOD, ordinalHalf(k));
        longest = longer(longest, Redaction.PERCENTAGE, percent(k));
        longest = longer(longest, Redaction.MONEY, moneyAfterAmount(k));
        longest = longer(longest, Redaction.MONEY, currencyCodeAmount(k));
        longest = longer(longest, Redaction.MONEY, symbolMoney(k));
        longest = longer(longest, Redaction.DATE, centuryYear(k));
        longest = longer(longest, Redaction.DATE, unitAndValue(k, "year", "years"));
        Match words = numberWords(k);
        if (words != null && (longest == null || words.end() > longest.end())) {
            longest = words;
        }
        return longer(longest, Redaction.NUMBER, numberRange(k));
    }

    private static @Nullable Match longer(@Nullable Match longest, String kind, int end) {
        return end > 0 && (longest == null || end > longest.end()) ? new Match(kind, end) : longest;
    }

    // ---- dates ----

    /** {@code N{4} [-/.] N{1,2} [-/.] N{1,2}} or {@code N{1,2} [-/.] N{1,2} [-/.] N{2,4}}. */
    private int numericDate(int k) {
        if (!(is(k, NUMBER) && isSymbol(k + 1, "-/.") && is(k + 2, NUMBER) && isSymbol(k + 3, "-/.")
                && is(k + 4, NUMBER))) {
            return -1;
        }
        int first = length(k);
        int second = length(k + 2);
        int third = length(k + 4);
        boolean fits = second <= 2 && (first == 4 ? third <= 2 : first <= 2 && third >= 2 && third <= 4);
        return fits ? k + 5 : -1;
    }

    /** {@code DAY (SEP DAY)? S (of S)? MONTH (,? S YEAR)?}. */
    private int dayMonth(int k) {
        int day = day(k);
        if (day < 0) {
            return -1;
        }
        int separator = rangeSeparator(day);
        int secondDay = separator > 0 ? day(separator) : -1;
        int end = secondDay > 0 ? monthAfterDay(secondDay) : -1;
        return end > 0 ? end : monthAfterDay(day);
    }

    /** {@code MONTH S (the S)? (DAY|ORDINAL) (SEP (DAY|ORDINAL))? (,? S YEAR)?} or {@code MONTH ,? S YEAR}. */
    private int monthFirstDate(int k) {
        int month = month(k);
        if (month < 0) {
            return -1;
        }
        int j = requiredSpace(month);
        if (j > 0) {
            int the = isWord(j, "the") ? requiredSpace(j + 1) : -1;
            int day = dayOrOrdinal(the > 0 ? the : j);
            if (day > 0) {
                int separator = rangeSeparator(day);
                int second = separator > 0 ? dayOrOrdinal(separator) : -1;
                return optionalYear(second > 0 ? second : day);
            }
        }
        return year(requiredSpace(isSymbol(month, ",") ? month + 1 : month));
    }

    /** {@code ORDINAL S (of S)? MONTH (,? S YEAR)?}. */
    private int ordinalDayMonth(int k) {
        int ordinal = ordinal(k);
        return ordinal > 0 ? monthAfterDay(ordinal) : -1;
    }

    /**
     * A month name alone: a full name other than May written capitalised or in capitals, anywhere; or any month
     * name or abbreviation, in any case, after in, by, during, until, till, from, since, before, after,
     * through, early, mid, late, end of or start of (then a dot after May or an abbreviation goes with it).
     */
    private int standaloneMonth(int k) {
        boolean full = hasRole(k, Role.MONTH);
        if (!full && !hasRole(k, Role.MONTH_ABBREVIATION)) {
            return -1;
        }
        String text = t.get(k).text();
        boolean capitalised = Character.isUpperCase(text.codePointAt(0))
                && (text.substring(1).equals(text.substring(1).toLowerCase(Locale.ROOT))
                || text.equals(text.toUpperCase(Locale.ROOT)));
        if (followsTemporalWord(k)) {
            boolean dotted = (!full || isWord(k, "may")) && isSymbol(k + 1, ".");
            return dotted ? k + 2 : k + 1;
        }
        return full && capitalised && !isWord(k, "may") ? k + 1 : -1;
    }

    private boolean followsTemporalWord(int k) {
        if (!(is(k - 1, SPACE) || isSymbol(k - 1, HYPHENS))) {
            return false;
        }
        if (isWord(k - 2, "of")) {
            return is(k - 3, SPACE) && isWord(k - 4, "end", "start");
        }
        return hasRole(k - 2, Role.TEMPORAL);
    }

    /** {@code (19|20)NN (SEP (19|20)?NN)?}, not followed by a letter or digit. */
    private int centuryYear(int k) {
        if (!isCenturyYear(k)) {
            return -1;
        }
        int separator = rangeSeparator(k + 1);
        if (separator > 0 && (isCenturyYear(separator) || is(separator, NUMBER) && length(separator) == 2)
                && !isWordLike(separator + 1)) {
            return separator + 1;
        }
        return isWordLike(k + 1) ? -1 : k + 1;
    }

    // ---- quarters, weeks and other periods ----

    /** {@code ORDINAL (SEP ORDINAL)? [S-]+ (fiscal S|calendar S)? quarters? (S of S (fy S?)? YEAR)?}. */
    private int ordinalQuarter(int k) {
        int ordinal = periodOrdinal(k);
        if (ordinal < 0) {
            return -1;
        }
        int separator = rangeSeparator(ordinal);
        int second = separator > 0 ? periodOrdinal(separator) : -1;
        int end = second > 0 ? quarterNoun(second) : -1;
        return end > 0 ? end : quarterNoun(ordinal);
    }

    private int quarterNoun(int k) {
        int j = spacesAndHyphens(k);
        if (j == k) {
            return -1;
        }
        int qualified = isWord(j, "fiscal", "calendar") ? requiredSpace(j + 1) : -1;
        int noun = qualified > 0 ? qualified : j;
        if (!isWord(noun, "quarter", "quarters")) {
            return -1;
        }
        int of = is(noun + 1, SPACE) && isWord(noun + 2, "of") ? requiredSpace(noun + 3) : -1;
        int year = of > 0 ? fiscalOrPlainYear(of) : -1;
        return year > 0 ? year : noun + 1;
    }

    /**
     * {@code [qh]N (SEP [qh]?N)* ([S/-]* (fy S?)? YEAR)?}: quarters ({@code letter} "q"), half-years ("h").
     */
    private int letterAndDigits(int k, String letter) {
        if (!isWord(k, letter) || !is(k + 1, NUMBER)) {
            return -1;
        }
        int end = chainEnd(letter.equals("q") ? quarterChains : halfChains, k + 2, e -> {
            int separator = rangeSeparator(e);
            int next = isWord(separator, letter) ? separator + 1 : separator;
            return separator < 0 || !is(next, NUMBER) ? -1 : next + 1;
        });
        int year = fiscalOrPlainYear(spacesSlashesAndHyphens(end));
        return year > 0 ? year : end;
    }

    /**
     * {@code UNIT S VALUE (SEP VALUE)*}, a unit being one of {@code units}, a value digits, number words (one
     * included) or a Roman numeral: "quarter IV", "year one".
     */
    private int unitAndValue(int k, String... units) {
        if (!isWord(k, units)) {
            return -1;
        }
        return values(periodValue(requiredSpace(k + 1)));
    }

    /** {@code N (st|nd|rd|th) [S-]+ (calendar S)? weeks?}. */
    private int digitOrdinalWeek(int k) {
        if (!is(k, NUMBER) || !isWord(k + 1, "st", "nd", "rd", "th")) {
            return -1;
        }
        return weekNoun(k + 2);
    }

    /** {@code ORDINAL [S-]+ (calendar S)? weeks?}, an ordinal also being last or final. */
    private int ordinalWeek(int k) {
        int ordinal = periodOrdinal(k);
        return ordinal > 0 ? weekNoun(ordinal) : -1;
    }

    private int weekNoun(int k) {
        int j = spacesAndHyphens(k);
        if (j == k) {
            return -1;
        }
        int calendar = isWord(j, "calendar") ? requiredSpace(j + 1) : -1;
        int noun = calendar > 0 ? calendar : j;
        return isWord(noun, "week", "weeks") ? noun + 1 : -1;
    }

    /**
     * {@code (calendar S)? WEEK S? (# S?)? VALUE (SEP (WEEK S?)? VALUE)*}, WEEK being weeks?, wks?.?, cw or kw, a
     * value digits, number words (one included) or a Roman numeral.
     */
    private int weekWords(int k) {
        int word = weekWord(k);
        if (word < 0) {
            return -1;
        }
        int j = optionalSpace(word);
        if (isSymbol(j, "#")) {
            j = optionalSpace(j + 1);
        }
        int end = periodValue(j);
        return end > 0 ? chainEnd(weekChains, end, this::nextWeekValue) : end;
    }

    private int nextWeekValue(int end) {
        int separator = rangeSeparator(end);
        int again = weekWord(separator);
        int next = periodValue(again > 0 ? optionalSpace(again) : separator);
        return separator < 0 ? -1 : next;
    }

    private int weekWord(int k) {
        int calendar = isWord(k, "calendar") ? requiredSpace(k + 1) : -1;
        int word = calendar > 0 ? calendar : k;
        if (!hasRole(word, Role.WEEK)) {
            return -1;
        }
        return hasRole(word, Role.WEEK_WITH_DOT) && isSymbol(word + 1, ".") ? word + 2 : word + 1;
    }

    /** {@code (cw|kw|wk|w)N (SEP (cw|kw|wk|w)?N)*}, not followed by a letter. */
    private int weekCode(int k) {
        if (!isWord(k, "cw", "kw", "wk", "w") || !is(k + 1, NUMBER)) {
            return -1;
        }
        return is(k + 2, WORD) ? -1 : chainEnd(weekCodeChains, k + 2, this::nextWeekCode);
    }

    /** The next code of the list, unless a letter follows it (no range continues past one). */
    private int nextWeekCode(int end) {
        int separator = rangeSeparator(end);
        int next = isWord(separator, "cw", "kw", "wk", "w") && is(separator + 1, NUMBER) ? separator + 1 : separator;
        return separator < 0 || !is(next, NUMBER) || is(next + 1, WORD) ? -1 : next + 1;
    }

    /** {@code fy S? YEAR (SEP (fy S?)? YEAR)? ([S/-]* QUARTER)?}. */
    private int fiscalYear(int k) {
        int end = isWord(k, "fy") ? yearAfterFy(k + 1) : -1;
        if (end < 0) {
            return -1;
        }
        int separator = rangeSeparator(end);
        int second = separator > 0 ? fiscalOrPlainYear(separator) : -1;
        if (second > 0) {
            end = second;
        }
        int quarter = letterAndDigits(spacesSlashesAndHyphens(end), "q");
        return quarter > 0 ? quarter : end;
    }

    /** {@code (first|second) [S-]+ half (S of S (the S)? (fiscal S)? (year|YEAR))?}. */
    private int ordinalHalf(int k) {
        if (!isWord(k, "first", "second")) {
            return -1;
        }
        int j = spacesAndHyphens(k + 1);
        if (j == k + 1 || !isWord(j, "half")) {
            return -1;
        }
        int of = is(j + 1, SPACE) && isWord(j + 2, "of") ? requiredSpace(j + 3) : -1;
        int the = isWord(of, "the") ? requiredSpace(of + 1) : -1;
        int start = the > 0 ? the : of;
        int fiscal = isWord(start, "fiscal") ? requiredSpace(start + 1) : -1;
        start = fiscal > 0 ? fiscal : start;
        int year = isWord(start, "year") ? start + 1 : year(start);
        return year > 0 ? year : j + 1;
    }

    // ---- percentages and money ----

    /** {@code NUM (SEP NUM)? S? PERCENT}, PERCENT being % ‰ ٪ percent, per cent, pct, percentage points?, pp. */
    private int percent(int k) {
        int number = number(k);
        if (number < 0) {
            return -1;
        }
        int separator = rangeSeparator(number);
        int second = separator > 0 ? number(separator) : -1;
        int end = second > 0 ? percentAfter(second) : -1;
        return end > 0 ? end : percentAfter(number);
    }

    private int percentAfter(int k) {
        int end = percentSign(k);
        return end < 0 && is(k, SPACE) ? percentSign(k + 1) : end;
    }

    private int percentSign(int k) {
        if (isSymbol(k, "%‰٪") || hasRole(k, Role.PERCENT_WORD)) {
            return k + 1;
        }
        if (isWord(k, "per")) {
            int cent = optionalSpace(k + 1);
            return isWord(cent, "cent") ? cent + 1 : -1;
        }
        if (isWord(k, "percentage")) {
            int point = requiredSpace(k + 1);
            return isWord(point, "point", "points") ? point + 1 : -1;
        }
        return -1;
    }

    /** {@code AMOUNT (SEP AMOUNT)? S? (CURRENCY SYMBOL | CURRENCY WORD)}. */
    private int moneyAfterAmount(int k) {
        int amount = amount(k);
        if (amount < 0) {
            return -1;
        }
        int separator = rangeSeparator(amount);
        int second = separator > 0 ? amount(separator) : -1;
        int end = second > 0 ? currencyAfter(second) : -1;
        return end > 0 ? end : currencyAfter(amount);
    }

    private int currencyAfter(int k) {
        int end = currency(k);
        return end < 0 && is(k, SPACE) ? currency(k + 1) : end;
    }

    /** A currency symbol, or a currency word ("pounds sterling" included). */
    private int currency(int k) {
        if (isCurrencySymbol(k)) {
            return k + 1;
        }
        if (!hasRole(k, Role.CURRENCY_WORD)) {
            return -1;
        }
        int sterling = isWord(k, "pound", "pounds") ? requiredSpace(k + 1) : -1;
        return isWord(sterling, "sterling") ? sterling + 1 : k + 1;
    }

    /** {@code CODE S? AMOUNT (SEP AMOUNT)?}, CODE being usd, eur, gbp, chf, jpy, cad or aud. */
    private int currencyCodeAmount(int k) {
        int amount = hasRole(k, Role.CURRENCY_CODE) ? amount(optionalSpace(k + 1)) : -1;
        if (amount < 0) {
            return -1;
        }
        int separator = rangeSeparator(amount);
        int second = separator > 0 ? amount(separator) : -1;
        return second > 0 ? second : amount;
    }

    /** {@code SYMBOL S? AMOUNT (SEP SYMBOL? S? AMOUNT)?}. */
    private int symbolMoney(int k) {
        int amount = isCurrencySymbol(k) ? amount(optionalSpace(k + 1)) : -1;
        int separator = rangeSeparator(amount);
        if (separator < 0) {
            return amount;
        }
        int second = amount(optionalSpace(isCurrencySymbol(separator) ? separator + 1 : separator));
        return second > 0 ? second : amount;
    }

    // ---- numbers ----

    /**
     * Number words: {@code WORD ([S-]+ (and S)? WORD)*}, each after the first following a cardinal ("twenty-five",
     * "a hundred and fifty", "two thirds"), then {@code S? CURRENCY WORD} (money) or {@code S? PERCENT}
     * (percentage). A contextual word alone ("one", "first", "second", "quarter") only with a currency or percent
     * after it, or for "quarter" before "of" (a fraction).
     */
    private @Nullable Match numberWords(int k) {
        int end = numberWordsEnd(k);
        if (end < 0) {
            return null;
        }
        int j = optionalSpace(end);
        int percent = percentSign(j);
        Match match = hasRole(j, Role.CURRENCY_WORD) ? new Match(Redaction.MONEY, currency(j))
                : percent > 0 ? new Match(Redaction.PERCENTAGE, percent) : new Match(Redaction.NUMBER, end);
        boolean fraction = isWord(k, "quarter", "quarters") && is(k + 1, SPACE) && isWord(k + 2, "of");
        boolean contextualAlone = end == k + 1 && numberWord(k).contextual() && match.end() == end && !fraction;
        return contextualAlone ? null : match;
    }

    /** Past the number words at {@code k} ("one" alone included), or -1. */
    private int numberWordsEnd(int k) {
        return reading(k) == null ? -1 : chainEnd(numberWordChains, k, this::nextNumberWord) + 1;
    }

    /** The number word after the one at {@code word}, when that is a cardinal and one follows. */
    private int nextNumberWord(int word) {
        if (numberWord(word).kind() != Kind.CARDINAL) {
            return -1;
        }
        int j = spacesAndHyphens(word + 1);
        int and = j > word + 1 && isWord(j, "and") ? requiredSpace(j + 1) : -1;
        int next = and > 0 ? and : j;
        return j == word + 1 || reading(next) == null ? -1 : next;
    }

    /** Number words ending in an ordinal: "third", "twenty-first", "twentyfirst". */
    private int ordinal(int k) {
        int end = numberWordsEnd(k);
        return end > 0 && numberWord(end - 1).kind() == Kind.ORDINAL ? end : -1;
    }

    /** An ordinal, or last or final. */
    private int periodOrdinal(int k) {
        return isWord(k, "last", "final") ? k + 1 : ordinal(k);
    }

    /** Digits, number words ("one" included) or a Roman numeral, as after a week or quarter word. */
    private int periodValue(int k) {
        if (is(k, NUMBER) || isRomanNumeral(k)) {
            return k + 1;
        }
        return numberWordsEnd(k);
    }

    /** {@code (SEP VALUE)*} after a value ending at {@code end}. */
    private int values(int end) {
        return end > 0 ? chainEnd(valueChains, end, e -> periodValue(rangeSeparator(e))) : end;
    }

    /**
     * A Roman numeral, in any case; a lone capital I only where it cannot be the pronoun (not before a word in
     * lower case other than a range word: "week I think" keeps its I, "weeks I to IV" does not).
     */
    private boolean isRomanNumeral(int k) {
        if (!is(k, WORD) || !ROMAN_NUMERAL.matcher(t.get(k).folded()).matches()) {
            return false;
        }
        if (!t.get(k).text().equals("I") || !is(k + 1, SPACE) || !is(k + 2, WORD)) {
            return true;
        }
        String next = t.get(k + 2).text();
        return !next.equals(next.toLowerCase(Locale.ROOT)) || hasRole(k + 2, Role.RANGE_WORD);
    }

    /** {@code NUM SCALE? (SEP NUM SCALE?)*}: always fits at a number. */
    private int numberRange(int k) {
        int end = amount(k);
        return end > 0 ? chainEnd(rangeChains, end, e -> amount(rangeSeparator(e))) : end;
    }

    /** {@code N ([.,'’] N)*}. */
    private int number(int k) {
        if (!is(k, NUMBER)) {
            return -1;
        }
        return chainEnd(numberChains, k, n -> isSymbol(n + 1, ".,'’") && is(n + 2, NUMBER) ? n + 2 : -1) + 1;
    }

    /** {@code NUM SCALE?}, SCALE being {@code S? (k|m|bn|b|mn|mln|tn|thousand|million|billion|trillion|mio.?|mrd.?)}. */
    private int amount(int k) {
        int number = number(k);
        int scale = number > 0 ? optionalSpace(number) : -1;
        if (!hasRole(scale, Role.SCALE)) {
            return number;
        }
        if (hasRole(scale, Role.SCALE_WITH_DOT) && isSymbol(scale + 1, ".") && !isWordLike(scale + 2)) {
            return scale + 2;
        }
        return isWordLike(scale + 1) ? number : scale + 1;
    }

    // ---- pieces ----

    /** {@code N{1,2} (st|nd|rd|th)?}, not followed by a letter or digit. */
    private int day(int k) {
        if (!is(k, NUMBER) || length(k) > 2) {
            return -1;
        }
        int end = isWord(k + 1, "st", "nd", "rd", "th") ? k + 2 : k + 1;
        return isWordLike(end) ? -1 : end;
    }

    private int dayOrOrdinal(int k) {
        int day = day(k);
        return day > 0 ? day : ordinal(k);
    }

    /** {@code S (of S)? MONTH (,? S YEAR)?} after a day. */
    private int monthAfterDay(int day) {
        int j = requiredSpace(day);
        int of = isWord(j, "of") ? requiredSpace(j + 1) : -1;
        int month = month(of > 0 ? of : j);
        return month > 0 ? optionalYear(month) : -1;
    }

    /** A month name, or an abbreviation and the dot after it (when no letter follows). */
    private int month(int k) {
        if (hasRole(k, Role.MONTH)) {
            return k + 1;
        }
        if (!hasRole(k, Role.MONTH_ABBREVIATION)) {
            return -1;
        }
        return isSymbol(k + 1, ".") && !is(k + 2, WORD) ? k + 2 : k + 1;
    }

    /** {@code ['’]? N{2,4}}, not followed by a letter. */
    private int year(int k) {
        int start = isSymbol(k, "'’") ? k + 1 : k;
        return is(start, NUMBER) && length(start) >= 2 && length(start) <= 4 && !is(start + 1, WORD) ? start + 1 : -1;
    }

    /** {@code (fy S?)? YEAR}. */
    private int fiscalOrPlainYear(int k) {
        int fiscal = isWord(k, "fy") ? yearAfterFy(k + 1) : -1;
        return fiscal > 0 ? fiscal : year(k);
    }

    private int yearAfterFy(int k) {
        int year = year(k);
        return year < 0 && is(k, SPACE) ? year(k + 1) : year;
    }

    /** {@code (,? S YEAR)?}: past the year, or {@code end} when there is none. */
    private int optionalYear(int end) {
        int year = year(requiredSpace(isSymbol(end, ",") ? end + 1 : end));
        return year > 0 ? year : end;
    }

    /** {@code S? [-–—‒/] S?} or {@code S (to|through|thru|until|till|and|or) S}: where the next value starts, or -1. */
    private int rangeSeparator(int k) {
        if (k < 0) {
            return -1;
        }
        int j = optionalSpace(k);
        if (isSymbol(j, RANGE_DASHES)) {
            return optionalSpace(j + 1);
        }
        return j > k && hasRole(j, Role.RANGE_WORD) ? requiredSpace(j + 1) : -1;
    }

    private int optionalSpace(int k) {
        return is(k, SPACE) ? k + 1 : k;
    }

    private int requiredSpace(int k) {
        return is(k, SPACE) ? k + 1 : -1;
    }

    private int spacesAndHyphens(int k) {
        return chainEnd(spaceAndHyphenChains, k, j -> is(j, SPACE) || isSymbol(j, HYPHENS) ? j + 1 : -1);
    }

    private int spacesSlashesAndHyphens(int k) {
        return chainEnd(spaceSlashAndHyphenChains, k, j -> is(j, SPACE) || isSymbol(j, HYPHENS + "/") ? j + 1 : -1);
    }

    /** Past the word (adjacent words and numbers) that token {@code end - 1} is part of, if any. */
    private int wordEnd(int end) {
        return chainEnd(wordChains, end, j -> isWordLike(j - 1) && isWordLike(j) ? j + 1 : -1);
    }

    /** The first number token at or after {@code k}, or the number of tokens when there is none. */
    private int firstNumberFrom(int k) {
        return chainEnd(numberSearchChains, k, j -> j < t.size() && !is(j, NUMBER) ? j + 1 : -1);
    }

    /**
     * The last position of the chain that starts at {@code start} (a token index, at most the number of tokens):
     * {@code next} gives the position after a given one, always further on, or -1 where the chain stops. Each
     * position's answer is kept in {@code memo} (plus one; 0 while unknown), so that a position is followed once
     * however many chains pass through it: lists such as "1,2,3,...", runs of number words and ranges cost the scan
     * time linear in their length, not in its square. {@code next} may follow chains of other kinds.
     */
    private int chainEnd(int[] memo, int start, IntUnaryOperator next) {
        int base = pathSize;
        int k = start;
        while (memo[k] == 0) {
            int following = next.applyAsInt(k);
            if (following < 0) {
                memo[k] = k + 1;
                break;
            }
            if (pathSize == path.length) {
                path = Arrays.copyOf(path, pathSize * 2);
            }
            path[pathSize++] = k;
            k = following;
        }
        int end = memo[k];
        while (pathSize > base) {
            memo[path[--pathSize]] = end;
        }
        return end - 1;
    }

    /** A sign right before a number (-12, ±3, ~40) goes with it, unless it joins two words (A-12). */
    private int withSign(int k) {
        boolean sign = is(k, NUMBER) && isSymbol(k - 1, SIGNS);
        return sign && !isWordLike(k - 2) ? k - 1 : k;
    }

    // ---- tokens ----

    private boolean is(int k, Token.Type type) {
        steps.add(1);
        return k >= 0 && k < t.size() && t.get(k).is(type);
    }

    private boolean isWordLike(int k) {
        return is(k, WORD) || is(k, NUMBER);
    }

    /** True when token {@code k} is a word and one of {@code words} (lower case). */
    private boolean isWord(int k, String... words) {
        if (!is(k, WORD)) {
            return false;
        }
        for (String word : words) {
            if (t.get(k).folded().equals(word)) {
                return true;
            }
        }
        return false;
    }

    private boolean hasRole(int k, Role role) {
        return is(k, WORD) && Keywords.is(t.get(k).folded(), role);
    }

    private @Nullable Reading reading(int k) {
        steps.add(1);
        return k >= 0 && k < t.size() ? readings[k] : null;
    }

    /** The reading of token {@code k}, which a number word chain has already been seen to hold. */
    private Reading numberWord(int k) {
        return Objects.requireNonNull(reading(k), "a number word's reading");
    }

    /** True when token {@code k} is a symbol among {@code characters} (BMP characters). */
    private boolean isSymbol(int k, String characters) {
        return is(k, SYMBOL) && characters.indexOf(t.get(k).text().charAt(0)) >= 0;
    }

    private boolean isCurrencySymbol(int k) {
        return is(k, SYMBOL) && Character.getType(t.get(k).text().codePointAt(0)) == Character.CURRENCY_SYMBOL;
    }

    private boolean isCenturyYear(int k) {
        return is(k, NUMBER) && length(k) == 4 && (t.get(k).text().startsWith("19") || t.get(k).text().startsWith("20"));
    }

    /** The length of token {@code k} as a reader sees it ({@link Token#length}). */
    private int length(int k) {
        return t.get(k).length();
    }
}
