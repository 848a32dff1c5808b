package dev.keel.policy;

import dev.keel.core.text.Names;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a {@code PARTIAL} answer withholds: a set of kinds ({@code docs/policy.md}, "What PARTIAL withholds").
 *
 * <table>
 *   <caption>The kinds that ship</caption>
 *   <tr><th>kind</th><th>what</th><th>redaction kinds</th></tr>
 *   <tr><td>{@link #FIGURES}</td><td>numbers: digits of any script, number words, fractions, ranges</td>
 *       <td>{@link Redaction#NUMBER}</td></tr>
 *   <tr><td>{@link #IDENTIFIERS}</td><td>a figure inside an identifier-like word: a run of letters, digits and
 *       hyphens that starts with a letter ({@code L-12}, {@code B52})</td><td>{@link Redaction#NUMBER}</td></tr>
 *   <tr><td>{@link #AMOUNTS}</td><td>money amounts</td><td>{@link Redaction#MONEY}</td></tr>
 *   <tr><td>{@link #PERCENTAGES}</td><td>percentages</td><td>{@link Redaction#PERCENTAGE}</td></tr>
 *   <tr><td>{@link #DATES}</td><td>dates, years, quarters, half-years, fiscal years, weeks</td>
 *       <td>{@link Redaction#DATE}, {@link Redaction#QUARTER}, {@link Redaction#PERIOD}, {@link Redaction#WEEK}</td></tr>
 *   <tr><td>{@link #CREDENTIALS}</td><td>what {@link RestrictionSet#CREDENTIALS} recognises</td>
 *       <td>{@code credentials}</td></tr>
 * </table>
 *
 * <p>A host adds kinds of its own with a {@link Recogniser}. Each stretch of text is of one kind, the most specific
 * construct it is part of ({@code 12%} is a percentage, not a figure). {@link #defaults()} is what PARTIAL withholds
 * when the policy says nothing: every kind above but credentials. Names are canonical (as {@link Names#canonical}
 * makes them). Immutable and thread-safe.
 *
 * @param withheld the kinds withheld, sorted
 */
public record PartialKinds(SortedSet<String> withheld) {

    /** Numbers: digits of any script, number words, fractions, ranges. */
    public static final String FIGURES = "figures";
    /** A figure inside an identifier-like word ({@code L-12}, {@code B52}). */
    public static final String IDENTIFIERS = "identifiers";
    /** Money amounts. */
    public static final String AMOUNTS = "amounts";
    /** Percentages. */
    public static final String PERCENTAGES = "percentages";
    /** Dates, years, quarters, half-years, fiscal years and weeks. */
    public static final String DATES = "dates";
    /** Credentials, as {@link RestrictionSet#CREDENTIALS} recognises them. */
    public static final String CREDENTIALS = "credentials";

    /** The kinds that ship with keel-policy, in the order the documentation lists them. */
    public static final List<String> BUILT_IN = List.of(FIGURES, IDENTIFIERS, AMOUNTS, PERCENTAGES, DATES,
            CREDENTIALS);

    private static final PartialKinds DEFAULTS = of(List.of(FIGURES, IDENTIFIERS, AMOUNTS, PERCENTAGES, DATES));

    public PartialKinds {
        withheld = Collections.unmodifiableSortedSet(new TreeSet<>(withheld));
    }

    /** What PARTIAL withholds when the policy says nothing: figures, identifiers, amounts, percentages and dates. */
    public static PartialKinds defaults() {
        return DEFAULTS;
    }

    /** The kinds named, each put in canonical form. */
    public static PartialKinds of(Collection<String> kinds) {
        SortedSet<String> names = new TreeSet<>();
        kinds.forEach(kind -> names.add(Names.canonical(kind)));
        return new PartialKinds(names);
    }

    /** The kinds named, each put in canonical form. */
    public static PartialKinds of(String... kinds) {
        return of(List.of(kinds));
    }

    /** Whether {@code kind} (canonical) is withheld. */
    public boolean withholds(String kind) {
        return withheld.contains(kind);
    }

    /** What either withholds: the most restrictive of the two. */
    public PartialKinds union(PartialKinds other) {
        SortedSet<String> all = new TreeSet<>(withheld);
        all.addAll(other.withheld);
        return new PartialKinds(all);
    }

    /** These kinds with {@code kinds} added and {@code kept} taken away. */
    public PartialKinds with(Collection<String> kinds, Collection<String> kept) {
        SortedSet<String> all = new TreeSet<>(withheld);
        all.addAll(kinds);
        all.removeAll(Set.copyOf(kept));
        return new PartialKinds(all);
    }
}
