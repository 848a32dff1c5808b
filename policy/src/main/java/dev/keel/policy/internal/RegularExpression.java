package dev.keel.policy.internal;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The annotated string must compile as a restriction pattern: a regular expression in the syntax of RE2, the
 * linear-time engine the outbound filter runs it on (no lookaround, no back-references). Null is valid (checked
 * elsewhere).
 */
@Documented
@Constraint(validatedBy = RegularExpressionValidator.class)
@Target({ElementType.FIELD, ElementType.TYPE_USE, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface RegularExpression {

    String message() default "is not a valid regular expression";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
