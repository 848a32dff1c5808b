package dev.keel.policy.internal;

import dev.keel.core.json.JsonPointers;
import dev.keel.core.text.LinearPatterns;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.PolicyViolation;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.RestrictionSet;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * Validates a {@link PolicySpec} with Jakarta Validation (Hibernate Validator) and reports each violation
 * with the JSON pointer of the offending value.
 *
 * <p>Messages are interpolated with {@link ParameterMessageInterpolator}, so no Expression Language
 * implementation is needed. The validator is built once, on first use. Thread-safe.
 */
public final class PolicyValidation {

    private PolicyValidation() {
    }

    // Holder idiom: building the factory takes a while, and only documents need it.
    private static final class Holder {
        static final Validator VALIDATOR = buildValidator();

        private static Validator buildValidator() {
            ValidatorFactory factory = Validation.byProvider(HibernateValidator.class).configure()
                    .messageInterpolator(new ParameterMessageInterpolator())
                    .buildValidatorFactory();
            return factory.getValidator();
        }
    }

    /** Every problem in {@code spec}, sorted by pointer; empty when it is valid. */
    public static List<PolicyViolation> validate(PolicySpec spec) {
        List<PolicyViolation> violations = new ArrayList<>();
        for (ConstraintViolation<PolicySpec> violation : Holder.VALIDATOR.validate(spec)) {
            violations.add(new PolicyViolation(pointer(violation.getPropertyPath()), violation.getMessage()));
        }
        if (spec.restrictions() != null) {
            checkRestrictionIdsAreUnique(spec.restrictions(), violations);
            checkReplacementsHoldNoFigure(spec.restrictions(), violations);
            checkPatternsOrSet(spec.restrictions(), violations);
            checkPatternBudget(spec.restrictions(), violations);
        }
        if (spec.roles() != null) {
            checkNoDomainIsAllowedAndDenied(spec.roles(), violations);
            checkClearancesAreOrdered(spec, violations);
        }
        violations.sort(null);
        return violations;
    }

    // A domain a role both allows and denies would make the decision depend on which rule is read first.
    private static void checkNoDomainIsAllowedAndDenied(Map<String, PolicySpec.Role> roles,
            List<PolicyViolation> violations) {
        roles.forEach((name, role) -> {
            if (role == null || role.deniedDomains() == null || role.allowedDomains() == null) {
                return;
            }
            for (int i = 0; i < role.deniedDomains().size(); i++) {
                if (role.allowedDomains().contains(role.deniedDomains().get(i))) {
                    violations.add(new PolicyViolation("/roles/" + JsonPointers.escape(name) + "/denied_domains/" + i,
                            "is also one of the role's allowed_domains"));
                }
            }
        });
    }

    // Once the policy orders its clearances, a clearance outside the order could not be compared with the others.
    private static void checkClearancesAreOrdered(PolicySpec spec, List<PolicyViolation> violations) {
        List<String> levels = spec.clearanceLevels();
        if (levels == null || levels.isEmpty()) {
            return;
        }
        spec.roles().forEach((name, role) -> {
            if (role == null || role.allowedClearances() == null) {
                return;
            }
            for (int i = 0; i < role.allowedClearances().size(); i++) {
                if (!levels.contains(role.allowedClearances().get(i))) {
                    violations.add(new PolicyViolation("/roles/" + JsonPointers.escape(name) + "/allowed_clearances/"
                            + i, "is not one of clearance_levels"));
                }
            }
        });
        List<String> internalOnly = spec.sensitivity() == null ? null : spec.sensitivity().internalOnlyClearances();
        for (int i = 0; internalOnly != null && i < internalOnly.size(); i++) {
            if (!levels.contains(internalOnly.get(i))) {
                violations.add(new PolicyViolation("/sensitivity/internal_only_clearances/" + i,
                        "is not one of clearance_levels"));
            }
        }
    }

