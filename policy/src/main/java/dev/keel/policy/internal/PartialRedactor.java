package dev.keel.policy.internal;

import dev.keel.policy.Redaction;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what {@code PARTIAL} withholds: explicit numbers, dates, quarters, periods, weeks, percentages and money
 * amounts (see {@link dev.keel.policy.OutboundFilter}).
 *
 * <p>The text is scanned word by word (a word is a run of letters, digits and marks). Patterns are tried only
 * where something can start: at a word containing a digit, at a currency symbol, and at the few words that can
 * open a date or an amount (month names, ordinals, "week", "FY", currency codes, number words). Whatever a
 * pattern does not claim, a word containing a digit is withheld whole: that is what guarantees that no
 * numeric character survives. Immutable and thread-safe; each scan uses its own matchers.
 */
public final class PartialRedactor {

    // ---- building blocks ----
    private static final String NUM = "\\p{N}+(?:[.,'’]\\p{N}+)*";
    private static final String SCALE = "(?:\\s?(?:k|m|bn|b|mn|mln|tn|thousand|million|billion|trillion|mio\\.?|mrd\\.?)"
            + "(?![\\p{L}\\p{N}]))";
    private static final String AMOUNT = NUM + SCALE + "?";
    private static final String RANGE = "(?:\\s*[-–—‒/]\\s*|\\s+(?:to|through|thru|until|till|and|or)\\s+)";
    private static final String YEAR = "[’']?\\p{N}{2,4}(?![\\p{L}\\p{N}])";
    private static final String DAY = "\\p{N}{1,2}(?:st|nd|rd|th)?(?![\\p{L}\\p{N}])";
    private static final String MONTH_NAME = "(?:january|february|march|april|may|june|july|august|september|october"
            + "|november|december|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?)(?![\\p{L}])";
    private static final String ORDINAL_DAY = "(?:(?:twenty|thirty)[\\s-]?(?:first|second|third|fourth|fifth|sixth"
            + "|seventh|eighth|ninth)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh"
            + "|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth"
            + "|thirtieth)(?![\\p{L}])";
    private static final String ORDINAL_PERIOD = "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
            + "|tenth|eleventh|twelfth|last|final)";
    private static final String NUMBER_WORD = "(?:zero|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
            + "|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty"
            + "|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen)(?![\\p{L}])";
    private static final String NUMBER_WORDS = "(?:" + NUMBER_WORD + "|one(?=[\\s-]+(?:hundred|thousand|million"
            + "|billion|trillion|dozen)))(?:[\\s-]+(?:and\\s+)?(?:" + NUMBER_WORD + "|one(?![\\p{L}])))*";
    private static final String CURRENCY_WORD = "(?:usd|eur|gbp|chf|jpy|cad|aud|dollars?|euros?|pounds?(?:\\s+sterling)?"
            + "|k€)(?![\\p{L}])";
    private static final String CURRENCY_CODE = "(?:usd|eur|gbp|chf|jpy|cad|aud)";
    private static final String PERCENT = "(?:%|％|‰|(?:percent|per\\s?cent|pct|percentage\\s+points?|pp)(?![\\p{L}]))";
    private static final String FISCAL = "fy\\s?" + YEAR + "(?:" + RANGE + "(?:fy\\s?)?" + YEAR + ")?";
    private static final String QUARTER = "q\\p{N}(?:" + RANGE + "q?\\p{N})*(?:[\\s/-]*(?:fy\\s?)?" + YEAR + ")?";
    private static final String HALF = "h\\p{N}(?:" + RANGE + "h?\\p{N})*(?:[\\s/-]*(?:fy\\s?)?" + YEAR + ")?";
    private static final String WEEK_WORD = "(?:calendar\\s+)?(?:weeks?|wks?\\.?|cw|kw)";
    private static final String WEEK_VALUE = "(?:\\p{N}+|" + NUMBER_WORDS + ")";

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    /** Tried at a word that starts with a digit. Group names are redaction kinds; first match wins. */
    private static final Pattern AT_DIGIT = Pattern.compile(
            "(?<date>\\p{N}{4}[-/.]\\p{N}{1,2}[-/.]\\p{N}{1,2}(?![\\p{N}])"
                    + "|\\p{N}{1,2}[-/.]\\p{N}{1,2}[-/.]\\p{N}{2,4}(?![\\p{N}])"
                    + "|" + DAY + "(?:" + RANGE + DAY + ")?\\s+(?:of\\s+)?" + MONTH_NAME + "(?:,?\\s+" + YEAR + ")?)"
                    + "|(?<week>\\p{N}+(?:st|nd|rd|th)\\s+(?:calendar\\s+)?weeks?(?![\\p{L}]))"
                    + "|(?<percentage>" + NUM + "(?:" + RANGE + NUM + ")?\\s?" + PERCENT + ")"
                    + "|(?<money>" + AMOUNT + "(?:" + RANGE + AMOUNT + ")?\\s?(?:\\p{Sc}|" + CURRENCY_WORD + "))"
                    + "|(?<year>(?:19|20)\\p{N}{2}(?:" + RANGE + "(?:19|20)?\\p{N}{2})?(?![\\p{L}\\p{N}]))"
                    + "|(?<number>" + AMOUNT + "(?:" + RANGE + AMOUNT + ")*)",
            FLAGS);

