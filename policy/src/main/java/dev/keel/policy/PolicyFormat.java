package dev.keel.policy;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.text.LinearPatterns;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The policy document's format: its JSON Schema ({@code dev/keel/policy/schema/policy-document.schema.json}) is the
 * validator, with a keyword of its own ({@code linearPattern}), and a valid document binds to {@link PolicySpec};
 * the rules across members that JSON Schema cannot state are the checks below, run on the bound record. Parts of a
 * document given in code (domain rules, restrictions) are validated by the same schema, with the pointers they would
 * have in a document. That a restriction's replacement holds nothing PARTIAL withholds is checked by the filter
 * that applies it, which reads text for what PARTIAL withholds. Pure and thread-safe.
 */
final class PolicyFormat {

    /** The schema on the class path, also shipped for editors. */
    public static final String SCHEMA = "dev/keel/policy/schema/policy-document.schema.json";

    private static final DocumentFormat<PolicySpec> FORMAT = DocumentFormat.builder(PolicySpec.class, SCHEMA)
            .stringKeyword("linearPattern", PolicyFormat::patternProblem)
            .check(PolicyFormat::crossMemberProblems)
            .build();

    private PolicyFormat() {
    }

    /**
     * Reads a document given as a plain tree.
     *
     * @param pointer where the document stands in a larger tree ({@code ""} for a document of its own)
     * @throws PolicyValidationException listing every problem, each with its pointer
     */
    public static PolicySpec read(@Nullable Object tree, String pointer) {
        return FORMAT.read(tree, pointer, PolicyFormat::failure);
    }

    /**
     * Validates a document built in code as a parsed one would be.
     *
     * @throws PolicyValidationException listing every problem, each with its wire pointer
     */
    public static PolicySpec validated(PolicySpec spec) {
        List<JsonProblem> problems = FORMAT.problems(spec);
        if (!problems.isEmpty()) {
            throw failure(problems);
        }
        return spec;
    }

    /** The document in its wire format, as written (members it does not set left out). */
    public static Map<String, Object> write(PolicySpec spec) {
        return FORMAT.write(spec);
    }

    /** Where the schema and {@link PolicySpec} disagree on members; empty when they agree (a test holds them so). */
    public static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    /** Validates domain rules given in code, with pointers as if they were a document's {@code domain_rules}. */
    public static void validateDomainRules(List<PolicySpec.DomainRuleSpec> rules) {
        List<JsonProblem> problems = FORMAT.problems(rules, "/properties/domain_rules", "/domain_rules");
        if (!problems.isEmpty()) {
            throw failure(problems);
        }
    }

    /**
     * The problems of restrictions given in code, with pointers as if they were a document's {@code restrictions};
     * empty when there are none.
     */
    public static List<PolicyViolation> restrictionViolations(List<QualitativeRestriction> restrictions) {
        List<PolicySpec.Restriction> specs = new ArrayList<>();
        for (QualitativeRestriction r : restrictions) {
            specs.add(new PolicySpec.Restriction(r.id(), r.description(), r.patterns(), null, r.replacement()));
        }
        List<JsonProblem> problems = new ArrayList<>(FORMAT.problems(specs, "/properties/restrictions",
                "/restrictions"));
        if (problems.isEmpty()) {
            restrictionProblems(specs, problems);
        }
        return violations(problems);
    }

    /** The patterns of {@code restriction}: its own, or those of the set it uses (none when that is unknown). */
    public static List<String> patterns(PolicySpec.Restriction restriction) {
        if (restriction.use() != null) {
            return RestrictionSet.named(restriction.use()).map(RestrictionSet::patterns).orElse(List.of());
        }
        return restriction.patterns() == null ? List.of() : restriction.patterns();
    }

    /** What is wrong with {@code regex} as a restriction pattern, if anything. */
    static Optional<String> patternProblem(String regex) {
        return LinearPatterns.problem(regex, "restriction patterns");
    }

    private static PolicyValidationException failure(List<JsonProblem> problems) {
        return new PolicyValidationException(violations(problems));
    }

    private static List<PolicyViolation> violations(List<JsonProblem> problems) {
        return problems.stream()
                // A JsonProblem always has a message (its constructor requires one), though its accessor is marked
                // @Nullable.
                .map(problem -> new PolicyViolation(problem.pointer(), Objects.requireNonNull(problem.message())))
                .toList();
    }

