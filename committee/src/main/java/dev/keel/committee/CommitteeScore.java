package dev.keel.committee;

import dev.keel.core.Cancellation;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The committee's confidence, computed from scores and never taken from a model: each agent's credibility and status,
 * the weighted mean of the VALID credibilities ({@code baseScore}, 0 when there is none or their weights sum to 0),
 * {@code c_final = baseScore - conflictPenalty + coverageBonus} clamped to [0, 1], and the action it leads to. The
 * {@code committee_score} operation of {@code keel eval}; the rules are in {@code docs/committee.md}.
 *
 * <p>Immutable, pure and thread-safe.
 *
 * @param agents       each agent's credibility and status, in input order
 * @param baseScore    the weighted mean of the VALID credibilities
 * @param cFinal       the final confidence, in [0, 1]
 * @param action       {@link Action#SHIP} when {@code cFinal >= askUserThreshold}, else {@link Action#ASK_USER}
 * @param invalidation the agents by status
 */
public record CommitteeScore(List<AgentCredibility> agents, BigDecimal baseScore, BigDecimal cFinal, Action action,
                             Invalidation invalidation) {

    public CommitteeScore {
        agents = List.copyOf(agents);
        Objects.requireNonNull(baseScore, "baseScore");
        Objects.requireNonNull(cFinal, "cFinal");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(invalidation, "invalidation");
    }

    /**
     * Scores {@code agents} under {@code policy}.
     *
     * @param conflictPenalty what the master estimated agents' disagreement costs, in [0, 1]
     * @param coverageBonus   what the master estimated their coverage adds, in [0, 1]
     * @throws InvalidInputException when two agents share a name, or the penalty or bonus is outside [0, 1]
     */
    public static CommitteeScore compute(List<ScoredAgent> agents, ScoringPolicy policy, BigDecimal conflictPenalty,
                                         BigDecimal coverageBonus) {
        Objects.requireNonNull(policy, "policy");
        checkUnit(conflictPenalty, "conflictPenalty");
        checkUnit(coverageBonus, "coverageBonus");
        Set<String> names = new HashSet<>();
        List<AgentCredibility> creds = new ArrayList<>();
        List<String> discarded = new ArrayList<>();
        List<String> quarantined = new ArrayList<>();
        List<String> valid = new ArrayList<>();
        BigDecimal weighted = BigDecimal.ZERO;
        BigDecimal weights = BigDecimal.ZERO;
        for (ScoredAgent agent : agents) {
            if (!names.add(agent.agent())) {
                throw new InvalidInputException("two agents are named '" + agent.agent() + "'");
            }
            BigDecimal cred = agent.axes().cred();
            CredStatus status = policy.statusOf(cred);
            creds.add(new AgentCredibility(agent.agent(), cred, status));
            switch (status) {
                case DISCARD:
                    discarded.add(agent.agent());
                    break;
                case QUARANTINE:
                    quarantined.add(agent.agent());
                    break;
                default:
                    valid.add(agent.agent());
                    BigDecimal weight = policy.weightOf(agent.agent());
                    weighted = weighted.add(weight.multiply(cred));
                    weights = weights.add(weight);
            }
        }
        BigDecimal base = weights.signum() == 0 ? BigDecimal.ZERO : Decimals.divide(weighted, weights);
        BigDecimal cFinal = Decimals.plain(Decimals.clamp01(base.subtract(conflictPenalty).add(coverageBonus)));
        return new CommitteeScore(creds, base, cFinal, policy.actionOf(cFinal),
                new Invalidation(discarded, quarantined, valid));
    }

    /**
     * A penalty or bonus must be writable in plain digits: {@code c_final} keeps its decimals, so one of
     * {@code 1e-999} would make it a thousand digits long.
     */
    private static void checkUnit(BigDecimal value, String name) {
        Objects.requireNonNull(value, name);
        if (value.signum() < 0 || value.compareTo(BigDecimal.ONE) > 0) {
            throw new InvalidInputException(name + " must be from 0 to 1");
        }
        Decimals.requireWritable(value, name);
    }

    /** A penalty or bonus as {@link #checkUnit} requires it; null when absent or wrong. */
    private static @Nullable BigDecimal adjustment(Value value) {
        BigDecimal read = ScoringPolicy.unit(value);
        return read == null ? null : value.build(() -> Decimals.requireWritable(read, "it"));
    }

    /** The status of {@code agent}, if it was scored. */
    public java.util.Optional<CredStatus> statusOf(String agent) {
        return agents.stream().filter(a -> a.agent().equals(agent)).map(AgentCredibility::status).findFirst();
    }

    /**
     * The operation's output: {@code {"agents": [{"agent", "cred", "status"}], "baseScore", "c_final", "action",
     * "invalidation": {"discarded", "quarantined", "valid"}}}.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        List<Object> list = new ArrayList<>();
        agents.forEach(agent -> list.add(agent.toWire()));
        wire.put("agents", list);
        wire.put("baseScore", baseScore);
        wire.put("c_final", cFinal);
        wire.put("action", action.wireName());
        wire.put("invalidation", invalidation.toWire());
        return wire;
    }

    /**
     * Computes the operation's input, {@code {"agents": [{"agent", "axes"}], "policy", "conflictPenalty"?,
     * "coverageBonus"?}}.
     *
     * @throws InvalidInputException (code {@code invalid_input}) naming every problem by its JSON pointer
     */
    public static CommitteeScore fromWire(Map<String, Object> input) {
        JsonTreeReader reader = JsonTreeReader.of(input);
        ObjectValue root = reader.root().object("agents", "policy", "conflictPenalty", "coverageBonus");
        Value agentsValue = root.required("agents");
        Set<String> names = new HashSet<>();
        List<ScoredAgent> agents = agentsValue.list(item -> {
            Cancellation.checkpoint();
            ObjectValue agent = item.object("agent", "axes");
            Value nameValue = agent.required("agent");
            String name = nameValue.nonBlankString();
            if (name != null && !names.add(name)) {
                nameValue.problem("repeats the agent " + JsonTreeReader.describe(name));
            }
            AxisScores axes = AxisScores.read(agent.required("axes"));
            return agent.build(() -> new ScoredAgent(name, axes));
        });
        if (agentsValue.raw() instanceof List && ((List<?>) agentsValue.raw()).isEmpty()) {
            agentsValue.problem("must list at least one agent");
        }
        ScoringPolicy policy = ScoringPolicy.read(root.required("policy"));
        BigDecimal penalty = adjustment(root.optional("conflictPenalty"));
        BigDecimal bonus = adjustment(root.optional("coverageBonus"));
        reader.throwIfProblems(problems -> new InvalidInputException(JsonProblem.describe(null, problems)));
        return compute(agents, policy, penalty == null ? BigDecimal.ZERO : penalty, bonus == null ? BigDecimal.ZERO : bonus);
    }
}
