package dev.keel.llm.adapters.config;

import dev.keel.core.ConfigurationException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.llm.adapters.ModelPrice;
import dev.keel.llm.adapters.PriceTable;
import dev.keel.llm.adapters.RetryPolicy;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * {@link ConfiguredBackends}. Unknown fields are refused so that a typo cannot silently disable a setting.
 * Every error is a {@link ConfigurationException} whose message starts with the JSON pointer of the field.
 *
 * <p>Immutable, pure (parsing reads neither files nor the environment) and thread-safe.
 */
public final class LlmConfig {

    /** What a role's {@code model} must look like: the name of an environment variable. */
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** How long one call may take unless a provider says otherwise. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    private static final long MAX_TIMEOUT_MS = 3_600_000;

    private final Map<String, ProviderConfig> providers;
    private final Map<String, RoleConfig> roles;
    private final PriceTable prices;
    private final Map<String, PolicyValue> policy;
    private final RetryPolicy retry;

    private LlmConfig(Map<String, ProviderConfig> providers, Map<String, RoleConfig> roles, PriceTable prices,
                      Map<String, PolicyValue> policy, RetryPolicy retry) {
        this.providers = Collections.unmodifiableMap(providers);
        this.roles = Collections.unmodifiableMap(roles);
        this.prices = prices;
        this.policy = Collections.unmodifiableMap(policy);
        this.retry = retry;
    }

    /**
     * Parses the configuration text.
     *
     * @throws ConfigurationException when the text is not a JSON object or the configuration is invalid
     */
    public static LlmConfig parse(String json) {
        Map<String, Object> tree;
        try {
            tree = JsonCodec.strict().parseObject(json);
        } catch (WireFormatException e) {
            throw new ConfigurationException("the LLM configuration is not a valid JSON object: " + e.getMessage(), e);
        }
        return fromTree(tree);
    }

    /**
     * Reads a parsed configuration (a plain tree as the core codec gives).
     *
     * @throws ConfigurationException naming the JSON pointer of the first invalid field
     */
    public static LlmConfig fromTree(Map<String, Object> tree) {
        allowOnly(tree, "", Set.of("$schema", "description", "providers", "models", "pricing", "policy", "retry"));
        Map<String, ProviderConfig> providers = providers(object(tree, "providers", "", true));
        Map<String, Object> models = object(tree, "models", "", true);
        allowOnly(models, "/models", Set.of("roles"));
        Map<String, RoleConfig> roles = roles(object(models, "roles", "/models", true), providers);
        PriceTable prices = prices(object(tree, "pricing", "", false));
        Map<String, PolicyValue> policy = policy(object(tree, "policy", "", false));
        RetryPolicy retry = retry(object(tree, "retry", "", false));
        return new LlmConfig(providers, roles, prices, policy, retry);
    }

