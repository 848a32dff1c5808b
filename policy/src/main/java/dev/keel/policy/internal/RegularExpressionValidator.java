package dev.keel.policy.internal;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Optional;

/**
 * Checks {@link RegularExpression}: the pattern must compile with RE2/J to a program of at most
 * {@value PatternSize#LIMIT} instructions ({@link PatternSize}; checked first, since compiling a huge one is what
 * must not happen). The message says what is wrong: lookaround and back-references by name (the constructs a
 * backtracking engine offers and a linear-time one cannot), a syntax error in the words of {@link java.util.regex}
 * when it finds one too (they give the position), otherwise in RE2's. Stateless and thread-safe; public because the
 * validation provider instantiates it reflectively.
 */
public final class RegularExpressionValidator implements ConstraintValidator<RegularExpression, String> {

    private static final String ENGINE = "restriction patterns run on a linear-time engine (RE2 syntax)";

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
        long size = PatternSize.estimate(regex);
        if (size > PatternSize.LIMIT) {
            return Optional.of("is too large: " + ENGINE + ", and this pattern compiles to up to " + size
                    + " steps, more than " + PatternSize.LIMIT + " (counted repetitions such as {2,40} multiply what"
                    + " they repeat, the more so when nested); use * or + instead of large counts");
        }
        try {
            Pattern.compile(regex);
            return Optional.empty();
        } catch (PatternSyntaxException e) {
            String fragment = e.getPattern();
            if (fragment.startsWith("(?=") || fragment.startsWith("(?!") || fragment.startsWith("(?<=")
                    || fragment.startsWith("(?<!")) {
                return Optional.of("uses lookaround (" + fragment.substring(0, fragment.startsWith("(?<") ? 4 : 3)
                        + "), which is not supported: " + ENGINE + "; match the surrounding text instead");
            }
            if (fragment.matches("\\\\[1-9]") || fragment.equals("\\k")) {
                return Optional.of("uses a back-reference (" + fragment + "), which is not supported: " + ENGINE);
            }
            return Optional.of(javaSyntaxError(regex).orElse("is not supported: " + ENGINE + ", which reports "
                    + e.getDescription() + (fragment.isEmpty() ? "" : " at `" + fragment + "`")));
        }
    }

    // Where both engines refuse a pattern, the JDK's message is the more precise: it gives the position.
    private static Optional<String> javaSyntaxError(String regex) {
        try {
            java.util.regex.Pattern.compile(regex);
            return Optional.empty();
        } catch (java.util.regex.PatternSyntaxException e) {
            return Optional.of("is not a valid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
    }
}
