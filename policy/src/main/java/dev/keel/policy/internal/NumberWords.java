package dev.keel.policy.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * English number words, read one word at a time: cardinals ("two", "eighty"), ordinals ("third", "fortieth"),
 * fraction words ("half", "quarter"), written alone or run together ("eightyfour", "twentyfirst",
 * "onehundredandtwenty"),
 * with an optional ending ("ninetyish", "hundreds", "tenfold", "thirds"), and the decades ("nineties"). A word is read in lower case without
 * marks. Pure and thread-safe.
 */
final class NumberWords {

    /** What a number word counts. */
    enum Kind { CARDINAL, ORDINAL, FRACTION }

    /**
     * A number word read.
     *
     * @param kind       cardinal, ordinal or fraction
     * @param contextual true for "one", "first", "second" and "quarter(s)", which alone are more often no figure
     *                   ("one of them", "first, we", "a second look", "living quarters"): a figure only next to
     *                   another number word or in a date or period
     */
    record Reading(Kind kind, boolean contextual) {
    }

    private static final List<String> CARDINALS = List.of("zero", "one", "two", "three", "four", "five", "six",
            "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety", "hundred", "thousand", "million", "billion", "trillion", "dozen", "twenties", "thirties", "forties",
            "fifties", "sixties", "seventies", "eighties", "nineties");
    private static final List<String> ORDINALS = List.of("zeroth", "first", "second", "third", "fourth", "fifth",
            "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
            "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth", "fortieth",
            "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth", "hundredth", "thousandth", "millionth",
            "billionth", "trillionth");
    // The stems by their first letter: a word is compared only with the stems it can start with.
    private static final Map<Character, List<String>> CARDINALS_BY_FIRST_LETTER = byFirstLetter(CARDINALS);
    private static final Map<Character, List<String>> ORDINALS_BY_FIRST_LETTER = byFirstLetter(ORDINALS);
    private static final Set<String> CARDINAL_ENDINGS = Set.of("", "s", "es", "ish", "fold");
    private static final Set<String> ORDINAL_ENDINGS = Set.of("", "s");
    // The longest ending: a longer rest of the word is no ending, and is not copied to be compared (a long word
    // has many places where a number could end).
    private static final int LONGEST_ENDING = 4;
    private static final Set<String> CONTEXTUAL = Set.of("one", "first", "second");

    private static final Reading HALF = new Reading(Kind.FRACTION, false);
    private static final Reading QUARTER = new Reading(Kind.FRACTION, true);

    private NumberWords() {
    }

    private static Map<Character, List<String>> byFirstLetter(List<String> stems) {
        return stems.stream().collect(Collectors.groupingBy(stem -> stem.charAt(0)));
    }

    private static List<String> startingLike(String word, int i, Map<Character, List<String>> stems) {
        return stems.getOrDefault(word.charAt(i), List.of());
    }

    /**
     * {@code word} read as a number word, or null when it is none, in steps linear in its length (each of its
     * characters is compared with the few stems that start with it).
     */
    static @Nullable Reading read(String word, Steps steps) {
        switch (word) {
            case "half":
            case "halves":
                return HALF;
            case "quarter":
            case "quarters":
                return QUARTER;
            default:
                break;
        }
        boolean[] spelled = cardinalsInARow(word, steps);
        for (int i = 0; i < word.length(); i++) {
            if (!spelled[i]) {
                continue;
            }
            for (String ordinal : startingLike(word, i, ORDINALS_BY_FIRST_LETTER)) {
                steps.add(1);
                int end = i + ordinal.length();
                if (word.startsWith(ordinal, i) && isEnding(word, end, ORDINAL_ENDINGS)) {
                    return reading(word, word.substring(0, end), Kind.ORDINAL);
                }
            }
        }
        for (int end = word.length(); end > 0; end--) {
            steps.add(1);
            if (spelled[end] && isEnding(word, end, CARDINAL_ENDINGS)) {
                return reading(word, word.substring(0, end), Kind.CARDINAL);
            }
        }
        return null;
    }

    private static boolean isEnding(String word, int from, Set<String> endings) {
        return word.length() - from <= LONGEST_ENDING && endings.contains(word.substring(from));
    }

    /**
     * For each {@code i}: whether {@code word[0, i)} is cardinals in a row, "and" allowed between two of them
     * ("onehundredandtwenty"); true for {@code i == 0}, where any number word may start.
     */
    private static boolean[] cardinalsInARow(String word, Steps steps) {
        boolean[] spelled = new boolean[word.length() + 1];
        boolean[] afterAnd = new boolean[word.length() + 1];
        spelled[0] = true;
        for (int i = 0; i < word.length(); i++) {
            if (!spelled[i] && !afterAnd[i]) {
                continue;
            }
            for (String cardinal : startingLike(word, i, CARDINALS_BY_FIRST_LETTER)) {
                steps.add(1);
                if (word.startsWith(cardinal, i)) {
                    spelled[i + cardinal.length()] = true;
                }
            }
            if (i > 0 && spelled[i] && word.startsWith("and", i)) {
                afterAnd[i + 3] = true;
            }
        }
        return spelled;
    }

    /** The reading of {@code word}, whose number is {@code number} and the rest an ending. */
    private static @Nullable Reading reading(String word, String number, Kind kind) {
        if (!CONTEXTUAL.contains(number)) {
            return new Reading(kind, false);
        }
        // "ones", "seconds", "firsts": other words than the number
        return number.length() == word.length() ? new Reading(kind, true) : null;
    }
}
