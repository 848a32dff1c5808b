package dev.keel.models.config;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.models.config.ProviderKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The format of {@code llm.config.json}: its JSON Schema ({@code dev/keel/models/schema/llm-config.schema.json})
 * is the validator, and a valid document binds to {@link LlmConfigSpec}; the cross references JSON Schema cannot
 * state (a role's provider and fallbacks exist) are a check on the bound record. What a provider's kind takes is
 * checked by {@link #kindProblems}, once the kinds are known: they are registered by the host, so they are not part
 * of the format itself. Pure and thread-safe.
 */
final class LlmConfigFormat {

    /** The schema on the class path, also shipped for editors. */
    public static final String SCHEMA = "dev/keel/models/schema/llm-config.schema.json";

    private static final DocumentFormat<LlmConfigSpec> FORMAT = DocumentFormat.builder(LlmConfigSpec.class, SCHEMA)
            .check(LlmConfigFormat::crossReferences)
            .build();

    private LlmConfigFormat() {
    }

    /**
     * Reads a configuration given as a plain tree: validated by the schema, bound, its cross references checked.
     *
     * @param pointer where the configuration stands in a larger tree ({@code ""} for a file)
     * @throws X made by {@code failure} of every problem, each with its pointer
     */
    public static <X extends RuntimeException> LlmConfigSpec read(Object tree, String pointer,
            Function<List<JsonProblem>, X> failure) {
        return FORMAT.read(tree, pointer, failure);
    }

    /** Every problem of a configuration built in code, as if it were read from its file; empty when it is valid. */
    public static List<JsonProblem> problems(LlmConfigSpec spec) {
        return FORMAT.problems(spec);
    }

    /** The configuration in its wire format, members it does not set left out. */
    public static Map<String, Object> write(LlmConfigSpec spec) {
        return FORMAT.write(spec);
    }

    /** Where the schema and {@link LlmConfigSpec} disagree on members; empty when they agree (a test holds them so). */
    public static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    /**
     * What the providers' kinds refuse in a configuration the format accepts, sorted by pointer: a kind that is not
     * known, an endpoint or API key given to a kind that takes none, an API key a kind requires, a model given to a
     * kind that runs none or missing for one that runs one.
     *
     * @param kinds   the kind of each provider, by the provider's name; a provider whose kind is not known is absent
     * @param known   the names of the known kinds, for the message
     * @param pointer where the configuration stands in a larger tree ({@code ""} for a file)
     */
    public static List<JsonProblem> kindProblems(LlmConfigSpec spec, Map<String, ProviderKind> kinds,
            List<String> known, String pointer) {
        List<JsonProblem> problems = new ArrayList<>();
        spec.providers().forEach((name, provider) -> {
            String at = JsonPointers.child(pointer + "/providers", name);
            ProviderKind kind = kinds.get(name);
            if (kind == null) {
                problems.add(new JsonProblem(at + "/kind", provider.kind() != null
                        ? "must be one of " + String.join(", ", known) + ", found "
                                + JsonTreeReader.describe(provider.kind())
                        : "required when the provider's name is not one of " + String.join(", ", known)));
                return;
            }
            if (!kind.takesEndpoint() && (provider.baseUrl() != null || provider.baseUrlEnv() != null
                    || provider.apiKeyEnv() != null)) {
                problems.add(new JsonProblem(at, aProvider(kind) + " takes no base URL or API key"));
            }
            if (kind.requiresApiKey() && provider.apiKeyEnv() == null) {
                problems.add(new JsonProblem(at + "/api_key_env", "required for " + aProvider(kind)));
            }
        });
        spec.models().roles().forEach((name, role) -> {
            ProviderKind kind = kinds.get(role.provider());
            if (kind == null) {
                return;
            }
            String at = JsonPointers.child(pointer + "/models/roles", name) + "/model";
            if (!kind.takesModel() && role.model() != null) {
                problems.add(new JsonProblem(at, aProvider(kind) + " takes no model"));
            } else if (kind.takesModel() && role.model() == null) {
                problems.add(new JsonProblem(at, "required: the NAME of the environment variable that holds the model"
                        + " name"));
            }
        });
        problems.sort(Comparator.comparing(JsonProblem::pointer));
        return List.copyOf(problems);
    }

    /** {@code an anthropic provider}, {@code a vertex provider}: a provider of {@code kind} in a message. */
    private static String aProvider(ProviderKind kind) {
        return ("aeiou".indexOf(kind.name().charAt(0)) >= 0 ? "an " : "a ") + kind.name() + " provider";
    }

    // A role's provider and fallbacks are names of other entries of the same configuration.
    private static List<JsonProblem> crossReferences(LlmConfigSpec spec) {
        List<JsonProblem> problems = new ArrayList<>();
        Map<String, LlmConfigSpec.RoleSpec> roles = spec.models().roles();
        roles.forEach((name, role) -> {
            String at = JsonPointers.child("/models/roles", name);
            if (!spec.providers().containsKey(role.provider())) {
                problems.add(new JsonProblem(at + "/provider", "names no provider: "
                        + JsonTreeReader.describe(role.provider()) + " is not under /providers"));
            }
            List<String> fallback = role.fallback() == null ? List.of() : role.fallback();
            for (int i = 0; i < fallback.size(); i++) {
                String other = fallback.get(i);
                if (!roles.containsKey(other)) {
                    problems.add(new JsonProblem(at + "/fallback/" + i, "names no role: "
                            + JsonTreeReader.describe(other) + " is not under /models/roles"));
                } else if (other.equals(name) || fallback.subList(0, i).contains(other)) {
                    problems.add(new JsonProblem(at + "/fallback/" + i, "repeats a role already in the chain: "
                            + JsonTreeReader.describe(other)));
                }
            }
        });
        return problems;
    }
}
