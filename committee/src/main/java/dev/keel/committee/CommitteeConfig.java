package dev.keel.committee;

import dev.keel.committee.CommitteeConfigSpec.PolicySpec;
import dev.keel.core.ConfigurationException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What the committee takes from {@code llm.config.json}: its roles and whether each one's provider is enabled (a
 * role on a disabled provider, such as a future one behind a flag, is not run), the budget caps and the scoring
 * policy. The file's format, its providers and model variables are read by keel-models, which resolves the
 * backends; this reads the committee's part of the same file and checks what the committee needs, as its JSON Schema
 * ({@code dev/keel/committee/schema/committee-config.schema.json}) defines it (see {@code docs/committee.md}):
 *
 * <ul>
 *   <li>roles {@code master}, {@code solver}, {@code critic} and {@code verifier} under {@code /models/roles};
 *       every other role but {@code scorer} is an optional agent ({@code editor}, {@code implementer},
 *       {@code visual}, future ones);</li>
 *   <li>{@code /policy}: {@code normalMaxUsd} (default 0.10) and {@code deepMaxUsd} (default 0.50), each a number
 *       or {@code {"env": "VAR", "default": n}} read from the environment; {@code askUserThreshold} (default 0.70),
 *       {@code tauHard} and {@code tauSoft} in [0, 1] with {@code tauHard <= tauSoft}; {@code weights} by role.</li>
 * </ul>
 *
 * <p>Every problem the schema finds is named by its JSON pointer in one {@link ConfigurationException}; once the
 * document matches the schema, so are the problems across members ({@code tauHard} above {@code tauSoft}, a weight
 * for no role) and then those of the caps read from the environment. The environment is a function, so that reading
 * stays pure; only names of variables are in the file, never a secret. Immutable and thread-safe.
 */
public final class CommitteeConfig {

    /** The role that plans and synthesises. */
    public static final String MASTER = "master";
    /** The optional role that scores agent outputs; the master scores when it is not configured. */
    public static final String SCORER = "scorer";
    /** The always-on agents. */
    public static final List<String> CORE_AGENTS = List.of("solver", "critic", "verifier");

    /** The default cap of {@code ask} and {@code audit}, in US dollars. */
    public static final BigDecimal DEFAULT_NORMAL_MAX_USD = new BigDecimal("0.10");
    /** The default cap of {@code deep}, in US dollars. */
    public static final BigDecimal DEFAULT_DEEP_MAX_USD = new BigDecimal("0.50");

    private final Map<String, Boolean> roles;
    private final BigDecimal normalMaxUsd;
    private final BigDecimal deepMaxUsd;
    private final ScoringPolicy scoring;

    private CommitteeConfig(Map<String, Boolean> roles, BigDecimal normalMaxUsd, BigDecimal deepMaxUsd,
                            ScoringPolicy scoring) {
        this.roles = Collections.unmodifiableMap(new LinkedHashMap<>(roles));
        this.normalMaxUsd = Objects.requireNonNull(normalMaxUsd, "normalMaxUsd");
        this.deepMaxUsd = Objects.requireNonNull(deepMaxUsd, "deepMaxUsd");
        this.scoring = Objects.requireNonNull(scoring, "scoring");
        if (normalMaxUsd.signum() < 0 || deepMaxUsd.signum() < 0) {
            throw new ConfigurationException("caps must be at least 0");
        }
    }

    /**
     * A configuration given in code: the roles that can run (the master among them), the caps and the scoring.
     *
     * @throws ConfigurationException when {@code master} is not among the roles or a cap is negative
     */
    public static CommitteeConfig of(Set<String> availableRoles, BigDecimal normalMaxUsd, BigDecimal deepMaxUsd,
                                     ScoringPolicy scoring) {
        if (!availableRoles.contains(MASTER)) {
            throw new ConfigurationException("the committee needs a master role");
        }
        Map<String, Boolean> roles = new LinkedHashMap<>();
        availableRoles.forEach(role -> roles.put(role, true));
        return new CommitteeConfig(roles, normalMaxUsd, deepMaxUsd, scoring);
    }

