package dev.keel.reading;

import dev.keel.policy.PartialKinds;
import dev.keel.policy.Recogniser;
import dev.keel.policy.RestrictionSet;

/**
 * The recognisers of the kinds that ship ({@link PartialKinds#BUILT_IN}). A filter runs them whatever it is given;
 * on its own, each reports the spans of its kind, reading English number words. Pure and thread-safe.
 */
public final class Recognisers {

    private Recognisers() {
    }

    /** Figures: digits of any script, number words, fractions and ranges, outside an identifier-like word. */
    public static Recogniser figures() {
        return BuiltInRecogniser.of(PartialKinds.FIGURES);
    }

    /** A figure inside an identifier-like word: a run of letters, digits and hyphens that starts with a letter. */
    public static Recogniser identifiers() {
        return BuiltInRecogniser.of(PartialKinds.IDENTIFIERS);
    }

    /** Money amounts ({@code $4.5M}, {@code EUR 300k}, {@code twelve million dollars}). */
    public static Recogniser amounts() {
        return BuiltInRecogniser.of(PartialKinds.AMOUNTS);
    }

    /** Percentages ({@code 12%}, {@code 3 percentage points}). */
    public static Recogniser percentages() {
        return BuiltInRecogniser.of(PartialKinds.PERCENTAGES);
    }

    /** Dates, years, quarters, half-years, fiscal years and weeks. */
    public static Recogniser dates() {
        return BuiltInRecogniser.of(PartialKinds.DATES);
    }

    /** Credentials: the patterns of {@link RestrictionSet#CREDENTIALS}, replaced by its replacement. */
    public static Recogniser credentials() {
        return BuiltInRecogniser.of(PartialKinds.CREDENTIALS);
    }
}
