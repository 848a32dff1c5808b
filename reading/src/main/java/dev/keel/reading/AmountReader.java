package dev.keel.reading;

import dev.keel.core.Decision;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.Redaction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@link Amounts}: the outbound filter's {@code PARTIAL} findings of kind money and number (and a text too long to
 * read, as one amount with no value), each read for its value and currency. A finding is read as the filter reads
 * it (normalised: character references, invisible characters, compatibility forms), its number words recognised by
 * {@link NumberWords} and added up; a word the filter counts as a number that is not a plain cardinal ("half",
 * "third", "hundreds", "ninetyish") leaves the amount without a value. Pure and thread-safe.
 */
final class AmountReader {

    private static final OutboundFilter FILTER = OutboundFilter.withoutRestrictions();

    /** What "XXX" means in ISO 4217: money whose currency the text does not say in a way read here. */
    private static final String NO_CURRENCY = "XXX";

    private static final Map<String, String> CURRENCY_WORDS = Map.ofEntries(
            Map.entry("$", "USD"), Map.entry("¢", "USD"), Map.entry("€", "EUR"), Map.entry("£", "GBP"),
            Map.entry("¥", "JPY"), Map.entry("₹", "INR"), Map.entry("₩", "KRW"), Map.entry("₽", "RUB"),
            Map.entry("dollar", "USD"), Map.entry("dollars", "USD"), Map.entry("buck", "USD"),
            Map.entry("bucks", "USD"), Map.entry("cent", "USD"), Map.entry("cents", "USD"),
            Map.entry("euro", "EUR"), Map.entry("euros", "EUR"), Map.entry("pound", "GBP"),
            Map.entry("pounds", "GBP"), Map.entry("quid", "GBP"), Map.entry("yen", "JPY"),
            Map.entry("franc", "CHF"), Map.entry("francs", "CHF"), Map.entry("rupee", "INR"),
            Map.entry("rupees", "INR"), Map.entry("usd", "USD"), Map.entry("eur", "EUR"), Map.entry("gbp", "GBP"),
            Map.entry("chf", "CHF"), Map.entry("jpy", "JPY"), Map.entry("cad", "CAD"), Map.entry("aud", "AUD"),
            Map.entry("inr", "INR"), Map.entry("cny", "CNY"), Map.entry("sek", "SEK"), Map.entry("nok", "NOK"),
            Map.entry("dkk", "DKK"), Map.entry("nzd", "NZD"));

