package dev.keel.models.config;

import dev.keel.core.ConfigurationException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonNumbers;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.models.ModelPrice;
import dev.keel.models.PriceTable;
import dev.keel.models.RetryPolicy;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The LLM configuration file, {@code llm.config.json}: providers, roles mapped to
 * providers and to the NAMES of environment variables that hold model names, a price table, the policy
 * numbers (budget caps) and the retry policy. See {@code docs/models.md} for the format.
 *
 * <p>The configuration's JSON Schema ({@code dev/keel/models/schema/llm-config.schema.json}) is its
 * definition: reading validates against it (so unknown fields are refused, and a typo cannot silently disable a
 * setting), then checks the cross references (a role's provider and fallbacks exist), then what each provider's kind
 * takes (a model, an endpoint, a required API key). Reading reads no environment: variables are resolved later by
 * {@link ConfiguredBackends}. A {@code $schema} member at the root is accepted. Every problem of the first stage that
 * finds some is named in one {@link ConfigurationException}, each by the JSON pointer of the offending value, sorted
 * by pointer.
 *
 * <p>Immutable, pure (parsing reads neither files nor the environment) and thread-safe.
 */
public final class LlmConfig {

    /** How long one call may take unless a provider says otherwise. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private final Map<String, ProviderConfig> providers;
    private final Map<String, RoleConfig> roles;
    private final PriceTable prices;
    private final Map<String, PolicyValue> policy;
    private final RetryPolicy retry;
    private final Labels labels;

    private LlmConfig(Map<String, ProviderConfig> providers, Map<String, RoleConfig> roles, PriceTable prices,
                      Map<String, PolicyValue> policy, RetryPolicy retry, Labels labels) {
        this.providers = Collections.unmodifiableMap(new LinkedHashMap<>(providers));
        this.roles = Collections.unmodifiableMap(new LinkedHashMap<>(roles));
        this.prices = prices;
        this.policy = Collections.unmodifiableMap(new LinkedHashMap<>(policy));
        this.retry = retry;
        this.labels = labels;
    }

    /**
     * How messages about a configuration name its roles and providers: {@code role 'solver'} and
     * {@code provider 'anthropic' used by role 'master'} for a file, {@code keel.backends.desk} for Spring properties.
     *
     * @param role     a format with the role's name as its argument
     * @param provider a format with the provider's name and the role's name as its arguments
     */
    public record Labels(String role, String provider) {

        /** The labels of {@code llm.config.json}. */
        public static final Labels FILE = new Labels("role '%1$s'", "provider '%1$s' used by role '%2$s'");

        public Labels {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(provider, "provider");
        }
    }

    /** An empty builder, for a configuration built in code. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Parses the configuration text.
     *
     * @throws ConfigurationException when the text is not a JSON object or the configuration is invalid
     */
    public static LlmConfig parse(String json) {
        return parse(json, ProviderKinds.defaults());
    }

    /**
     * Parses the configuration text, its providers' kinds found in {@code kinds}.
     *
     * @throws ConfigurationException when the text is not a JSON object or the configuration is invalid
     */
    public static LlmConfig parse(String json, ProviderKinds kinds) {
        Map<String, Object> tree;
        try {
            tree = JsonCodec.strict().parseObject(json);
        } catch (WireFormatException e) {
            throw new ConfigurationException("the LLM configuration is not a valid JSON object: " + e.getMessage(), e);
        }
        return fromTree(tree, JsonPointers.ROOT, kinds);
    }

    /**
     * Reads a parsed configuration (a plain tree as the core codec gives).
     *
     * @throws ConfigurationException naming every invalid field by JSON pointer, sorted by pointer
     */
    public static LlmConfig fromTree(Map<String, Object> tree) {
        return fromTree(tree, JsonPointers.ROOT);
    }

    /**
     * As {@link #fromTree(Map)}, for a configuration that is the value at {@code pointer} in a larger document (the
     * {@code config} of a request, say): every problem names its full pointer, {@code /config/providers}.
     *
     * @throws ConfigurationException naming every invalid field by JSON pointer, sorted by pointer
     */
    public static LlmConfig fromTree(Object tree, String pointer) {
        return fromTree(tree, pointer, ProviderKinds.defaults());
    }

    /**
     * As {@link #fromTree(Object, String)}, its providers' kinds found in {@code kinds}.
     *
     * @throws ConfigurationException naming every invalid field by JSON pointer, sorted by pointer
     */
    public static LlmConfig fromTree(Object tree, String pointer, ProviderKinds kinds) {
        return read(tree, pointer, kinds, Labels.FILE, JsonPointers::display);
    }

    /**
     * Reads a configuration bound from elsewhere than a file (the Spring Boot starter's properties), given as the
     * tree of the {@code llm.config.json} it stands for: checked by the same schema and rules as a file, so that the
     * same mistake gets the same message.
     *
     * @param kinds  where the providers' kinds are found
     * @param labels how later messages (a missing variable, say) name its roles and providers
     * @param names  what each problem's JSON pointer in the tree is called where the configuration came from
     *               ({@code /models/roles/desk/model} is {@code keel.backends.desk.model-env}, say)
     * @throws ConfigurationException naming every invalid field as {@code names} does, sorted by pointer
     */
    public static LlmConfig fromTree(Object tree, ProviderKinds kinds, Labels labels, Function<String, String> names) {
        return read(tree, JsonPointers.ROOT, kinds, labels, names);
    }

    private static LlmConfig read(Object tree, String pointer, ProviderKinds kinds, Labels labels,
                                  Function<String, String> names) {
        Function<List<JsonProblem>, ConfigurationException> failure = problems -> failure(problems, names);
        LlmConfigSpec spec = LlmConfigFormat.read(tree, pointer, failure);
        Map<String, ProviderKind> found = new LinkedHashMap<>();
        spec.providers().forEach((name, provider) -> kinds.find(provider.kind() != null ? provider.kind() : name)
                .ifPresent(kind -> found.put(name, kind)));
        List<JsonProblem> problems = LlmConfigFormat.kindProblems(spec, found, kinds.names(), pointer);
        if (!problems.isEmpty()) {
            throw failure.apply(problems);
        }
        Map<String, ProviderConfig> providers = new LinkedHashMap<>();
        spec.providers().forEach((name, provider) -> providers.put(name, new ProviderConfig(name,
                Objects.requireNonNull(found.get(name), "kind"), !Boolean.FALSE.equals(provider.enabled()),
                provider.baseUrl(), provider.baseUrlEnv(), provider.apiKeyEnv(),
                provider.timeoutMs() == null ? DEFAULT_TIMEOUT : Duration.ofMillis(provider.timeoutMs()))));
        Map<String, RoleConfig> roles = new LinkedHashMap<>();
        spec.models().roles().forEach((name, role) -> roles.put(name, new RoleConfig(name, role.provider(),
                role.model(), role.fallback() == null ? List.of() : role.fallback())));
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        if (spec.pricing() != null) {
            spec.pricing().forEach((model, price) -> prices.put(model,
                    new ModelPrice(price.inputUsdPerMillion(), price.outputUsdPerMillion())));
        }
        Map<String, PolicyValue> policy = new LinkedHashMap<>();
        if (spec.policy() != null) {
            spec.policy().forEach((name, value) -> {
                // the committee's weights by role: checked by the schema, read by keel-committee (docs/committee.md)
                if (!name.equals(LlmConfigSpec.WEIGHTS)) {
                    policy.put(name, policyValue(value));
                }
            });
        }
        return new LlmConfig(providers, roles, PriceTable.of(prices), policy, retry(spec.retry()), labels);
    }

    /** A policy value the schema accepted: a number, or {@code {"env": name, "default": number}}. */
    private static PolicyValue policyValue(Object value) {
        if (value instanceof Map<?, ?> fields) {
            Object fallback = fields.get("default");
            return new PolicyValue(null, (String) fields.get("env"),
                    fallback == null ? null : decimal(fallback));
        }
        return PolicyValue.of(decimal(value));
    }

    private static BigDecimal decimal(Object number) {
        return Objects.requireNonNull(JsonNumbers.decimal((Number) number), "number");
    }

    private static RetryPolicy retry(LlmConfigSpec.@Nullable RetrySpec retry) {
        RetryPolicy defaults = RetryPolicy.DEFAULT;
        if (retry == null) {
            return defaults;
        }
        return new RetryPolicy(retry.maxAttempts() == null ? defaults.maxAttempts() : retry.maxAttempts(),
                retry.initialBackoffMs() == null ? defaults.initialBackoff() : Duration.ofMillis(retry.initialBackoffMs()),
                retry.multiplier() == null ? defaults.multiplier() : retry.multiplier().doubleValue(),
                retry.maxBackoffMs() == null ? defaults.maxBackoff() : Duration.ofMillis(retry.maxBackoffMs()));
    }

    private static ConfigurationException failure(List<JsonProblem> problems, Function<String, String> names) {
        return new ConfigurationException(problems.stream()
                .map(problem -> names.apply(problem.pointer()) + ": " + problem.message())
                .collect(Collectors.joining("; ")));
    }

    // ---- accessors

    /** The providers, in file order. */
    public Map<String, ProviderConfig> providers() {
        return providers;
    }

    /** The roles, in file order. */
    public Map<String, RoleConfig> roles() {
        return roles;
    }

    public Optional<RoleConfig> role(String name) {
        return Optional.ofNullable(roles.get(name));
    }

    public PriceTable prices() {
        return prices;
    }

    /** The {@code policy} numbers, in file order. */
    public Map<String, PolicyValue> policy() {
        return policy;
    }

    public RetryPolicy retry() {
        return retry;
    }

    /** How messages name this configuration's roles and providers. */
    public Labels labels() {
        return labels;
    }

    /** {@code role}, as messages name it: {@code role 'solver'}. */
    public String describeRole(String role) {
        return String.format(Locale.ROOT, labels.role(), role);
    }

    /** {@code provider} serving {@code role}, as messages name it: {@code provider 'anthropic' used by role 'master'}. */
    public String describeProvider(String provider, String role) {
        return String.format(Locale.ROOT, labels.provider(), provider, role);
    }

    @Override
    public String toString() {
        return "LlmConfig{providers=" + providers.keySet() + ", roles=" + roles.keySet() + "}";
    }
    /**
     * Builds a configuration in code: what {@code llm.config.json} holds, checked as the file is (its schema, its
     * cross references, what each provider's kind takes), every problem named by the JSON pointer it would have in the
     * file. Not thread-safe.
     */
    public static final class Builder {
        private final Map<String, ProviderConfig> providers = new LinkedHashMap<>();
        private final Map<String, RoleConfig> roles = new LinkedHashMap<>();
        private final Map<String, PolicyValue> policy = new LinkedHashMap<>();
        private PriceTable prices = PriceTable.of(Map.of());
        private RetryPolicy retry = RetryPolicy.DEFAULT;
        private Labels labels = Labels.FILE;

        private Builder() {
        }

        /** A provider, by its name; a later one of the same name replaces it. */
        public Builder provider(ProviderConfig provider) {
            providers.put(provider.name(), provider);
            return this;
        }

        /** A role, by its name; a later one of the same name replaces it. */
        public Builder role(RoleConfig role) {
            roles.put(role.name(), role);
            return this;
        }

        public Builder prices(PriceTable prices) {
            this.prices = Objects.requireNonNull(prices, "prices");
            return this;
        }

        public Builder policy(String name, PolicyValue value) {
            policy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public Builder retry(RetryPolicy retry) {
            this.retry = Objects.requireNonNull(retry, "retry");
            return this;
        }

        /** How later messages (a missing variable, say) name roles and providers; {@link Labels#FILE} unless set. */
        public Builder labels(Labels labels) {
            this.labels = Objects.requireNonNull(labels, "labels");
            return this;
        }

        /** @throws ConfigurationException naming every problem by the JSON pointer it would have in the file */
        public LlmConfig build() {
            LlmConfigSpec spec = spec();
            List<JsonProblem> problems = LlmConfigFormat.problems(spec);
            if (problems.isEmpty()) {
                Map<String, ProviderKind> kinds = new LinkedHashMap<>();
                providers.forEach((name, provider) -> kinds.put(name, provider.kind()));
                problems = LlmConfigFormat.kindProblems(spec, kinds, List.of(), JsonPointers.ROOT);
            }
            if (!problems.isEmpty()) {
                throw failure(problems, JsonPointers::display);
            }
            return new LlmConfig(providers, roles, prices, policy, retry, labels);
        }

        /** The configuration as the file that holds it binds. */
        private LlmConfigSpec spec() {
            Map<String, LlmConfigSpec.ProviderSpec> providerSpecs = new LinkedHashMap<>();
            providers.forEach((name, provider) -> providerSpecs.put(name, new LlmConfigSpec.ProviderSpec(
                    provider.kind().name(), provider.enabled(), provider.baseUrl(), provider.baseUrlEnv(),
                    provider.apiKeyEnv(), millis(provider.timeout()), null)));
            Map<String, LlmConfigSpec.RoleSpec> roleSpecs = new LinkedHashMap<>();
            roles.forEach((name, role) -> roleSpecs.put(name, new LlmConfigSpec.RoleSpec(role.provider(),
                    role.modelEnv(), role.fallback(), null)));
            Map<String, LlmConfigSpec.PriceSpec> priceSpecs = new LinkedHashMap<>();
            prices.prices().forEach((model, price) -> priceSpecs.put(model, new LlmConfigSpec.PriceSpec(
                    price.inputUsdPerMillion(), price.outputUsdPerMillion())));
            Map<String, Object> policySpecs = new LinkedHashMap<>();
            policy.forEach((name, value) -> policySpecs.put(name, value.fixed() != null ? value.fixed()
                    : value.defaultValue() == null ? Map.of("env", value.env())
                    : Map.of("env", value.env(), "default", value.defaultValue())));
            return new LlmConfigSpec(null, providerSpecs, new LlmConfigSpec.ModelsSpec(roleSpecs), priceSpecs,
                    policySpecs, new LlmConfigSpec.RetrySpec(retry.maxAttempts(), millis(retry.initialBackoff()),
                            BigDecimal.valueOf(retry.multiplier()), millis(retry.maxBackoff())));
        }

        /** A duration in whole milliseconds, saturated at the int range (the schema then names what is too long). */
        private static Integer millis(Duration duration) {
            if (duration.compareTo(Duration.ofMillis(Integer.MAX_VALUE)) > 0) {
                return Integer.MAX_VALUE;
            }
            if (duration.compareTo(Duration.ofMillis(Integer.MIN_VALUE)) < 0) {
                return Integer.MIN_VALUE;
            }
            return (int) duration.toMillis();
        }
    }
}