    private static Map<String, ProviderConfig> providers(Map<String, Object> entries) {
        if (entries.isEmpty()) {
            throw error("/providers", "must name at least one provider");
        }
        Map<String, ProviderConfig> providers = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : entries.entrySet()) {
            String name = entry.getKey();
            String at = "/providers/" + escape(name);
            Map<String, Object> fields = asObject(entry.getValue(), at);
            allowOnly(fields, at, Set.of("kind", "enabled", "base_url", "base_url_env", "api_key_env", "timeout_ms", "description"));
            String kindName = string(fields, "kind", at, false);
            ProviderKind kind;
            if (kindName == null) {
                kind = ProviderKind.parse(name).orElseThrow(() -> error(at + "/kind",
                        "is required when the provider's name is not one of ollama, openai, anthropic, embedded"));
            } else {
                kind = ProviderKind.parse(kindName).orElseThrow(() -> error(at + "/kind",
                        "must be one of ollama, openai, anthropic, embedded"));
            }
            boolean enabled = bool(fields, "enabled", at, true);
            String baseUrl = string(fields, "base_url", at, false);
            String baseUrlEnv = envName(fields, "base_url_env", at, false);
            String apiKeyEnv = envName(fields, "api_key_env", at, false);
            if (baseUrl != null && baseUrlEnv != null) {
                throw error(at, "give base_url or base_url_env, not both");
            }
            if (kind == ProviderKind.EMBEDDED && (baseUrl != null || baseUrlEnv != null || apiKeyEnv != null)) {
                throw error(at, "an embedded provider takes no base_url, base_url_env or api_key_env");
            }
            if (kind == ProviderKind.ANTHROPIC && apiKeyEnv == null) {
                throw error(at + "/api_key_env", "is required for an anthropic provider");
            }
            Duration timeout = DEFAULT_TIMEOUT;
            if (fields.containsKey("timeout_ms")) {
                timeout = Duration.ofMillis(integer(fields, "timeout_ms", at, 1, MAX_TIMEOUT_MS));
            }
            providers.put(name, new ProviderConfig(name, kind, enabled, baseUrl, baseUrlEnv, apiKeyEnv, timeout));
        }
        return providers;
    }

    private static Map<String, RoleConfig> roles(Map<String, Object> entries, Map<String, ProviderConfig> providers) {
        if (entries.isEmpty()) {
            throw error("/models/roles", "must name at least one role");
        }
        Map<String, RoleConfig> roles = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : entries.entrySet()) {
            String name = entry.getKey();
            String at = "/models/roles/" + escape(name);
            Map<String, Object> fields = asObject(entry.getValue(), at);
            allowOnly(fields, at, Set.of("provider", "model", "fallback", "description"));
            String provider = string(fields, "provider", at, true);
            ProviderConfig providerConfig = providers.get(provider);
            if (providerConfig == null) {
                throw error(at + "/provider", "names no provider: '" + provider + "' is not under /providers");
            }
            String model = string(fields, "model", at, false);
            if (providerConfig.kind() == ProviderKind.EMBEDDED) {
                if (model != null) {
                    throw error(at + "/model", "an embedded provider takes no model");
                }
            } else if (model == null) {
                throw error(at + "/model", "is required: the NAME of the environment variable that holds the model name");
            } else if (!ENV_NAME.matcher(model).matches()) {
                throw error(at + "/model", "must be the NAME of an environment variable holding the model name"
                        + " (letters, digits, underscores), for example KEEL_LLAMA_MODEL");
            }
            roles.put(name, new RoleConfig(name, provider, model, stringList(fields, "fallback", at)));
        }
        for (RoleConfig role : roles.values()) {
            String at = "/models/roles/" + escape(role.name()) + "/fallback";
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < role.fallback().size(); i++) {
                String fallback = role.fallback().get(i);
                if (!roles.containsKey(fallback)) {
                    throw error(at + "/" + i, "names no role: '" + fallback + "' is not under /models/roles");
                }
                if (fallback.equals(role.name()) || seen.contains(fallback)) {
                    throw error(at + "/" + i, "repeats a role already in the chain: '" + fallback + "'");
                }
                seen.add(fallback);
            }
        }
        return roles;
    }

    private static PriceTable prices(Map<String, Object> entries) {
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : entries.entrySet()) {
            String at = "/pricing/" + escape(entry.getKey());
            Map<String, Object> fields = asObject(entry.getValue(), at);
            allowOnly(fields, at, Set.of("input_usd_per_million", "output_usd_per_million"));
            prices.put(entry.getKey(), new ModelPrice(
                    decimal(fields.get("input_usd_per_million"), at + "/input_usd_per_million", true),
                    decimal(fields.get("output_usd_per_million"), at + "/output_usd_per_million", true)));
        }
        return PriceTable.of(prices);
    }

    private static Map<String, PolicyValue> policy(Map<String, Object> entries) {
        Map<String, PolicyValue> policy = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : entries.entrySet()) {
            String at = "/policy/" + escape(entry.getKey());
            Object value = entry.getValue();
            if (value instanceof Map) {
                Map<String, Object> fields = asObject(value, at);
                allowOnly(fields, at, Set.of("env", "default"));
                String env = envName(fields, "env", at, true);
                BigDecimal fallback = fields.containsKey("default") ? decimal(fields.get("default"), at + "/default", true) : null;
                policy.put(entry.getKey(), new PolicyValue(null, env, fallback));
            } else {
                policy.put(entry.getKey(), PolicyValue.of(decimal(value, at, true)));
            }
        }
        return policy;
    }

    private static RetryPolicy retry(Map<String, Object> fields) {
        if (fields.isEmpty()) {
            return RetryPolicy.DEFAULT;
        }
        allowOnly(fields, "/retry", Set.of("max_attempts", "initial_backoff_ms", "multiplier", "max_backoff_ms"));
        RetryPolicy defaults = RetryPolicy.DEFAULT;
        int attempts = fields.containsKey("max_attempts")
                ? (int) integer(fields, "max_attempts", "/retry", 1, 20) : defaults.maxAttempts();
        Duration initial = fields.containsKey("initial_backoff_ms")
                ? Duration.ofMillis(integer(fields, "initial_backoff_ms", "/retry", 0, MAX_TIMEOUT_MS)) : defaults.initialBackoff();
        Duration max = fields.containsKey("max_backoff_ms")
                ? Duration.ofMillis(integer(fields, "max_backoff_ms", "/retry", 0, MAX_TIMEOUT_MS)) : defaults.maxBackoff();
        double multiplier = defaults.multiplier();
        if (fields.containsKey("multiplier")) {
            BigDecimal value = decimal(fields.get("multiplier"), "/retry/multiplier", true);
            if (value.compareTo(BigDecimal.ONE) < 0 || value.compareTo(BigDecimal.TEN) > 0) {
                throw error("/retry/multiplier", "must be a number in 1..10");
            }
            multiplier = value.doubleValue();
        }
        return new RetryPolicy(attempts, initial, multiplier, max);
    }

    // ---- tree reading, every error naming its JSON pointer

    private static Map<String, Object> object(Map<String, Object> parent, String key, String at, boolean required) {
        Object value = parent.get(key);
        if (value == null) {
            if (required) {
                throw error(at + "/" + key, parent.containsKey(key) ? "must be an object, not null" : "is required");
            }
            return Map.of();
        }
        return asObject(value, at + "/" + key);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object value, String at) {
        if (!(value instanceof Map)) {
            throw error(at, "must be an object");
        }
        return (Map<String, Object>) value;
    }

    private static void allowOnly(Map<String, Object> fields, String at, Set<String> allowed) {
        for (String key : fields.keySet()) {
            if (!allowed.contains(key)) {
                throw error(at + "/" + escape(key), "is not a known field (known: " + String.join(", ", new java.util.TreeSet<>(allowed)) + ")");
            }
        }
    }

    private static String string(Map<String, Object> fields, String key, String at, boolean required) {
        Object value = fields.get(key);
        if (value == null) {
            if (required) {
                throw error(at + "/" + key, "is required");
            }
            return null;
        }
        if (!(value instanceof String) || ((String) value).isBlank()) {
            throw error(at + "/" + key, "must be a non-blank string");
        }
        return ((String) value).strip();
    }

    private static String envName(Map<String, Object> fields, String key, String at, boolean required) {
        String name = string(fields, key, at, required);
        if (name != null && !ENV_NAME.matcher(name).matches()) {
            throw error(at + "/" + key, "must be the name of an environment variable (letters, digits, underscores)");
        }
        return name;
    }

    private static boolean bool(Map<String, Object> fields, String key, String at, boolean fallback) {
        Object value = fields.get(key);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Boolean)) {
            throw error(at + "/" + key, "must be true or false");
        }
        return (Boolean) value;
    }

    private static long integer(Map<String, Object> fields, String key, String at, long min, long max) {
        BigDecimal value = decimal(fields.get(key), at + "/" + key, true);
        if (value.stripTrailingZeros().scale() > 0 || value.compareTo(BigDecimal.valueOf(min)) < 0
                || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw error(at + "/" + key, "must be a whole number in " + min + ".." + max);
        }
        return value.longValueExact();
    }

    private static BigDecimal decimal(Object value, String at, boolean nonNegative) {
        if (!(value instanceof BigDecimal)) {
            throw error(at, value == null ? "is required" : "must be a number");
        }
        BigDecimal number = (BigDecimal) value;
        if (nonNegative && number.signum() < 0) {
            throw error(at, "must be >= 0");
        }
        return number;
    }

    private static List<String> stringList(Map<String, Object> fields, String key, String at) {
        Object value = fields.get(key);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List)) {
            throw error(at + "/" + key, "must be an array of role names");
        }
        List<String> result = new ArrayList<>();
        List<?> items = (List<?>) value;
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof String) || ((String) items.get(i)).isBlank()) {
                throw error(at + "/" + key + "/" + i, "must be a non-blank string");
            }
            result.add(((String) items.get(i)).strip());
        }
        return result;
    }

    /** JSON pointer escaping of one reference token (RFC 6901). */
    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static ConfigurationException error(String pointer, String problem) {
        return new ConfigurationException((pointer.isEmpty() ? "/" : pointer) + ": " + problem);
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

    @Override
    public String toString() {
        return "LlmConfig{providers=" + providers.keySet() + ", roles=" + roles.keySet() + "}";
    }
}