    /** Every problem in domain rules given in code, with pointers as if they were a document's {@code domain_rules}. */
    public static List<PolicyViolation> validateDomainRules(List<PolicySpec.DomainRuleSpec> rules) {
        List<PolicyViolation> violations = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            for (ConstraintViolation<PolicySpec.DomainRuleSpec> violation : Holder.VALIDATOR.validate(rules.get(i))) {
                violations.add(new PolicyViolation("/domain_rules/" + i + pointer(violation.getPropertyPath()),
                        violation.getMessage()));
            }
        }
        violations.sort(null);
        return violations;
    }

    /** Every problem in restrictions given in code, with pointers as if they were a document's {@code restrictions}. */
    public static List<PolicyViolation> validateRestrictions(List<QualitativeRestriction> restrictions) {
        List<PolicySpec.Restriction> specs = new ArrayList<>();
        for (QualitativeRestriction r : restrictions) {
            specs.add(new PolicySpec.Restriction(r.id(), r.description(), r.patterns(), null, r.replacement()));
        }
        List<PolicyViolation> violations = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            for (ConstraintViolation<PolicySpec.Restriction> violation : Holder.VALIDATOR.validate(specs.get(i))) {
                violations.add(new PolicyViolation("/restrictions/" + i + pointer(violation.getPropertyPath()),
                        violation.getMessage()));
            }
        }
        checkRestrictionIdsAreUnique(specs, violations);
        checkReplacementsHoldNoFigure(specs, violations);
        checkPatternsOrSet(specs, violations);
        checkPatternBudget(specs, violations);
        violations.sort(null);
        return violations;
    }

    /** The patterns of {@code restriction}: its own, or those of the set it uses (none when that is unknown). */
    public static List<String> patterns(PolicySpec.Restriction restriction) {
        if (restriction.use() != null) {
            return RestrictionSet.named(restriction.use()).map(RestrictionSet::patterns).orElse(List.of());
        }
        return restriction.patterns() == null ? List.of() : restriction.patterns();
    }

    // A restriction lists its patterns or uses a shipped set, not both: which would apply would not be clear.
    private static void checkPatternsOrSet(List<PolicySpec.Restriction> restrictions, List<PolicyViolation> violations) {
        for (int i = 0; i < restrictions.size(); i++) {
            PolicySpec.Restriction restriction = restrictions.get(i);
            if (restriction == null) {
                continue;
            }
            String at = "/restrictions/" + i;
            if (restriction.use() == null) {
                if (restriction.patterns() == null || restriction.patterns().isEmpty()) {
                    violations.add(new PolicyViolation(at + "/patterns", "must list at least one pattern (or the"
                            + " restriction must use a restriction set)"));
                }
            } else if (restriction.patterns() != null) {
                violations.add(new PolicyViolation(at + "/use", "cannot go with patterns: a restriction lists its"
                        + " patterns or uses a restriction set"));
            } else if (RestrictionSet.named(restriction.use()).isEmpty()) {
                violations.add(new PolicyViolation(at + "/use", "must name a restriction set shipped with"
                        + " keel-policy: one of " + String.join(", ", RestrictionSet.names())));
            }
        }
    }

    /**
     * Every pattern runs over every answer, so the filter's time grows with the number of patterns and the sum of
     * their sizes, however small each is: both are bounded for the policy as a whole.
     */
    private static void checkPatternBudget(List<PolicySpec.Restriction> restrictions, List<PolicyViolation> violations) {
        int count = 0;
        long size = 0;
        String pastCount = null;
        String pastSize = null;
        for (int i = 0; i < restrictions.size(); i++) {
            PolicySpec.Restriction restriction = restrictions.get(i);
            if (restriction == null) {
                continue;
            }
            List<String> patterns = patterns(restriction);
            for (int j = 0; j < patterns.size(); j++) {
                String at = "/restrictions/" + i + (restriction.use() != null ? "/use" : "/patterns/" + j);
                count++;
                size += patterns.get(j) == null ? 0 : LinearPatterns.programSizeBound(patterns.get(j));
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
            violations.add(new PolicyViolation("/restrictions", String.format(Locale.ROOT, "hold %,d patterns in all, more than the"
                    + " %,d a policy may have (the limit is passed at %s)%s", count,
                    QualitativeRestriction.MAX_PATTERNS_PER_POLICY, pastCount, why)));
        }
        if (pastSize != null) {
            violations.add(new PolicyViolation("/restrictions", String.format(Locale.ROOT, "compile to up to %,d steps in all, more"
                    + " than the %,d a policy's patterns may have together (the limit is passed at %s)%s", size,
                    QualitativeRestriction.MAX_PROGRAM_SIZE_PER_POLICY, pastSize, why)));
        }
    }

    // Jakarta Validation has no constraint for "a member unique across list entries".
    private static void checkRestrictionIdsAreUnique(List<PolicySpec.Restriction> restrictions,
            List<PolicyViolation> violations) {
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < restrictions.size(); i++) {
            PolicySpec.Restriction restriction = restrictions.get(i);
            if (restriction == null || restriction.id() == null) {
                continue;
            }
            Integer first = firstIndex.putIfAbsent(restriction.id(), i);
            if (first != null) {
                violations.add(new PolicyViolation("/restrictions/" + i + "/id",
                        "repeats the id of /restrictions/" + first));
            }
        }
    }

    // A replacement stands in the answer under PARTIAL too, where no figure may appear, and the filter does not
    // read its own replacements again.
    private static void checkReplacementsHoldNoFigure(List<PolicySpec.Restriction> restrictions,
            List<PolicyViolation> violations) {
        for (int i = 0; i < restrictions.size(); i++) {
            PolicySpec.Restriction restriction = restrictions.get(i);
            if (restriction == null || restriction.replacement() == null) {
                continue;
            }
            NormalizedText replacement = NormalizedText.ofMarkup(restriction.replacement());
            List<String> withheld = new ArrayList<>();
            PartialRedactor.scan(replacement, (kind, start, end) -> withheld.add(restriction.replacement()
                    .substring(replacement.originalStart(start), replacement.originalEnd(end))));
            if (!withheld.isEmpty()) {
                violations.add(new PolicyViolation("/restrictions/" + i + "/replacement", "must not contain a figure"
                        + " or anything else PARTIAL withholds, since it is shown in PARTIAL answers too: found \""
                        + withheld.get(0) + "\""));
            }
        }
    }

    /**
     * The JSON pointer of a property path: property names become their snake_case wire names, list indexes
     * and map keys become pointer segments, container-element nodes add nothing.
     */
    static String pointer(Path path) {
        StringBuilder pointer = new StringBuilder();
        for (Path.Node node : path) {
            if (node.isInIterable()) {
                Object key = node.getKey() != null ? node.getKey() : node.getIndex();
                if (key != null) {
                    pointer.append('/').append(JsonPointers.escape(key.toString()));
                }
            }
            if (node.getKind() == ElementKind.PROPERTY && node.getName() != null) {
                pointer.append('/').append(snakeCase(node.getName()));
            }
        }
        return pointer.toString();
    }

    static String snakeCase(String camelCase) {
        StringBuilder snake = new StringBuilder(camelCase.length() + 4);
        for (int i = 0; i < camelCase.length(); i++) {
            char c = camelCase.charAt(i);
            if (Character.isUpperCase(c)) {
                snake.append('_').append(Character.toLowerCase(c));
            } else {
                snake.append(c);
            }
        }
        return snake.toString();
    }
}
