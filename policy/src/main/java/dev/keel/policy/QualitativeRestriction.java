package dev.keel.policy;

import java.util.List;
import java.util.Objects;

/**
 * A restriction on answer text that holds even under {@code ALLOW} (seed 000 §2.5: "no unit-level IDs, no
 * vendor breakdowns"): text matching any of its patterns is replaced before the answer leaves. It applies under
 * {@code PARTIAL} as well, since {@code PARTIAL} never permits more than {@code ALLOW}.
 *
 * <p>Patterns are Java regular expressions ({@link java.util.regex.Pattern}), matched as written: use
 * {@code (?i)} for case-insensitive matching and {@code \b} for word boundaries. Immutable and thread-safe.
 *
 * @param id          a canonical name, used as the redaction kind in filter reports, for example
 *                    {@code no_unit_level_ids}
 * @param description what the restriction protects, for people (may be empty)
 * @param patterns    the regular expressions; at least one
 * @param replacement the text put in place of each match
 */
public record QualitativeRestriction(String id, String description, List<String> patterns, String replacement) {

    /** The replacement used when a document does not name one. */
    public static final String DEFAULT_REPLACEMENT = "[withheld]";

    public QualitativeRestriction {
        Objects.requireNonNull(id, "id");
        description = description == null ? "" : description;
        patterns = List.copyOf(patterns);
        replacement = replacement == null ? DEFAULT_REPLACEMENT : replacement;
    }

    /** A restriction with no description and the default replacement. */
    public static QualitativeRestriction of(String id, List<String> patterns) {
        return new QualitativeRestriction(id, "", patterns, DEFAULT_REPLACEMENT);
    }
}
