package dev.keel.rules;

import java.util.List;
import java.util.Objects;

/**
 * One step of a scenario, and the transitions out of it. Immutable and thread-safe.
 *
 * @param id          unique within its scenario
 * @param description what happens in this step, for people and prompts
 * @param transitions the step transitions that leave it
 */
public record Step(String id, String description, List<Transition> transitions) {

    public Step {
        Objects.requireNonNull(id, "id");
        description = description == null ? "" : description;
        transitions = List.copyOf(transitions);
    }
}
