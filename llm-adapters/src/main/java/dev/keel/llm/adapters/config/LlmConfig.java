package dev.keel.llm.adapters.config;

import dev.keel.core.ConfigurationException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.llm.adapters.ModelPrice;
import dev.keel.llm.adapters.PriceTable;
import dev.keel.llm.adapters.RetryPolicy;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The LLM configuration file, {@code llm.config.json}: providers, roles mapped to
 * providers and to the NAMES of environment variables that hold model names, a price table, the policy
 * numbers (budget caps) and the retry policy. See {@code docs/llm-adapters.md} for the format.
 *
 * <p>Parsing checks the structure and the cross references (a role's provider and fallbacks exist, a model is
 * named by a variable name and not by a model name) and reads no environment: variables are resolved later by
 * {@link ConfiguredBackends}. Unknown fields are refused so that a typo cannot silently disable a setting. A
 * {@code $schema} member at the root, naming the configuration's JSON Schema, is accepted. Every invalid field is
 * named in one {@link ConfigurationException} whose message starts with the JSON pointer of the first.
 *
 * <p>Immutable, pure (parsing reads neither files nor the environment) and thread-safe.
 */
public final class LlmConfig {

    /** What a role's {@code model} must look like: the name of an environment variable. */
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The policy member that is a table of numbers by role, not one number. */
    private static final String WEIGHTS = "weights";

    /** How long one call may take unless a provider says otherwise. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    private static final int MAX_TIMEOUT_MS = 3_600_000;

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

    /** An empty builder, for a configuration read from elsewhere than a file (the Spring Boot starter's properties). */
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
     * @throws ConfigurationException naming every invalid field by JSON pointer, the first one first
     */
    public static LlmConfig fromTree(Map<String, Object> tree) {
        return fromTree(tree, JsonPointers.ROOT);
    }

    /**
     * As {@link #fromTree(Map)}, for a configuration that is the value at {@code pointer} in a larger document (the
     * {@code config} of a request, say): every problem names its full pointer, {@code /config/providers}.
     *
     * @throws ConfigurationException naming every invalid field by JSON pointer, the first one first
     */
    public static LlmConfig fromTree(Object tree, String pointer) {
        return fromTree(tree, pointer, ProviderKinds.defaults());
    }

    /**
     * As {@link #fromTree(Object, String)}, its providers' kinds found in {@code kinds}.
     *
     * @throws ConfigurationException naming every invalid field by JSON pointer, the first one first
     */
    public static LlmConfig fromTree(Object tree, String pointer, ProviderKinds kinds) {
        JsonTreeReader reader = JsonTreeReader.of(tree, pointer);
        LlmConfig config = read(reader.root(), kinds);
        reader.throwIfProblems(problems -> new ConfigurationException(JsonProblem.describe(null, problems)));
        return config;
    }

    private static LlmConfig read(Value root, ProviderKinds kinds) {
        ObjectValue config = root.object("description", "providers", "models", "pricing", "policy", "retry");
        config.optional("description").string(); // documentation only: checked, not kept
        Map<String, Value> providerEntries = atLeastOne(config.required("providers"), "provider");
        Map<String, ProviderConfig> providers = new LinkedHashMap<>();
        providerEntries.forEach((name, entry) -> {
            ProviderConfig provider = provider(name, entry, kinds);
            if (provider != null) {
                providers.put(name, provider);
            }
        });
        Value rolesValue = config.required("models").object("roles").required("roles");
        Map<String, Value> roleEntries = atLeastOne(rolesValue, "role");
        Map<String, RoleConfig> roles = new LinkedHashMap<>();
        roleEntries.forEach((name, entry) -> {
            RoleConfig role = role(name, entry, providerEntries.keySet(), providers, roleEntries.keySet());
            if (role != null) {
                roles.put(name, role);
            }
        });
        PriceTable prices = prices(config.optional("pricing"));
        Map<String, PolicyValue> policy = policy(config.optional("policy"));
        RetryPolicy retry = retry(config.optional("retry"));
        return root.build(() -> new LlmConfig(providers, roles, prices, policy, retry, Labels.FILE));
    }

    /** The members of an object that must name at least one {@code what}. */
    private static Map<String, Value> atLeastOne(Value value, String what) {
        Map<String, Value> members = value.members();
        if (value.raw() instanceof Map && members.isEmpty()) {
            value.problem("must name at least one " + what);
        }
        return members;
    }

