package dev.keel.policy;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A restriction on answer text that holds even under {@code ALLOW} (for example "no unit-level identifiers, no
 * vendor breakdowns"): text matching any of its patterns is replaced before the answer leaves, and before any
 * prompt leaves for an external backend. It applies under {@code PARTIAL} as well, since {@code PARTIAL} never
 * permits more than {@code ALLOW}.
 *
 * <p>Patterns are regular expressions in RE2 syntax, run on a linear-time engine against the answer once
 * normalised (compatibility forms folded, invisible characters and accents removed), and matched as written: use
 * {@code (?i)} for case-insensitive matching and {@code \b} for word boundaries. Lookaround, back-references and
 * oversized counted repetitions are refused when the policy loads, as is a policy whose patterns together pass
 * {@link #MAX_PATTERNS_PER_POLICY} or {@link #MAX_PROGRAM_SIZE_PER_POLICY}; {@code docs/policy.md} lists the rules.
 * Patterns every policy would write alike ship as {@link RestrictionSet}s.
 * Immutable and thread-safe.
 *
 * @param id          a canonical name, used as the redaction kind in filter reports, for example
 *                    {@code no_unit_level_ids}
 * @param description what the restriction protects, for people (may be empty)
 * @param patterns    the regular expressions (RE2 syntax); at least one
 * @param replacement the text put in place of each match
 */
public record QualitativeRestriction(String id, String description, List<String> patterns, String replacement) {

    /** The replacement used when a document does not name one. */
    public static final String DEFAULT_REPLACEMENT = "[withheld]";

    /** The most restriction patterns a policy may have, counting those of the restriction sets it uses. */
    public static final int MAX_PATTERNS_PER_POLICY = 256;

    /**
     * The largest sum of the compiled sizes of a policy's restriction patterns, in RE2/J instructions (each
     * pattern's size bounded as {@link dev.keel.core.text.LinearPatterns#programSizeBound} reads it): the
     * filter runs every pattern over every answer, so its time is this sum times the length of the answer.
     */
    public static final int MAX_PROGRAM_SIZE_PER_POLICY = 20_000;

    /** A null {@code description} is empty, a null {@code replacement} is {@link #DEFAULT_REPLACEMENT}. */
    public QualitativeRestriction(String id, @Nullable String description, List<String> patterns,
            @Nullable String replacement) {
        this.id = Objects.requireNonNull(id, "id");
        this.description = description == null ? "" : description;
        this.patterns = List.copyOf(patterns);
        this.replacement = replacement == null ? DEFAULT_REPLACEMENT : replacement;
    }

    /** A restriction with no description and the default replacement. */
    public static QualitativeRestriction of(String id, List<String> patterns) {
        return new QualitativeRestriction(id, "", patterns, DEFAULT_REPLACEMENT);
    }

    /**
     * What is wrong with {@code restrictions} given in code, checked as a document's {@code restrictions} are (ids
     * canonical and unique, each pattern runnable in linear time, the policy's pattern budget), each problem with the
     * pointer it would have in a document; empty when nothing is. Whether a replacement holds what PARTIAL withholds
     * is the filter's to check. Pure.
     */
    public static List<PolicyViolation> violations(List<QualitativeRestriction> restrictions) {
        return PolicyFormat.restrictionViolations(restrictions);
    }
}
