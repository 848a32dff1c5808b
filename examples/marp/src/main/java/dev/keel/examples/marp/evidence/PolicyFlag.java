package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.util.Objects;

/** A policy consideration attached to a transition calendar. Immutable and thread-safe. */
public record PolicyFlag(String id, String severity, String description, Locator locator) {

    public PolicyFlag {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(locator, "locator");
    }
}