    /** Tried at a word that starts with a letter and contains a digit ({@code Q3}, {@code FY25}, {@code W12}). */
    private static final Pattern AT_CODE = Pattern.compile(
            "(?<quarter>" + QUARTER + ")"
                    + "|(?<period>" + FISCAL + "(?:[\\s/-]*" + QUARTER + ")?|" + HALF + ")"
                    + "|(?<week>(?:cw|kw|wk|w)\\p{N}+(?:" + RANGE + "(?:cw|kw|wk|w)?\\p{N}+)*(?![\\p{L}]))"
                    + "|(?<money>" + CURRENCY_CODE + AMOUNT + ")",
            FLAGS);

    /** Tried at a currency symbol. */
    private static final Pattern AT_SYMBOL = Pattern.compile(
            "(?<money>\\p{Sc}\\s?" + AMOUNT + "(?:" + RANGE + "\\p{Sc}?\\s?" + AMOUNT + ")?)", FLAGS);

    /** Tried at a trigger word without digits. */
    private static final Pattern AT_WORD = Pattern.compile(
            "(?<date>" + MONTH_NAME + "\\s+(?:the\\s+)?(?:" + DAY + "|" + ORDINAL_DAY + ")(?:" + RANGE + "(?:" + DAY
                    + "|" + ORDINAL_DAY + "))?(?:,?\\s+" + YEAR + ")?"
                    + "|" + MONTH_NAME + ",?\\s+" + YEAR
                    + "|" + ORDINAL_DAY + "\\s+(?:of\\s+)?" + MONTH_NAME + "(?:,?\\s+" + YEAR + ")?"
                    + "|(?-i:January|February|March|April|June|July|August|September|October|November|December)"
                    + "(?![\\p{L}])"
                    + "|(?<=(?:^|[^\\p{L}])(?i:in|by|during|until|till|from|since|before|after|through|early|mid|late"
                    + "|end of|start of)[\\s-])(?-i:May|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)"
                    + "(?:\\.|(?![\\p{L}])))"
                    + "|(?<quarter>" + ORDINAL_PERIOD + "(?:" + RANGE + ORDINAL_PERIOD + ")?\\s+(?:fiscal\\s+|calendar\\s+)?"
                    + "quarters?(?![\\p{L}])(?:\\s+of\\s+(?:fy\\s?)?" + YEAR + ")?)"
                    + "|(?<week>" + WEEK_WORD + "\\s*#?\\s*" + WEEK_VALUE + "(?:" + RANGE + "(?:" + WEEK_WORD + "\\s*)?"
                    + WEEK_VALUE + ")*(?![\\p{L}\\p{N}])"
                    + "|" + ORDINAL_PERIOD + "\\s+(?:calendar\\s+)?weeks?(?![\\p{L}]))"
                    + "|(?<period>fy\\s?" + YEAR + "(?:" + RANGE + "(?:fy\\s?)?" + YEAR + ")?"
                    + "|(?:first|second)\\s+half\\s+of\\s+(?:the\\s+)?(?:fiscal\\s+)?(?:year|" + YEAR + ")(?![\\p{L}]))"
                    + "|(?<money>" + CURRENCY_CODE + "\\s?" + AMOUNT + "(?:" + RANGE + AMOUNT + ")?"
                    + "|" + NUMBER_WORDS + "\\s+" + CURRENCY_WORD + ")"
                    + "|(?<percentage>" + NUMBER_WORDS + "\\s+" + PERCENT + ")"
                    + "|(?<number>" + NUMBER_WORDS + ")",
            FLAGS);

    private static final String[] DIGIT_KINDS = {"date", "week", "percentage", "money", "year", "number"};
    private static final String[] CODE_KINDS = {"quarter", "period", "week", "money"};
    private static final String[] SYMBOL_KINDS = {"money"};
    private static final String[] WORD_KINDS = {"date", "quarter", "week", "period", "money", "percentage", "number"};

