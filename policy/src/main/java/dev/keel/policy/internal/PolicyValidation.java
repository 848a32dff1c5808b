package dev.keel.policy.internal;

import dev.keel.core.json.JsonPointers;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.PolicyViolation;
import dev.keel.policy.QualitativeRestriction;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
        }
        violations.sort(null);
        return violations;
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
            specs.add(new PolicySpec.Restriction(r.id(), r.description(), r.patterns(), r.replacement()));
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
        violations.sort(null);
        return violations;
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
