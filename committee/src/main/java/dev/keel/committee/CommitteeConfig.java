package dev.keel.committee;

import dev.keel.core.ConfigurationException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
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
 * policy. The file's format, its providers and model variables are read by the LLM adapters, which resolve the
 * backends; this reads the committee's part of the same file and checks what the committee needs (see
 * {@code docs/committee.md}):
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
 * <p>Every problem is named by its JSON pointer in one {@link ConfigurationException}. The environment is a
 * function, so that reading stays pure; only names of variables are in the file, never a secret. Immutable and
 * thread-safe.
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
        JsonTreeReader reader = JsonTreeReader.of(tree);
        ObjectValue root = reader.root().anyObject();
        Map<String, Boolean> enabledProviders = new LinkedHashMap<>();
        root.required("providers").members().forEach((name, provider) -> {
            Value enabled = provider.anyObject().optional("enabled");
            enabledProviders.put(name, enabled.bool(true));
        });
        Value rolesValue = root.required("models").anyObject().required("roles");
        Map<String, Boolean> roles = new LinkedHashMap<>();
        rolesValue.members().forEach((name, role) -> {
            String provider = role.anyObject().required("provider").nonBlankString();
            roles.put(name, provider != null && enabledProviders.getOrDefault(provider.strip(), false));
        });
        if (rolesValue.raw() instanceof Map) {
            List<String> required = new ArrayList<>();
            required.add(MASTER);
            required.addAll(CORE_AGENTS);
            for (String role : required) {
                if (!roles.containsKey(role)) {
                    rolesValue.problem("the committee needs the role '" + role + "'");
                }
            }
        }
        ObjectValue policy = root.required("policy").anyObject();
        BigDecimal normal = cap(policy.optional("normalMaxUsd"), DEFAULT_NORMAL_MAX_USD, environment);
        BigDecimal deep = cap(policy.optional("deepMaxUsd"), DEFAULT_DEEP_MAX_USD, environment);
        BigDecimal tauHard = ScoringPolicy.unit(policy.required("tauHard"));
        BigDecimal tauSoft = ScoringPolicy.unit(policy.required("tauSoft"));
        BigDecimal threshold = ScoringPolicy.unit(policy.optional("askUserThreshold"));
        if (tauHard != null && tauSoft != null && tauHard.compareTo(tauSoft) > 0) {
            policy.required("tauHard").problem("must not be above tauSoft");
        }
        Value weightsValue = policy.optional("weights");
        Map<String, BigDecimal> weights = ScoringPolicy.weights(weightsValue);
        weightsValue.members().forEach((role, weight) -> {
            if (rolesValue.raw() instanceof Map && !roles.containsKey(role)) {
                weight.problem("names no role under /models/roles");
            }
        });
        reader.throwIfProblems(problems -> new ConfigurationException(JsonProblem.describe(null, problems)));
        return new CommitteeConfig(roles, normal, deep, new ScoringPolicy(tauHard, tauSoft,
                threshold == null ? ScoringPolicy.DEFAULT_ASK_USER_THRESHOLD : threshold, weights));
    }

    /** A cap: a number at least 0, or {@code {"env", "default"?}} read from the environment. */
    private static BigDecimal cap(Value value, BigDecimal fallback, Function<String, Optional<String>> environment) {
        if (!value.isPresent() || value.isNull()) {
            return fallback;
        }
        if (!(value.raw() instanceof Map)) {
            BigDecimal number = value.decimal(BigDecimal.ZERO, null);
            return number == null ? fallback : number;
        }
        ObjectValue fields = value.anyObject();
        String env = fields.required("env").nonBlankString();
        BigDecimal orElse = fields.optional("default").decimal(BigDecimal.ZERO, null);
        if (env == null) {
            return fallback;
        }
        Optional<String> raw = environment.apply(env.strip()).map(String::strip).filter(text -> !text.isEmpty());
        if (raw.isEmpty()) {
            if (orElse == null && fields.has("default")) {
                return fallback;
            }
            if (orElse == null) {
                value.problem("environment variable " + env.strip() + " is not set and there is no default");
                return fallback;
            }
            return orElse;
        }
        try {
            BigDecimal read = new BigDecimal(raw.get());
            if (read.signum() >= 0 && read.scale() <= 20 && read.precision() <= 30) {
                return read;
            }
        } catch (NumberFormatException e) {
            // reported below, without the value
        }
        value.problem("environment variable " + env.strip() + " is not a decimal number >= 0");
        return fallback;
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