    private static ProviderConfig provider(String name, Value entry, ProviderKinds kinds) {
        ObjectValue fields = entry.object("kind", "enabled", "base_url", "base_url_env", "api_key_env", "timeout_ms",
                "description");
        Value kindValue = fields.optional("kind");
        String kindName = stripped(kindValue);
        ProviderKind kind = kinds.find(kindName == null ? name : kindName).orElse(null);
        String known = String.join(", ", kinds.names());
        if (kind == null && kindName != null) {
            kindValue.problem("must be one of " + known + ", found " + JsonTreeReader.describe(kindName));
        } else if (kind == null && fields.isPresent() && !kindValue.isPresent()) {
            kindValue.problem("required when the provider's name is not one of " + known);
        }
        boolean enabled = fields.optional("enabled").bool(true);
        String baseUrl = stripped(fields.optional("base_url"));
        String baseUrlEnv = envName(fields.optional("base_url_env"));
        Value apiKeyValue = fields.optional("api_key_env");
        String apiKeyEnv = envName(apiKeyValue);
        if (baseUrl != null && baseUrlEnv != null) {
            fields.problem("give base_url or base_url_env, not both");
        }
        if (kind != null && !kind.takesEndpoint() && (baseUrl != null || baseUrlEnv != null || apiKeyEnv != null)) {
            fields.problem(aProvider(kind) + " takes no base_url, base_url_env or api_key_env");
        }
        if (kind != null && kind.requiresApiKey() && fields.isPresent() && !apiKeyValue.isPresent()) {
            apiKeyValue.problem("required for " + aProvider(kind));
        }
        Integer timeoutMs = fields.optional("timeout_ms").integer(1, MAX_TIMEOUT_MS);
        Duration timeout = timeoutMs == null ? DEFAULT_TIMEOUT : Duration.ofMillis(timeoutMs);
        fields.optional("description").string(); // documentation only: checked, not kept
        return fields.build(() -> new ProviderConfig(name, kind, enabled, baseUrl, baseUrlEnv, apiKeyEnv, timeout));
    }

    /**
     * A role; {@code providerNames} and {@code roleNames} are every name given, {@code providers} the providers
     * that read without a problem.
     */
    private static RoleConfig role(String name, Value entry, Set<String> providerNames,
                                   Map<String, ProviderConfig> providers, Set<String> roleNames) {
        ObjectValue fields = entry.object("provider", "model", "fallback", "description");
        Value providerValue = fields.required("provider");
        String provider = stripped(providerValue);
        if (provider != null && !providerNames.contains(provider)) {
            providerValue.problem("names no provider: " + JsonTreeReader.describe(provider)
                    + " is not under /providers");
        }
        Value modelValue = fields.optional("model");
        String model = stripped(modelValue);
        ProviderConfig providerConfig = provider == null ? null : providers.get(provider);
        if (providerConfig != null && !providerConfig.kind().takesModel()) {
            if (modelValue.isPresent()) {
                modelValue.problem(aProvider(providerConfig.kind()) + " takes no model");
            }
        } else if (providerConfig != null && !modelValue.isPresent()) {
            modelValue.problem("required: the NAME of the environment variable that holds the model name");
        } else if (providerConfig != null && model != null && !ENV_NAME.matcher(model).matches()) {
            modelValue.problem("must be the NAME of an environment variable holding the model name"
                    + " (letters, digits, underscores), for example KEEL_LLAMA_MODEL");
        }
        List<String> fallback = new ArrayList<>();
        for (Value item : fields.optional("fallback").items()) {
            String role = stripped(item);
            if (role == null) {
                continue;
            }
            if (!roleNames.contains(role)) {
                item.problem("names no role: " + JsonTreeReader.describe(role) + " is not under /models/roles");
            } else if (role.equals(name) || fallback.contains(role)) {
                item.problem("repeats a role already in the chain: " + JsonTreeReader.describe(role));
            }
            fallback.add(role);
        }
        fields.optional("description").string(); // documentation only: checked, not kept
        return fields.build(() -> new RoleConfig(name, provider, model, fallback));
    }

    private static PriceTable prices(Value value) {
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        value.members().forEach((model, entry) -> {
            ObjectValue fields = entry.object("input_usd_per_million", "output_usd_per_million");
            BigDecimal input = fields.required("input_usd_per_million").decimal(BigDecimal.ZERO, null);
            BigDecimal output = fields.required("output_usd_per_million").decimal(BigDecimal.ZERO, null);
            ModelPrice price = fields.build(() -> new ModelPrice(input, output));
            if (price != null) {
                prices.put(model, price);
            }
        });
        return PriceTable.of(prices);
    }

    private static Map<String, PolicyValue> policy(Value value) {
        Map<String, PolicyValue> policy = new LinkedHashMap<>();
        value.members().forEach((name, entry) -> {
            if (name.equals(WEIGHTS)) {
                // the committee's weights by role: checked here, read by keel-committee (docs/committee.md)
                entry.members().forEach((role, weight) -> weight.decimal(BigDecimal.ZERO, null));
                return;
            }
            PolicyValue read;
            if (entry.raw() instanceof Map) {
                ObjectValue fields = entry.object("env", "default");
                String env = envName(fields.required("env"));
                BigDecimal fallback = fields.optional("default").decimal(BigDecimal.ZERO, null);
                read = fields.build(() -> new PolicyValue(null, env, fallback));
            } else {
                BigDecimal number = entry.decimal(BigDecimal.ZERO, null);
                read = number == null ? null : PolicyValue.of(number);
            }
            if (read != null) {
                policy.put(name, read);
            }
        });
        return policy;
    }

