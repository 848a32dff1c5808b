package dev.keel.test.properties;

import java.util.Random;

/**
 * Whole numbers written in English words in the ways people write them, for tests of what reads figures in text:
 * with or without "and" after hundreds and thousands, tens and units joined by a hyphen, a space or nothing, and
 * now and then the words run together ("onehundredandtwenty"). Pure and thread-safe (the random source is the
 * caller's).
 */
public final class EnglishNumbers {

    private static final String[] UNITS = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
        "nineteen"};
    private static final String[] TENS = {"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
        "ninety"};

    private EnglishNumbers() {
    }

    /** {@code n} (0 to 999,999) in words, in one of the ways people write it, chosen by {@code random}. */
    public static String spelled(long n, Random random) {
        if (n < 0 || n > 999_999) {
            throw new IllegalArgumentException("from 0 to 999,999, found " + n);
        }
        String space = random.nextInt(4) == 0 ? "" : " ";
        String join = random.nextInt(3) == 0 ? "" : random.nextBoolean() ? "-" : " ";
        if (n >= 1000) {
            String rest = n % 1000 == 0 ? "" : space + (n % 1000 < 100 && random.nextBoolean() ? "and" + space : "")
                    + spelled(n % 1000, random);
            return spelled(n / 1000, random) + space + "thousand" + rest;
        }
        if (n >= 100) {
            String rest = n % 100 == 0 ? "" : space + (random.nextBoolean() ? "and" + space : "")
                    + spelled(n % 100, random);
            return UNITS[(int) (n / 100)] + space + "hundred" + rest;
        }
        if (n < 20) {
            return UNITS[(int) n];
        }
        return TENS[(int) (n / 10)] + (n % 10 == 0 ? "" : join + UNITS[(int) (n % 10)]);
    }
}
