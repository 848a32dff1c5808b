package dev.keel.policy;

import dev.keel.core.InvalidPolicyException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A policy document (or a part of one built in code) that is not valid. Carries every problem found, each
 * naming the JSON pointer of the offending value; the message lists them all, sorted by pointer.
 *
 * <p>Its {@link #code()} is {@code invalid_policy}, as for every {@link InvalidPolicyException}.
 */
public final class PolicyValidationException extends InvalidPolicyException {

    private static final long serialVersionUID = 1L;

    private final transient List<PolicyViolation> violations;

    public PolicyValidationException(List<PolicyViolation> violations) {
        super(describe(violations));
        this.violations = List.copyOf(violations.stream().sorted().collect(Collectors.toList()));
    }

    /** The problems, sorted by pointer. */
    public List<PolicyViolation> violations() {
        return violations;
    }

    private static String describe(List<PolicyViolation> violations) {
        return violations.stream().sorted().map(PolicyViolation::toString)
                .collect(Collectors.joining("; ", "invalid policy document: ", ""));
    }
}
