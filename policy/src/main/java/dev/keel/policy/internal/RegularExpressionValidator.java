package dev.keel.policy.internal;

import dev.keel.core.text.LinearPatterns;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Optional;

/**
 * Checks {@link RegularExpression} with core's {@link LinearPatterns}: the pattern must compile with RE2/J to a
 * program of at most {@value LinearPatterns#MAX_PROGRAM_SIZE} instructions, and the message says what is wrong.
 * Stateless and thread-safe; public because the validation provider instantiates it reflectively.
 */
public final class RegularExpressionValidator implements ConstraintValidator<RegularExpression, String> {

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
        if (value == null) {
            return true;
        }
        Optional<String> problem = problem(value);
        if (problem.isEmpty()) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        // Braces, dollars and backslashes would be read as message parameters: escape them.
        context.buildConstraintViolationWithTemplate(problem.get().replaceAll("([{}$\\\\])", "\\\\$1"))
                .addConstraintViolation();
        return false;
    }

    /** What is wrong with {@code regex} as a restriction pattern, if anything. */
    static Optional<String> problem(String regex) {
        return LinearPatterns.problem(regex, "restriction patterns");
    }
}