    private static final TriggerWords TRIGGERS = new TriggerWords(List.of(
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
            "dec",
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
            "eighteenth", "nineteenth", "twentieth", "thirtieth", "last", "final",
            "week", "weeks", "wk", "wks", "cw", "kw", "calendar", "fy",
            "usd", "eur", "gbp", "chf", "jpy", "cad", "aud",
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
            "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million",
            "billion", "trillion", "dozen"));

    private PartialRedactor() {
    }

    /** What a scan found: one span per withheld piece, in text order, not overlapping. */
    public interface SpanSink {
        void span(String kind, int start, int end);
    }

    /** Reports every withheld span of {@code text} to {@code sink}, in order. */
    public static void scan(String text, SpanSink sink) {
        Matcher atDigit = null;
        Matcher atCode = null;
        Matcher atSymbol = null;
        Matcher atWord = null;
        int n = text.length();
        int i = 0;
        while (i < n) {
            int cp = text.codePointAt(i);
            if (!Words.isWordCodePoint(cp)) {
                if (Character.getType(cp) == Character.CURRENCY_SYMBOL) {
                    atSymbol = atSymbol == null ? prepare(AT_SYMBOL, text) : atSymbol;
                    int end = tryAt(atSymbol, SYMBOL_KINDS, text, i, i, sink);
                    if (end > i) {
                        i = end;
                        continue;
                    }
                }
                i += Character.charCount(cp);
                continue;
            }
            int wordEnd = i;
            boolean hasDigit = false;
            while (wordEnd < n) {
                int c = text.codePointAt(wordEnd);
                if (!Words.isWordCodePoint(c)) {
                    break;
                }
                hasDigit |= isNumeric(c);
                wordEnd += Character.charCount(c);
            }
            int end;
            if (hasDigit) {
                if (isNumeric(cp)) {
                    atDigit = atDigit == null ? prepare(AT_DIGIT, text) : atDigit;
                    end = tryAt(atDigit, DIGIT_KINDS, text, i, withSign(text, i), sink);
                } else {
                    atCode = atCode == null ? prepare(AT_CODE, text) : atCode;
                    end = tryAt(atCode, CODE_KINDS, text, i, i, sink);
                }
                if (end < 0) {
                    // Nothing more specific: the word is withheld whole (B52, ٣, x²).
                    sink.span(Redaction.NUMBER, isNumeric(cp) ? withSign(text, i) : i, wordEnd);
                    end = wordEnd;
                }
            } else if (TRIGGERS.contains(text, i, wordEnd)) {
                atWord = atWord == null ? prepare(AT_WORD, text) : atWord;
                end = tryAt(atWord, WORD_KINDS, text, i, i, sink);
                if (end < 0) {
                    end = wordEnd;
                }
            } else {
                end = wordEnd;
            }
            i = end;
        }
    }

    private static Matcher prepare(Pattern pattern, String text) {
        return pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
    }

    /**
     * Matches at {@code start}; reports the span from {@code spanStart} (a sign before the number) to the match
     * end widened to a whole word, and returns its end; -1 when nothing matches.
     */
    private static int tryAt(Matcher matcher, String[] kinds, String text, int start, int spanStart, SpanSink sink) {
        matcher.region(start, text.length());
        if (!matcher.lookingAt() || matcher.end() == start) {
            return -1;
        }
        int end = wordEnd(text, matcher.end());
        sink.span(kind(matcher, kinds), spanStart, end);
        return end;
    }

    private static String kind(Matcher matcher, String[] kinds) {
        for (String group : kinds) {
            if (matcher.start(group) >= 0) {
                return group.equals("year") ? Redaction.DATE : group;
            }
        }
        return Redaction.NUMBER;
    }

    // A match that stops inside a word (12k3, 3rdly) takes the rest of the word with it.
    private static int wordEnd(String text, int end) {
        if (end == 0 || end >= text.length() || !Words.isWordCodePoint(text.codePointBefore(end))) {
            return end;
        }
        while (end < text.length()) {
            int c = text.codePointAt(end);
            if (!Words.isWordCodePoint(c)) {
                break;
            }
            end += Character.charCount(c);
        }
        return end;
    }

    // A sign directly before a number (-12, ±3, ~40) goes with it, unless it joins two words.
    private static int withSign(String text, int start) {
        if (start == 0) {
            return start;
        }
        char before = text.charAt(start - 1);
        boolean sign = before == '-' || before == '+' || before == '−' || before == '±' || before == '~' || before == '≈';
        if (!sign) {
            return start;
        }
        return start >= 2 && Words.isWordCodePoint(text.codePointBefore(start - 1)) ? start : start - 1;
    }

    static boolean isNumeric(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    /** Placeholders put in place of each kind of withheld text. */
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
}