    private static RetryPolicy retry(Value value) {
        ObjectValue fields = value.object("max_attempts", "initial_backoff_ms", "multiplier", "max_backoff_ms");
        RetryPolicy defaults = RetryPolicy.DEFAULT;
        if (!fields.isPresent()) {
            return defaults;
        }
        Integer attempts = fields.optional("max_attempts").integer(1, 20);
        Integer initialMs = fields.optional("initial_backoff_ms").integer(0, MAX_TIMEOUT_MS);
        BigDecimal multiplier = fields.optional("multiplier").decimal(BigDecimal.ONE, BigDecimal.TEN);
        Integer maxMs = fields.optional("max_backoff_ms").integer(0, MAX_TIMEOUT_MS);
        return fields.build(() -> new RetryPolicy(attempts == null ? defaults.maxAttempts() : attempts,
                initialMs == null ? defaults.initialBackoff() : Duration.ofMillis(initialMs),
                multiplier == null ? defaults.multiplier() : multiplier.doubleValue(),
                maxMs == null ? defaults.maxBackoff() : Duration.ofMillis(maxMs)));
    }

    /** {@code an anthropic provider}, {@code a vertex provider}: a provider of {@code kind} in a message. */
    static String aProvider(ProviderKind kind) {
        return ("aeiou".indexOf(kind.name().charAt(0)) >= 0 ? "an " : "a ") + kind.name() + " provider";
    }

    /** A non-blank string, stripped; null when absent or wrong. */
    private static String stripped(Value value) {
        String text = value.nonBlankString();
        return text == null ? null : text.strip();
    }

    /** The name of an environment variable; null when absent or wrong. */
    private static String envName(Value value) {
        String name = stripped(value);
        if (name != null && !ENV_NAME.matcher(name).matches()) {
            value.problem("must be the name of an environment variable (letters, digits, underscores), found "
                    + JsonTreeReader.describe(name));
            return null;
        }
        return name;
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
     * Builds a configuration in code: what {@code llm.config.json} holds, checked the same way (a role's provider
     * and fallbacks exist, a role names a model variable exactly when its provider's kind takes a model, a provider
     * whose kind requires an API key names its variable). Not thread-safe.
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

        /** How messages name roles and providers; {@link Labels#FILE} unless set. */
        public Builder labels(Labels labels) {
            this.labels = Objects.requireNonNull(labels, "labels");
            return this;
        }

        /** @throws ConfigurationException naming the first role or provider that does not hold together */
        public LlmConfig build() {
            LlmConfig config = new LlmConfig(providers, roles, prices, policy, retry, labels);
            for (ProviderConfig provider : providers.values()) {
                if (!provider.kind().takesEndpoint() && (provider.baseUrl() != null || provider.baseUrlEnv() != null
                        || provider.apiKeyEnv() != null)) {
                    throw new ConfigurationException("provider '" + provider.name() + "': " + aProvider(provider.kind())
                            + " takes no base URL or API key");
                }
                if (provider.baseUrl() != null && provider.baseUrlEnv() != null) {
                    throw new ConfigurationException("provider '" + provider.name()
                            + "': give a base URL or the variable holding it, not both");
                }
                if (provider.kind().requiresApiKey() && provider.apiKeyEnv() == null) {
                    throw new ConfigurationException("provider '" + provider.name() + "' names no variable holding"
                            + " its API key, which " + aProvider(provider.kind()) + " requires");
                }
            }
            for (RoleConfig role : roles.values()) {
                ProviderConfig provider = providers.get(role.provider());
                if (provider == null) {
                    throw new ConfigurationException(config.describeRole(role.name()) + " names no provider: '"
                            + role.provider() + "' is not configured");
                }
                if (provider.kind().takesModel() != (role.modelEnv() != null)) {
                    throw new ConfigurationException(config.describeRole(role.name()) + (provider.kind().takesModel()
                            ? " names no variable holding its model name"
                            : ": " + aProvider(provider.kind()) + " takes no model"));
                }
                if (role.modelEnv() != null && !ENV_NAME.matcher(role.modelEnv()).matches()) {
                    throw new ConfigurationException(config.describeRole(role.name()) + ": the model must be the NAME"
                            + " of an environment variable holding the model name, for example KEEL_LLAMA_MODEL");
                }
                for (String fallback : role.fallback()) {
                    if (!roles.containsKey(fallback) || fallback.equals(role.name())) {
                        throw new ConfigurationException(config.describeRole(role.name()) + " falls back to '"
                                + fallback + "', which is not another role");
                    }
                }
            }
            return config;
        }
    }
}
