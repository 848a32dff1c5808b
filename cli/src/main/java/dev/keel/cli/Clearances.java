package dev.keel.cli;

import dev.keel.policy.PolicyDocument;
import java.util.Comparator;
import java.util.List;

/** The clearance a demo gives a role when the command line names none. Stateless and thread-safe. */
final class Clearances {

    private Clearances() {
    }

    /** The role's highest clearance in the policy's order; the lowest level for a role the policy does not know. */
    static String highest(PolicyDocument policy, String role) {
        List<String> levels = policy.clearanceLevels();
        return policy.role(role).flatMap(rules -> rules.allowedClearances().stream()
                .max(Comparator.comparingInt(levels::indexOf))).orElse(levels.get(0));
    }
}
