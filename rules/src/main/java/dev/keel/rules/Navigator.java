package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Scenario navigation with stickiness ({@code docs/rules.md}, {@code keel eval navigate}): from where a conversation
 * is and how well the message matches each candidate, whether it enters a scenario, advances within the current
 * one, switches to another, or stays.
 * <ul>
 *   <li>A candidate of the current scenario scores its score plus the stickiness boost.</li>
 *   <li>Outside every scenario only entry points are candidates: the best at or above the minimum score is entered
 *       (ties by id), otherwise nothing is.</li>
 *   <li>In a scenario, transitions must be the scenario's; its own entry points are ignored. The best transition
 *       at or above the minimum effective score (ties: step transitions first, then by id) is where it would
 *       advance. An entry point of another scenario whose raw score is strictly above the exit threshold is an exit;
 *       the best exit (ties by id) wins when there is no transition to take or its raw score is strictly above the
 *       transition's effective score. Otherwise the conversation advances, or stays.</li>
 * </ul>
 * Numbers are exact decimals. Immutable and thread-safe; navigation is pure.
 */
public final class Navigator {

    private static final Comparator<NavigationCandidate> BY_ID = Comparator.comparing(NavigationCandidate::id);

    private final NavigationConfig config;

    private Navigator(NavigationConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /** A navigator with {@link NavigationConfig#DEFAULTS}. */
    public static Navigator create() {
        return create(NavigationConfig.DEFAULTS);
    }

    public static Navigator create(NavigationConfig config) {
        return new Navigator(config);
    }

    public NavigationConfig config() {
        return config;
    }

    /**
     * Decides where a conversation at {@code current} goes.
     *
     * @throws InvalidInputException ({@code invalid_input}) when the candidates break the rules above: a transition
     *         outside every scenario or of another scenario, or two candidates with one id; the message names each
     *         by pointer ({@code /candidates/2/kind})
     */
    public Navigation navigate(Position current, List<NavigationCandidate> candidates) {
        List<JsonProblem> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<EffectiveScore> scores = new ArrayList<>(candidates.size());
        for (int i = 0; i < candidates.size(); i++) {
            NavigationCandidate candidate = candidates.get(i);
            String at = "/candidates/" + i;
            if (!ids.add(candidate.id())) {
                problems.add(new JsonProblem(at + "/id", "another candidate has the id '" + candidate.id() + "'"));
            }
            if (candidate.kind() != CandidateKind.SCENARIO_ENTRY) {
                if (!current.inScenario()) {
                    problems.add(new JsonProblem(at + "/kind", "outside every scenario only scenario_entry candidates"
                            + " are allowed, found " + candidate.kind().wireName()));
                } else if (!candidate.scenario().equals(current.scenario())) {
                    problems.add(new JsonProblem(at + "/scenario", "a transition belongs to the current scenario '"
                            + current.scenario() + "', found '" + candidate.scenario() + "'"));
                }
            }
            scores.add(new EffectiveScore(candidate.id(), effective(current, candidate)));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException("invalid_input", JsonProblem.describe("", problems));
        }
        if (!current.inScenario()) {
            return candidates.stream().filter(c -> c.score().compareTo(config.minScore()) >= 0)
                    .min(Comparator.comparing(NavigationCandidate::score).reversed().thenComparing(BY_ID))
                    .map(entry -> new Navigation(NavigationAction.ENTER, entry, scores))
                    .orElseGet(() -> new Navigation(NavigationAction.NONE, null, scores));
        }
        NavigationCandidate inFlow = candidates.stream()
                .filter(c -> c.kind() != CandidateKind.SCENARIO_ENTRY)
                .filter(c -> effective(current, c).compareTo(config.minScore()) >= 0)
                .min(Comparator.comparing((NavigationCandidate c) -> effective(current, c)).reversed()
                        .thenComparing(NavigationCandidate::kind).thenComparing(BY_ID))
                .orElse(null);
        NavigationCandidate exit = candidates.stream()
                .filter(c -> c.kind() == CandidateKind.SCENARIO_ENTRY && !c.scenario().equals(current.scenario()))
                .filter(c -> c.score().compareTo(config.exitThreshold()) > 0)
                .min(Comparator.comparing(NavigationCandidate::score).reversed().thenComparing(BY_ID))
                .orElse(null);
        if (exit != null && (inFlow == null || exit.score().compareTo(effective(current, inFlow)) > 0)) {
            return new Navigation(NavigationAction.SWITCH, exit, scores);
        }
        return inFlow != null ? new Navigation(NavigationAction.ADVANCE, inFlow, scores)
                : new Navigation(NavigationAction.STAY, null, scores);
    }

    /** The score, plus the stickiness boost for a candidate of the current scenario. */
    private BigDecimal effective(Position current, NavigationCandidate candidate) {
        return candidate.scenario().equals(current.scenario()) ? candidate.score().add(config.stickinessBoost())
                : candidate.score();
    }
}
