package dev.keel.policy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.text.NormalizedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The number words of one language, which the {@code PARTIAL} filter ({@code keel-reading}) reads as figures:
 * cardinals ("two", "twenty"), ordinals ("third"), fraction words ("half"), alone or run together ("twentyfive"),
 * with the language's endings ("hundreds", "ninetyish"). {@link #english()} ships and is read unless the policy
 * chooses otherwise ({@code partial.number_words}); a host defines another with {@link #builder}. Digits of every
 * script are figures whatever the languages. Immutable and thread-safe.
 */
public final class NumberWordLanguage {

    /** English: the words the PARTIAL scan has always read. */
    private static final NumberWordLanguage ENGLISH = new NumberWordLanguage("en",
            List.of("zero", "one", "two", "three", "four", "five", "six",
            "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety", "hundred", "thousand", "million", "billion", "trillion", "dozen", "twenties", "thirties", "forties",
            "fifties", "sixties", "seventies", "eighties", "nineties"),
            List.of("zeroth", "first", "second", "third", "fourth", "fifth",
            "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
            "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth", "fortieth",
            "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth", "hundredth", "thousandth", "millionth",
            "billionth", "trillionth"),
            List.of("half", "halves", "quarter", "quarters"),
            List.of("one", "first", "second", "quarter", "quarters"),
            List.of("s", "es", "ish", "fold"), List.of("s"), "and");

    private final String name;
    private final List<String> cardinals;
    private final List<String> ordinals;
    private final List<String> fractions;
    private final List<String> contextual;
    private final List<String> cardinalEndings;
    private final List<String> ordinalEndings;
    private final String joiner;

    private NumberWordLanguage(String name, List<String> cardinals, List<String> ordinals, List<String> fractions,
                               List<String> contextual, List<String> cardinalEndings, List<String> ordinalEndings,
                               String joiner) {
        this.name = name;
        this.cardinals = List.copyOf(cardinals);
        this.ordinals = List.copyOf(ordinals);
        this.fractions = List.copyOf(fractions);
        this.contextual = List.copyOf(contextual);
        this.cardinalEndings = List.copyOf(cardinalEndings);
        this.ordinalEndings = List.copyOf(ordinalEndings);
        this.joiner = joiner;
    }

    /** English, the language the filter reads unless told otherwise ({@code en}). */
    public static NumberWordLanguage english() {
        return ENGLISH;
    }

    /** A builder of the language named {@code name}, the name a policy gives in {@code partial.number_words}. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The language's name, as a policy names it. */
    public String name() {
        return name;
    }

    // The word lists, each word in lower case without marks (as the normalised text reads it), for the filter.

    /** Cardinal words and stems; run together they read as one figure. */
    public List<String> cardinals() {
        return cardinals;
    }

    /** Ordinal words. */
    public List<String> ordinals() {
        return ordinals;
    }

    /** Fraction words. */
    public List<String> fractions() {
        return fractions;
    }

    /** Words that alone are more often no figure: figures only next to another number word, or in a date. */
    public List<String> contextual() {
        return contextual;
    }

    /** Endings a cardinal may take. */
    public List<String> cardinalEndings() {
        return cardinalEndings;
    }

    /** Endings an ordinal may take. */
    public List<String> ordinalEndings() {
        return ordinalEndings;
    }

    /** The word that may join two cardinals inside one word; empty when none does. */
    public String joiner() {
        return joiner;
    }

    @Override
    public String toString() {
        return "NumberWordLanguage{" + name() + "}";
    }

    /** What makes a {@link NumberWordLanguage}. Not thread-safe. */
    public static final class Builder {
        private final String name;
        private final List<String> cardinals = new ArrayList<>();
        private final List<String> ordinals = new ArrayList<>();
        private final List<String> fractions = new ArrayList<>();
        private final List<String> contextual = new ArrayList<>();
        private final List<String> cardinalEndings = new ArrayList<>();
        private final List<String> ordinalEndings = new ArrayList<>();
        private String joiner = "";

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        /** Cardinal words and stems ("zwei", "zwanzig", "hundert"); run together they read as one figure. */
        public Builder cardinals(String... words) {
            return add(cardinals, words);
        }

        /** Ordinal words ("zweite", "zwanzigste"). */
        public Builder ordinals(String... words) {
            return add(ordinals, words);
        }

        /** Fraction words ("halb", "viertel"). */
        public Builder fractions(String... words) {
            return add(fractions, words);
        }

        /**
         * Words that alone are more often no figure ("ein", "erste"): figures only next to another number word, or
         * in a date, period, amount or percentage.
         */
        public Builder contextual(String... words) {
            return add(contextual, words);
        }

        /** Endings a cardinal may take ("er", "fach"). */
        public Builder cardinalEndings(String... endings) {
            return add(cardinalEndings, endings);
        }

        /** Endings an ordinal may take ("n", "r"). */
        public Builder ordinalEndings(String... endings) {
            return add(ordinalEndings, endings);
        }

        /** The word that may join two cardinals inside one word ("und" of "zweiundzwanzig"); none unless set. */
        public Builder joiner(String word) {
            this.joiner = folded(word);
            return this;
        }

        private Builder add(List<String> list, String... words) {
            for (String word : words) {
                list.add(folded(word));
            }
            return this;
        }

        // Words are compared as the normalised text reads them: lower case, without accents.
        private static String folded(String word) {
            String folded = NormalizedText.of(Objects.requireNonNull(word, "word")).text().toLowerCase(Locale.ROOT);
            if (folded.isBlank() || !folded.codePoints().allMatch(Character::isLetter)) {
                throw new ConfigurationException("a number word must be letters only, found \"" + word + "\"");
            }
            return folded;
        }

        /**
         * The language.
         *
         * @throws ConfigurationException when the name is not canonical or no cardinal is given
         */
        public NumberWordLanguage build() {
            if (!name.matches("[a-z0-9]+(?:[._:][a-z0-9]+)*")) {
                throw new ConfigurationException("a number-word language's name must be lower-case letters and"
                        + " digits, words joined by one of _ . : (for example de), found \"" + name + "\"");
            }
            if (cardinals.isEmpty()) {
                throw new ConfigurationException("the number-word language " + name + " lists no cardinal");
            }
            return new NumberWordLanguage(name, cardinals, ordinals, fractions, contextual, cardinalEndings,
                    ordinalEndings, joiner);
        }
    }
}
