package dev.keel.reading;

import dev.keel.policy.NumberWordLanguage;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The number words of one language, read one word at a time: cardinals ("two", "eighty"), ordinals ("third",
 * "fortieth"), fraction words ("half", "quarter"), written alone or run together ("eightyfour", "twentyfirst",
 * "onehundredandtwenty": cardinals in a row, the language's joining word allowed between two of them), with an
 * optional ending ("ninetyish", "hundreds", "tenfold", "thirds"), and the decades ("nineties"). {@link #ENGLISH}
 * ships; a host defines another as a {@link NumberWordLanguage}. A word is read in lower case
 * without marks. Immutable, pure and thread-safe.
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

    /** English ({@link NumberWordLanguage#english()}): the words the PARTIAL scan has always read. */
    static final NumberWords ENGLISH = compiled(NumberWordLanguage.english());

    private final String name;
    // The stems by their first letter: a word is compared only with the stems it can start with.
    private final Map<Character, List<String>> cardinalsByFirstLetter;
    private final Map<Character, List<String>> ordinalsByFirstLetter;
    private final Set<String> fractions;
    private final Set<String> contextual;
    private final Set<String> cardinalEndings;
    private final Set<String> ordinalEndings;
    // The longest ending: a longer rest of the word is no ending, and is not copied to be compared (a long word
    // has many places where a number could end).
    private final int longestEnding;
    private final String joiner;

    private NumberWords(String name, List<String> cardinals, List<String> ordinals, List<String> fractions,
                        List<String> contextual, List<String> cardinalEndings, List<String> ordinalEndings,
                        String joiner) {
        this.name = name;
        this.cardinalsByFirstLetter = byFirstLetter(cardinals);
        this.ordinalsByFirstLetter = byFirstLetter(ordinals);
        this.fractions = Set.copyOf(fractions);
        this.contextual = Set.copyOf(contextual);
        this.cardinalEndings = withEmpty(cardinalEndings);
        this.ordinalEndings = withEmpty(ordinalEndings);
        this.longestEnding = Stream.concat(cardinalEndings.stream(), ordinalEndings.stream())
                .mapToInt(String::length).max().orElse(0);
        this.joiner = joiner;
    }

    /** The tables of {@code language}; {@link #ENGLISH} for English, compiled once. */
    static NumberWords of(NumberWordLanguage language) {
        return language == NumberWordLanguage.english() ? ENGLISH : compiled(language);
    }

    private static NumberWords compiled(NumberWordLanguage language) {
        return new NumberWords(language.name(), language.cardinals(), language.ordinals(), language.fractions(),
                language.contextual(), language.cardinalEndings(), language.ordinalEndings(), language.joiner());
    }

    /** The language's name ({@code en}). */
    public String name() {
        return name;
    }

    private static Set<String> withEmpty(List<String> endings) {
        Set<String> all = new HashSet<>(endings);
        all.add("");
        return Set.copyOf(all);
    }

    private static Map<Character, List<String>> byFirstLetter(List<String> stems) {
        return stems.stream().collect(Collectors.groupingBy(stem -> stem.charAt(0)));
    }

    private static List<String> startingLike(String word, int i, Map<Character, List<String>> stems) {
        return stems.getOrDefault(word.charAt(i), List.of());
    }

    /** {@code word} read as an English number word ({@link #ENGLISH}), or null when it is none. */
    static @Nullable Reading read(String word, Steps steps) {
        return ENGLISH.reading(word, steps);
    }

    /**
     * {@code word} read as a number word of this language, or null when it is none, in steps linear in its length
     * (each of its characters is compared with the few stems that start with it).
     */
    @Nullable Reading reading(String word, Steps steps) {
        if (word.isEmpty()) {
            return null;
        }
        if (fractions.contains(word)) {
            return new Reading(Kind.FRACTION, contextual.contains(word));
        }
        boolean[] spelled = cardinalsInARow(word, steps);
        for (int i = 0; i < word.length(); i++) {
            if (!spelled[i]) {
                continue;
            }
            for (String ordinal : startingLike(word, i, ordinalsByFirstLetter)) {
                steps.add(1);
                int end = i + ordinal.length();
                if (word.startsWith(ordinal, i) && isEnding(word, end, ordinalEndings)) {
                    return reading(word, word.substring(0, end), Kind.ORDINAL);
                }
            }
        }
        for (int end = word.length(); end > 0; end--) {
            steps.add(1);
            if (spelled[end] && isEnding(word, end, cardinalEndings)) {
                return reading(word, word.substring(0, end), Kind.CARDINAL);
            }
        }
        return null;
    }

    private boolean isEnding(String word, int from, Set<String> endings) {
        return word.length() - from <= longestEnding && endings.contains(word.substring(from));
    }

    /**
     * For each {@code i}: whether {@code word[0, i)} is cardinals in a row, "and" allowed between two of them
     * ("onehundredandtwenty", with the language's joining word); true for {@code i == 0}, where any number word may start.
     */
    private boolean[] cardinalsInARow(String word, Steps steps) {
        boolean[] spelled = new boolean[word.length() + 1];
        boolean[] afterAnd = new boolean[word.length() + 1];
        spelled[0] = true;
        for (int i = 0; i < word.length(); i++) {
            if (!spelled[i] && !afterAnd[i]) {
                continue;
            }
            for (String cardinal : startingLike(word, i, cardinalsByFirstLetter)) {
                steps.add(1);
                if (word.startsWith(cardinal, i)) {
                    spelled[i + cardinal.length()] = true;
                }
            }
            if (i > 0 && spelled[i] && !joiner.isEmpty() && word.startsWith(joiner, i)) {
                afterAnd[i + joiner.length()] = true;
            }
        }
        return spelled;
    }

    /** The reading of {@code word}, whose number is {@code number} and the rest an ending. */
    private @Nullable Reading reading(String word, String number, Kind kind) {
        if (!contextual.contains(number)) {
            return new Reading(kind, false);
        }
        // "ones", "seconds", "firsts": other words than the number
        return number.length() == word.length() ? new Reading(kind, true) : null;
    }
}
