package dev.keel.eval;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonPointers;
import dev.keel.models.BaseUrls;
import dev.keel.models.Environment;
import dev.keel.models.config.LlmConfig;
import dev.keel.models.config.ProviderConfig;
import dev.keel.models.config.RoleConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} op {@code llm_config}: checks an LLM configuration and resolves it against the variables
 * given in the input (never the process environment), so CI can check a deployment's file and variable names.
 *
 * <p>Input {@code {"config": {...}, "env": {"NAME": "value", ...}}} ({@code env} optional). Output
 * {@code {"ready", "missing_env", "roles": {"<role>": {"provider", "kind", "enabled", "model_env", "model",
 * "base_url", "fallback", "priced"}}}}: {@code model} is the value of the role's variable or null, {@code priced}
 * whether the pricing table lists that model (null when unresolved), {@code missing_env} the variables enabled
 * roles need that {@code env} lacks, {@code ready} true when none is missing. Values of API key variables are
 * never written, nor the user information of a base URL ({@code http://[REDACTED]@host:11434}). An invalid
 * configuration is an error whose message names every problem by its JSON pointer under
 * {@code /config}. Pure, stateless and thread-safe.
 */
final class LlmConfigOp implements EvalOp {

    @Override
    public String name() {
        return "llm_config";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        for (String key : input.keySet()) {
            if (!key.equals("config") && !key.equals("env")) {
                throw new InvalidInputException("/" + key + ": is not a known field (known: config, env)");
            }
        }
        if (!(input.get("config") instanceof Map)) {
            throw new InvalidInputException("/config: " + (input.containsKey("config") ? "must be an object" : "is required"));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> tree = (Map<String, Object>) input.get("config");
        LlmConfig config;
        try {
            config = LlmConfig.fromTree(tree, "/config");
        } catch (ConfigurationException e) {
            throw new InvalidInputException("invalid_llm_config", e.getMessage(), e);
        }
        Environment environment = Environment.of(variables(input.get("env")));
        Set<String> missing = new LinkedHashSet<>();
        Map<String, Object> roles = new LinkedHashMap<>();
        for (RoleConfig role : config.roles().values()) {
            ProviderConfig provider = config.providers().get(role.provider());
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("provider", provider.name());
            out.put("kind", provider.kind().name());
            out.put("enabled", provider.enabled());
            out.put("model_env", role.modelEnv());
            String model = role.modelEnv() == null ? null : environment.value(role.modelEnv()).orElse(null);
            out.put("model", model);
            out.put("base_url", BaseUrls.redact(baseUrl(provider, environment)));
            out.put("fallback", role.fallback());
            out.put("priced", model == null ? null : config.prices().priceOf(model).isPresent());
            roles.put(role.name(), out);
            if (provider.enabled()) {
                for (String needed : needed(role, provider)) {
                    if (environment.value(needed).isEmpty()) {
                        missing.add(needed);
                    }
                }
            }
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ready", missing.isEmpty());
        result.put("missing_env", List.copyOf(missing));
        result.put("roles", roles);
        return result;
    }

    private static List<String> needed(RoleConfig role, ProviderConfig provider) {
        List<String> names = new ArrayList<>();
        if (role.modelEnv() != null) {
            names.add(role.modelEnv());
        }
        if (provider.baseUrlEnv() != null) {
            names.add(provider.baseUrlEnv());
        }
        if (provider.apiKeyEnv() != null) {
            names.add(provider.apiKeyEnv());
        }
        return names;
    }

    /** The base URL a backend would be built with, or null when the kind takes none or its variable is unset. */
    private static String baseUrl(ProviderConfig provider, Environment environment) {
        if (!provider.kind().takesEndpoint()) {
            return null;
        }
        if (provider.baseUrl() == null && provider.baseUrlEnv() != null) {
            return environment.value(provider.baseUrlEnv())
                    .map(configured -> provider.kind().baseUrl(configured, environment)).orElse(null);
        }
        return provider.kind().baseUrl(provider.baseUrl(), environment);
    }

    private static Map<String, String> variables(Object env) {
        if (env == null) {
            return Map.of();
        }
        if (!(env instanceof Map)) {
            throw new InvalidInputException("/env: must be an object of variable names to string values");
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) env).entrySet()) {
            if (!(entry.getValue() instanceof String)) {
                throw new InvalidInputException(JsonPointers.child("/env", String.valueOf(entry.getKey()))
                        + ": must be a string");
            }
            variables.put((String) entry.getKey(), (String) entry.getValue());
        }
        return variables;
    }
}
