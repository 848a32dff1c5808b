package dev.keel.pipeline;

import dev.keel.core.InvalidInputException;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link EnforcementStep} found: nothing, or the rules the answer broke and what a model must be told to
 * write it again. Immutable and thread-safe.
 */
public final class Enforcement {

    private static final Enforcement PASS = new Enforcement(List.of(), "");

    private final List<String> violations;
    private final String instruction;

    private Enforcement(List<String> violations, String instruction) {
        this.violations = List.copyOf(violations);
        this.instruction = Objects.requireNonNull(instruction, "instruction");
    }

    /** The answer obeys every rule this step checks. */
    public static Enforcement pass() {
        return PASS;
    }

    /**
     * The answer breaks {@code rules} (at least one, by id).
     *
     * @param instruction what the model must be told when it writes the answer again
     */
    public static Enforcement violation(List<String> rules, String instruction) {
        if (rules.isEmpty()) {
            throw new InvalidInputException("a violation names at least one rule");
        }
        return new Enforcement(rules, instruction);
    }

    public boolean passed() {
        return violations.isEmpty();
    }

    /** The ids of the rules the answer breaks; empty when it passed. */
    public List<String> violations() {
        return violations;
    }

    /** What a model must be told to write the answer again; empty when it passed. */
    public String instruction() {
        return instruction;
    }
}
