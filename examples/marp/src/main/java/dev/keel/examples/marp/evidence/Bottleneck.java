package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.util.Objects;

/** A constraint that limits a transition calendar (dock, crew, spares, budget). Immutable and thread-safe. */
public record Bottleneck(String id, String resource, String description, Locator locator) {

    public Bottleneck {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(locator, "locator");
    }
}