    /**
     * Reads the committee's part of the configuration text.
     *
     * @throws ConfigurationException when the text is not a JSON object, or naming every problem by JSON pointer
     */
    public static CommitteeConfig parse(String json, Function<String, Optional<String>> environment) {
        Map<String, Object> tree;
        try {
            tree = JsonCodec.strict().parseObject(json);
        } catch (WireFormatException e) {
            throw new ConfigurationException("the LLM configuration is not a valid JSON object: " + e.getMessage(), e);
        }
        return fromTree(tree, environment);
    }

    /**
     * Reads the committee's part of a parsed configuration; other members are left to the reader of the whole file.
     *
     * @param environment the value of an environment variable by name, empty when unset
     * @throws ConfigurationException naming every problem by JSON pointer
     */
    public static CommitteeConfig fromTree(Object tree, Function<String, Optional<String>> environment) {
        Objects.requireNonNull(environment, "environment");
        CommitteeConfigSpec spec = CommitteeConfigFormat.read(tree);
        Map<String, Boolean> roles = new LinkedHashMap<>();
        spec.models().roles().forEach((name, role) -> {
            CommitteeConfigSpec.ProviderSpec provider = spec.providers().get(role.provider().strip());
            roles.put(name, provider != null && !Boolean.FALSE.equals(provider.enabled()));
        });
        PolicySpec policy = spec.policy();
        List<JsonProblem> problems = new ArrayList<>();
        BigDecimal normal = CommitteeConfigFormat.cap(policy.normalMaxUsd(), "/policy/normalMaxUsd",
                DEFAULT_NORMAL_MAX_USD, environment, problems);
        BigDecimal deep = CommitteeConfigFormat.cap(policy.deepMaxUsd(), "/policy/deepMaxUsd", DEFAULT_DEEP_MAX_USD,
                environment, problems);
        if (!problems.isEmpty()) {
            throw CommitteeConfigFormat.failure(problems);
        }
        BigDecimal threshold = policy.askUserThreshold();
        return new CommitteeConfig(roles, normal, deep, new ScoringPolicy(policy.tauHard(), policy.tauSoft(),
                threshold == null ? ScoringPolicy.DEFAULT_ASK_USER_THRESHOLD : threshold,
                policy.weights() == null ? Map.of() : policy.weights()));
    }

    /** Every configured role, in file order, and whether it can run (its provider is enabled). */
    public Map<String, Boolean> roles() {
        return roles;
    }

    /** Whether {@code role} is configured on an enabled provider. */
    public boolean available(String role) {
        return roles.getOrDefault(role, false);
    }

    /** The agents that can run: every available role but the master and the scorer, in file order. */
    public Set<String> availableAgents() {
        Set<String> agents = new LinkedHashSet<>();
        roles.forEach((role, enabled) -> {
            if (enabled && !role.equals(MASTER) && !role.equals(SCORER)) {
                agents.add(role);
            }
        });
        return Collections.unmodifiableSet(agents);
    }

    /**
     * The roles a committee on this configuration calls, each of which needs a backend: the master, the scorer (when
     * it is not the master) and the available agents, in that order.
     */
    public Set<String> modelRoles() {
        Set<String> roles = new LinkedHashSet<>();
        roles.add(MASTER);
        roles.add(scorerRole());
        roles.addAll(availableAgents());
        return Collections.unmodifiableSet(roles);
    }

    /** The role that scores: {@code scorer} when it can run, else the master. */
    public String scorerRole() {
        return available(SCORER) ? SCORER : MASTER;
    }

    public BigDecimal normalMaxUsd() {
        return normalMaxUsd;
    }

    public BigDecimal deepMaxUsd() {
        return deepMaxUsd;
    }

    /** The cap of {@code mode}: {@code deepMaxUsd} for {@code deep}, {@code normalMaxUsd} otherwise. */
    public BigDecimal capUsd(Mode mode) {
        return mode == Mode.DEEP ? deepMaxUsd : normalMaxUsd;
    }

    public ScoringPolicy scoring() {
        return scoring;
    }

    @Override
    public String toString() {
        return "CommitteeConfig{roles=" + roles + ", normalMaxUsd=" + normalMaxUsd + ", deepMaxUsd=" + deepMaxUsd
                + ", scoring=" + scoring.toWire() + "}";
    }
}
