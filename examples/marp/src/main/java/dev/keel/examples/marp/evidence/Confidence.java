package dev.keel.examples.marp.evidence;

import java.util.Objects;

/**
 * The provenance stub's {@code confidence} object: a level and the rationale for it. Immutable and thread-safe.
 */
public record Confidence(ConfidenceLevel level, String rationale) {

    public Confidence {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(rationale, "rationale");
    }
}