    private static List<JsonProblem> crossMemberProblems(PolicySpec spec) {
        List<JsonProblem> problems = new ArrayList<>();
        if (spec.restrictions() != null) {
            restrictionProblems(spec.restrictions(), problems);
        }
        spec.roles().forEach((name, role) -> {
            String at = JsonPointers.child("/roles", name);
            List<String> denied = role.deniedDomains() == null ? List.of() : role.deniedDomains();
            // A domain a role both allows and denies would make the decision depend on which rule is read first.
            for (int i = 0; i < denied.size(); i++) {
                if (role.allowedDomains().contains(denied.get(i))) {
                    problems.add(new JsonProblem(at + "/denied_domains/" + i,
                            "is also one of the role's allowed_domains"));
                }
            }
            unordered(spec, role.allowedClearances(), at + "/allowed_clearances", problems);
            partialProblems(role.partial(), at + "/partial", problems);
        });
        if (spec.partial() != null && spec.partial().domains() != null) {
            spec.partial().domains().forEach((domain, setting) ->
                    partialProblems(setting, JsonPointers.child("/partial/domains", domain), problems));
        }
        if (spec.sensitivity() != null) {
            unordered(spec, spec.sensitivity().internalOnlyClearances(), "/sensitivity/internal_only_clearances",
                    problems);
        }
        if (spec.tools() != null) {
            spec.tools().forEach((name, tool) -> {
                String at = JsonPointers.child("/tools", name);
                // A role the policy does not define could never call the tool: a typo that silently locks it.
                for (int i = 0; i < tool.allowedRoles().size(); i++) {
                    if (!spec.roles().containsKey(tool.allowedRoles().get(i))) {
                        problems.add(new JsonProblem(at + "/allowed_roles/" + i, "is not one of the policy's roles"));
                    }
                }
                unordered(spec, tool.allowedClearances(), at + "/allowed_clearances", problems);
                sameArguments(tool.sensitiveArguments(), at + "/sensitive_arguments", problems);
            });
        }
        return problems;
    }

    // A kind both withheld and kept would make the setting depend on which list is read first.
    private static void partialProblems(PolicySpec.@Nullable PartialSpec setting, String at,
            List<JsonProblem> problems) {
        if (setting == null || setting.keep() == null || setting.withhold() == null) {
            return;
        }
        for (int i = 0; i < setting.keep().size(); i++) {
            if (setting.withhold().contains(setting.keep().get(i))) {
                problems.add(new JsonProblem(at + "/keep/" + i, "is also in withhold: a kind is withheld or kept"));
            }
        }
    }

    // The gate compares argument names in canonical form, so two spellings of one name are one argument listed twice.
    private static void sameArguments(@Nullable List<String> names, String at, List<JsonProblem> problems) {
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; names != null && i < names.size(); i++) {
            Integer first = firstIndex.putIfAbsent(Names.canonical(names.get(i)), i);
            if (first != null) {
                problems.add(new JsonProblem(at + "/" + i, "names the argument of " + at + "/" + first
                        + " again: argument names are compared in canonical form (case, width, spaces, hyphens and"
                        + " underscores do not matter)"));
            }
        }
    }

    // Once the policy orders its clearances, a clearance outside the order could not be compared with the others.
    private static void unordered(PolicySpec spec, @Nullable List<String> clearances, String at,
            List<JsonProblem> problems) {
        List<String> levels = spec.clearanceLevels();
        for (int i = 0; levels != null && !levels.isEmpty() && clearances != null && i < clearances.size(); i++) {
            if (!levels.contains(clearances.get(i))) {
                problems.add(new JsonProblem(at + "/" + i, "is not one of clearance_levels"));
            }
        }
    }

    private static void restrictionProblems(List<PolicySpec.Restriction> restrictions, List<JsonProblem> problems) {
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < restrictions.size(); i++) {
            Integer first = firstIndex.putIfAbsent(restrictions.get(i).id(), i);
            if (first != null) {
                problems.add(new JsonProblem("/restrictions/" + i + "/id", "repeats the id of /restrictions/" + first));
            }
        }
        patternBudget(restrictions, problems);
    }

    /**
     * Every pattern runs over every answer, so the filter's time grows with the number of patterns and the sum of
     * their sizes, however small each is: both are bounded for the policy as a whole.
     */
    private static void patternBudget(List<PolicySpec.Restriction> restrictions, List<JsonProblem> problems) {
        int count = 0;
        long size = 0;
        String pastCount = null;
        String pastSize = null;
        for (int i = 0; i < restrictions.size(); i++) {
            PolicySpec.Restriction restriction = restrictions.get(i);
            List<String> patterns = patterns(restriction);
            for (int j = 0; j < patterns.size(); j++) {
                String at = "/restrictions/" + i + (restriction.use() != null ? "/use" : "/patterns/" + j);
                count++;
                size += LinearPatterns.programSizeBound(patterns.get(j));
                if (count > QualitativeRestriction.MAX_PATTERNS_PER_POLICY && pastCount == null) {
                    pastCount = at;
                }
                if (size > QualitativeRestriction.MAX_PROGRAM_SIZE_PER_POLICY && pastSize == null) {
                    pastSize = at;
                }
            }
        }
        String why = ": every pattern runs over every answer, so the filter's time grows with their number and size;"
                + " merge patterns, or drop those another already covers";
        if (pastCount != null) {
            problems.add(new JsonProblem("/restrictions", String.format(Locale.ROOT, "hold %,d patterns in all, more"
                    + " than the %,d a policy may have (the limit is passed at %s)%s", count,
                    QualitativeRestriction.MAX_PATTERNS_PER_POLICY, pastCount, why)));
        }
        if (pastSize != null) {
            problems.add(new JsonProblem("/restrictions", String.format(Locale.ROOT, "compile to up to %,d steps in"
                    + " all, more than the %,d a policy's patterns may have together (the limit is passed at %s)%s",
                    size, QualitativeRestriction.MAX_PROGRAM_SIZE_PER_POLICY, pastSize, why)));
        }
    }
}
