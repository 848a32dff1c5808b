package dev.keel.rules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What {@link Navigator#navigate} decided: the action, where it leads, and every candidate's effective score in the
 * order given. Immutable and thread-safe.
 */
public final class Navigation {

    private final NavigationAction action;
    private final @Nullable NavigationCandidate target;
    private final List<EffectiveScore> scores;

    Navigation(NavigationAction action, @Nullable NavigationCandidate target, List<EffectiveScore> scores) {
        this.action = Objects.requireNonNull(action, "action");
        if (action.moves() != (target != null)) {
            // Only the navigator builds a navigation, with a target exactly when the action moves.
            throw new IllegalStateException(action.wireName() + (action.moves() ? " needs" : " has no") + " target");
        }
        this.target = target;
        this.scores = List.copyOf(scores);
    }

    public NavigationAction action() {
        return action;
    }

    /** Where the conversation moves; empty when it stays (or enters nothing). */
    public Optional<NavigationCandidate> target() {
        return Optional.ofNullable(target);
    }

    /** Every candidate's effective score, in the order the candidates were given. */
    public List<EffectiveScore> scores() {
        return scores;
    }

    /** Where the conversation is after this decision, coming from {@code current}. */
    public Position after(Position current) {
        return target == null ? current : Position.of(target.scenario(), target.step());
    }

    /** {@code {"action", "target": {"id", "scenario", "step"} or null, "scores": [{"id", "effective"}]}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("action", action.wireName());
        wire.put("target", target == null ? null : target.targetWire());
        wire.put("scores", scores.stream().map(EffectiveScore::toWire).toList());
        return wire;
    }

    @Override
    public String toString() {
        return "Navigation{" + action.wireName() + (target == null ? "" : " -> " + target.id()) + "}";
    }
}
