package dev.keel.rules;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A state container of a conversation ({@code docs/rules.md}): its steps with their transitions, the transitions open
 * from any of its steps, its entry points, and the customer profile fields its answers may use. Immutable and
 * thread-safe.
 *
 * @param id            unique in a rule book
 * @param description   what the scenario is for
 * @param profileFields the profile fields relevant to its answers
 * @param steps         its steps, at least one
 * @param transitions   the scenario transitions, open from any step
 * @param entryPoints   the entry points into it, at least one
 */
public record Scenario(String id, String description, List<String> profileFields, List<Step> steps,
                       List<Transition> transitions, List<Transition> entryPoints) {

    public Scenario {
        Objects.requireNonNull(id, "id");
        description = description == null ? "" : description;
        profileFields = List.copyOf(profileFields);
        steps = List.copyOf(steps);
        transitions = List.copyOf(transitions);
        entryPoints = List.copyOf(entryPoints);
    }

    public Optional<Step> step(String stepId) {
        return steps.stream().filter(step -> step.id().equals(stepId)).findFirst();
    }
}