    private static final Map<String, Integer> SMALL = Map.ofEntries(
            Map.entry("zero", 0), Map.entry("one", 1), Map.entry("two", 2), Map.entry("three", 3),
            Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6), Map.entry("seven", 7),
            Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10), Map.entry("eleven", 11),
            Map.entry("twelve", 12), Map.entry("thirteen", 13), Map.entry("fourteen", 14),
            Map.entry("fifteen", 15), Map.entry("sixteen", 16), Map.entry("seventeen", 17),
            Map.entry("eighteen", 18), Map.entry("nineteen", 19), Map.entry("twenty", 20), Map.entry("thirty", 30),
            Map.entry("forty", 40), Map.entry("fifty", 50), Map.entry("sixty", 60), Map.entry("seventy", 70),
            Map.entry("eighty", 80), Map.entry("ninety", 90), Map.entry("dozen", 12));

    private static final Map<String, BigDecimal> SCALES = Map.ofEntries(
            Map.entry("hundred", BigDecimal.valueOf(100)), Map.entry("thousand", BigDecimal.valueOf(1_000)),
            Map.entry("k", BigDecimal.valueOf(1_000)), Map.entry("million", BigDecimal.valueOf(1_000_000)),
            Map.entry("m", BigDecimal.valueOf(1_000_000)), Map.entry("mn", BigDecimal.valueOf(1_000_000)),
            Map.entry("mio", BigDecimal.valueOf(1_000_000)), Map.entry("billion", BigDecimal.valueOf(1_000_000_000)),
            Map.entry("bn", BigDecimal.valueOf(1_000_000_000)), Map.entry("b", BigDecimal.valueOf(1_000_000_000)),
            Map.entry("trillion", new BigDecimal("1000000000000")), Map.entry("tn", new BigDecimal("1000000000000")));

    // The cardinal stems a run-together number word ("eightyfive", "onehundredandtwenty") is split into, longest
    // first so that "seventy" is not read as "seven" and a rest.
    private static final List<String> STEMS = stems();

    private AmountReader() {
    }

    private static List<String> stems() {
        List<String> stems = new ArrayList<>(SMALL.keySet());
        stems.add("hundred");
        stems.add("thousand");
        stems.add("million");
        stems.add("billion");
        stems.add("trillion");
        stems.sort((a, b) -> b.length() - a.length());
        return List.copyOf(stems);
    }

    /** The amounts of {@code text}, in text order. */
    public static List<Amounts.Amount> read(String text) {
        List<Amounts.Amount> amounts = new ArrayList<>();
        for (Redaction finding : FILTER.apply(Decision.PARTIAL, text).redactions()) {
            switch (finding.kind()) {
                case Redaction.MONEY -> amounts.add(amount(text, finding, true));
                case Redaction.NUMBER -> amounts.add(amount(text, finding, false));
                // Nothing of it was read, so nothing in it may pass as at or below a limit.
                case Redaction.OVERSIZED -> amounts.add(new Amounts.Amount(finding.start(), finding.end(),
                        finding.removed(), null, null));
                default -> {
                }
            }
        }
        return List.copyOf(amounts);
    }

    private static Amounts.Amount amount(String text, Redaction finding, boolean money) {
        String read = NormalizedText.ofMarkup(finding.removed()).text().toLowerCase(Locale.ROOT);
        List<String> tokens = tokens(read);
        String currency = null;
        for (String token : tokens) {
            String code = currency(token);
            if (code != null) {
                currency = code;
                break;
            }
        }
        if (currency == null) {
            // The filter need not count a number as money when its currency is beside it ("$ninety", "75 bucks").
            currency = currencyBeside(text, finding.start(), finding.end());
        }
        if (currency == null && money) {
            currency = NO_CURRENCY;
        }
        // A fraction ("50½", "80 1/2") is no number read here: its value is left unread rather than misread.
        boolean fraction = read.indexOf('/') >= 0 || read.indexOf('\u2044') >= 0;
        return new Amounts.Amount(finding.start(), finding.end(), finding.removed(), fraction ? null : value(tokens),
                currency);
    }

    /** The currency written just before or just after a number ("$ninety", "EUR sixty", "75 bucks", "90$"). */
    private static @Nullable String currencyBeside(String text, int start, int end) {
        int before = start;
        while (before > 0 && start - before < 2 && text.charAt(before - 1) == ' ') {
            before--;
        }
        int word = before;
        while (word > 0 && before - word < 3 && Character.isLetter(text.charAt(word - 1))) {
            word--;
        }
        String found = currency(text.substring(word, before));
        if (found == null && before > 0) {
            found = currency(text.substring(before - 1, before));
        }
        int after = end;
        while (after < text.length() && after - end < 2 && text.charAt(after) == ' ') {
            after++;
        }
        int to = after;
        while (to < text.length() && to - after < 8 && Character.isLetter(text.charAt(to))) {
            to++;
        }
        if (found == null) {
            found = currency(text.substring(after, to));
        }
        if (found == null && after < text.length()) {
            found = currency(text.substring(after, after + 1));
        }
        return found;
    }

    /** The currency {@code word} names: a known word, code or symbol, or another currency symbol (no code). */
    private static @Nullable String currency(String word) {
        String code = CURRENCY_WORDS.get(word.toLowerCase(Locale.ROOT));
        if (code == null && word.length() == 1 && Character.getType(word.charAt(0)) == Character.CURRENCY_SYMBOL) {
            return NO_CURRENCY;
        }
        return code;
    }

    /** Runs of digits with their separators, runs of letters, and single currency symbols; nothing else. */
    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int end = i + 1;
            if (c >= '0' && c <= '9') {
                while (end < text.length() && (isDigit(text.charAt(end)) || ((text.charAt(end) == ','
                        || text.charAt(end) == '.') && end + 1 < text.length() && isDigit(text.charAt(end + 1))))) {
                    end++;
                }
            } else if (Character.isLetter(c)) {
                while (end < text.length() && Character.isLetter(text.charAt(end))) {
                    end++;
                }
            } else if (Character.getType(c) != Character.CURRENCY_SYMBOL) {
                i++;
                continue;
            }
            tokens.add(text.substring(i, end));
            i = end;
        }
        return tokens;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * The value the tokens state: each number made of digits and words adds up as it is spoken ("one hundred and
     * twenty", "1.5 million"); of several numbers (a range), the highest. Null when a number cannot be read, or there
     * is none.
     */
    private static @Nullable BigDecimal value(List<String> tokens) {
        BigDecimal highest = null;
        BigDecimal total = BigDecimal.ZERO;
        BigDecimal current = BigDecimal.ZERO;
        boolean open = false;
        // What the last token of the open number was: a digit number, a small word, or a scale.
        Last last = Last.NONE;
        for (String token : tokens) {
            if (isDigit(token.charAt(0))) {
                BigDecimal digits = digits(token);
                if (digits == null) {
                    return null;
                }
                if (open && last != Last.SCALE) {
                    highest = max(highest, total.add(current));
                    total = BigDecimal.ZERO;
                    current = BigDecimal.ZERO;
                }
                current = current.add(digits);
                open = true;
                last = Last.DIGITS;
                continue;
            }
            BigDecimal scale = SCALES.get(token);
            if (scale != null && (open || token.length() > 2)) {
                BigDecimal base = current.signum() == 0 ? BigDecimal.ONE : current;
                if (scale.compareTo(BigDecimal.valueOf(100)) == 0) {
                    current = base.multiply(scale);
                } else {
                    total = total.add(base.multiply(scale));
                    current = BigDecimal.ZERO;
                }
                open = true;
                last = Last.SCALE;
                continue;
            }
            List<Integer> words = words(token);
            if (words == null) {
                if (NumberWords.read(token, new Steps()) != null) {
                    // A number word that is no plain cardinal: no exact value.
                    return null;
                }
                continue;
            }
            for (int word : words) {
                if (word < 0) {
                    BigDecimal wordScale = BigDecimal.TEN.pow(-word);
                    BigDecimal base = current.signum() == 0 ? BigDecimal.ONE : current;
                    if (word == -2) {
                        current = base.multiply(wordScale);
                    } else {
                        total = total.add(base.multiply(wordScale));
                        current = BigDecimal.ZERO;
                    }
                    last = Last.SCALE;
                } else {
                    boolean continues = last == Last.SCALE || (last == Last.TENS && word < 10);
                    if (open && !continues) {
                        highest = max(highest, total.add(current));
                        total = BigDecimal.ZERO;
                        current = BigDecimal.ZERO;
                    }
                    current = current.add(BigDecimal.valueOf(word));
                    last = word >= 20 && word % 10 == 0 ? Last.TENS : Last.SMALL;
                }
                open = true;
            }
        }
        return open ? max(highest, total.add(current)) : highest;
    }

    private enum Last { NONE, DIGITS, SMALL, TENS, SCALE }

    private static BigDecimal max(@Nullable BigDecimal a, BigDecimal b) {
        return a == null || b.compareTo(a) > 0 ? b : a;
    }

    /**
     * The cardinals a word is made of ("eightyfive" is 80 and 5; "onehundredandtwenty" is 1, the scale 10^2 as -2,
     * and 20), or null when it is not cardinals alone. Scales are negative exponents of ten.
     */
    private static @Nullable List<Integer> words(String word) {
        List<Integer> parts = new ArrayList<>();
        int i = 0;
        while (i < word.length()) {
            if (!parts.isEmpty() && word.startsWith("and", i) && i + 3 < word.length()) {
                i += 3;
                continue;
            }
            String stem = null;
            for (String candidate : STEMS) {
                if (word.startsWith(candidate, i)) {
                    stem = candidate;
                    break;
                }
            }
            if (stem == null) {
                return null;
            }
            Integer small = SMALL.get(stem);
            // A stem is a small number or a scale.
            parts.add(small != null ? small : -Objects.requireNonNull(SCALES.get(stem), stem).precision() + 1);
            i += stem.length();
        }
        return parts.isEmpty() ? null : parts;
    }

    /**
     * A number written in digits: "80", "80.00", "1,200.50", "1.200,50", "80,5". A separator that could group
     * thousands or mark decimals ("1.200", "1,200") is read as grouping: the larger reading. Null when the
     * separators make no sense ("1,2,3").
     */
    private static @Nullable BigDecimal digits(String token) {
        int lastDot = token.lastIndexOf('.');
        int lastComma = token.lastIndexOf(',');
        int decimalMark = -1;
        if (lastDot >= 0 && lastComma >= 0) {
            decimalMark = Math.max(lastDot, lastComma);
        } else if (lastDot >= 0 || lastComma >= 0) {
            char mark = lastDot >= 0 ? '.' : ',';
            int at = Math.max(lastDot, lastComma);
            boolean once = token.indexOf(mark) == at;
            if (once && token.length() - at - 1 != 3) {
                decimalMark = at;
            }
        }
        String whole = decimalMark < 0 ? token : token.substring(0, decimalMark);
        String fraction = decimalMark < 0 ? "" : token.substring(decimalMark + 1);
        if (fraction.indexOf('.') >= 0 || fraction.indexOf(',') >= 0) {
            return null;
        }
        String[] groups = whole.split("[.,]", -1);
        for (int g = 1; g < groups.length; g++) {
            if (groups[g].length() != 3) {
                return null;
            }
        }
        if (groups.length > 1 && whole.chars().filter(c -> c == '.' || c == ',').distinct().count() > 1) {
            return null;
        }
        String plain = String.join("", groups) + (fraction.isEmpty() ? "" : "." + fraction);
        return new BigDecimal(plain);
    }
}
