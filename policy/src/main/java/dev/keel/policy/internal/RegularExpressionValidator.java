package dev.keel.policy.internal;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Checks {@link RegularExpression}: the message names the syntax problem. Stateless and thread-safe; public
 * because the validation provider instantiates it reflectively.
 */
public final class RegularExpressionValidator implements ConstraintValidator<RegularExpression, String> {

    // An unescaped \b{g}: JDK 17's grapheme boundary can throw StringIndexOutOfBoundsException at the end of a
    // text when it sits in an alternation, which would make the outbound filter fail on some answers.
    private static final Pattern GRAPHEME_BOUNDARY = Pattern.compile("(?<!\\\\)(?:\\\\\\\\)*\\\\b\\{g\\}");

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
        if (value == null) {
            return true;
        }
        try {
            Pattern.compile(value);
            if (GRAPHEME_BOUNDARY.matcher(value).find()) {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate("uses \\\\b\\{g\\}, the grapheme-cluster boundary, which"
                        + " the filter does not support: it can fail on some texts").addConstraintViolation();
                return false;
            }
            return true;
        } catch (PatternSyntaxException e) {
            context.disableDefaultConstraintViolation();
            // Braces, dollars and backslashes would be read as message parameters: escape them.
            String detail = e.getDescription().replaceAll("([{}$\\\\])", "\\\\$1");
            context.buildConstraintViolationWithTemplate("is not a valid regular expression: " + detail
                    + " near index " + e.getIndex()).addConstraintViolation();
            return false;
        }
    }
}
