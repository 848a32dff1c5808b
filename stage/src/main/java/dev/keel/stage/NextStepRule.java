package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The {@code nextStep} logic of a stage: the stage ids the output may name, and branches that decide which one
 * it must name. The first branch whose condition holds decides; when none holds, {@link #otherwise()} (if set)
 * decides; otherwise any allowed value is accepted.
 *
 * <p>Immutable and thread-safe.
 *
 * @param allowed   the values {@code nextStep} may take, in order (for a system stage: the one stage after it)
 * @param branches  the conditional choices, tried in order
 * @param otherwise the choice when no branch holds, or null to accept any allowed value
 */
public record NextStepRule(List<String> allowed, List<Branch> branches, @Nullable String otherwise) {

    /** "When {@code condition} holds, {@code nextStep} must be {@code then}." */
    public record Branch(Condition condition, String then) {
        public Branch {
            Objects.requireNonNull(condition, "condition");
            Objects.requireNonNull(then, "then");
        }
    }

    public NextStepRule {
        allowed = List.copyOf(allowed);
        branches = List.copyOf(branches);
        if (new HashSet<>(allowed).size() != allowed.size()) {
            throw new InvalidContractException("next_step lists an allowed stage twice: " + allowed);
        }
        for (Branch branch : branches) {
            if (!allowed.contains(branch.then())) {
                throw new InvalidContractException("next_step branch chooses '" + branch.then()
                        + "', which is not among the allowed " + allowed);
            }
        }
        if (otherwise != null && !allowed.contains(otherwise)) {
            throw new InvalidContractException("next_step otherwise '" + otherwise + "' is not among the allowed " + allowed);
        }
    }

    /** {@code nextStep} may be any of {@code allowed}. */
    public static NextStepRule anyOf(String... allowed) {
        return new NextStepRule(List.of(allowed), List.of(), null);
    }

    /** No next step: for the terminal stage. */
    public static NextStepRule none() {
        return new NextStepRule(List.of(), List.of(), null);
    }

    /** This rule with one more branch, tried after the existing ones. */
    public NextStepRule withBranch(Condition condition, String then) {
        List<Branch> more = new java.util.ArrayList<>(branches);
        more.add(new Branch(condition, then));
        return new NextStepRule(allowed, more, otherwise);
    }

    /** This rule with the choice when no branch holds. */
    public NextStepRule withOtherwise(String stageId) {
        return new NextStepRule(allowed, branches, stageId);
    }
}
