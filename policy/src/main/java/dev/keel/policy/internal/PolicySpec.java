package dev.keel.policy.internal;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.hibernate.validator.constraints.UniqueElements;

/**
 * The policy document as read, before validation, with its constraints declared for Jakarta Validation.
 *
 * <p>Component names are the camelCase of the wire names ({@code policyId} is {@code policy_id});
 * {@link PolicyValidation} turns a violation's property path back into a JSON pointer on that rule. Optional
 * members are null when absent. Immutable (lists and maps are copied by the reader) and thread-safe.
 */
public record PolicySpec(
        @NotBlank(message = Messages.NOT_BLANK) @Size(max = 200, message = Messages.SIZE) String policyId,
        @NotBlank(message = Messages.NOT_BLANK) @Size(max = 100, message = Messages.SIZE) String version,
        @Size(max = 4000, message = Messages.SIZE) String description,
        @UniqueElements(message = Messages.UNIQUE)
        List<@NotNull(message = Messages.REQUIRED)
             @Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> clearanceLevels,
        @NotEmpty(message = "must define at least one role")
        Map<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.ROLE_NAME) String, @NotNull(message = Messages.REQUIRED) @Valid Role> roles,
        List<@NotNull(message = Messages.REQUIRED) @Valid Restriction> restrictions,
        List<@NotNull(message = Messages.REQUIRED) @Valid DomainRuleSpec> domainRules,
        @Valid SensitivitySpec sensitivity,
        @Size(max = 2000, message = Messages.SIZE) @Pattern(regexp = "(?s).*\\S.*", message = Messages.NOT_BLANK)
        String partialInstruction,
        @Valid OutboundFilterSpec outboundFilter) {

    /** {@code outbound_filter}: how the outbound filter reads answers. */
    public record OutboundFilterSpec(
            @Min(value = 1, message = "must be at least 1") Integer maxInputChars) {
    }

    /** {@code sensitivity}: what must never leave the house. */
    public record SensitivitySpec(
            @UniqueElements(message = Messages.UNIQUE)
            List<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> internalOnlyClearances,
            @UniqueElements(message = Messages.UNIQUE)
            List<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> internalOnlyDomains,
            List<@NotNull(message = Messages.REQUIRED) @Valid MarkingSpec> markings) {
    }

    /** One entry of {@code sensitivity.markings}. */
    public record MarkingSpec(
            @NotNull(message = Messages.REQUIRED)
            @Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String id,
            @NotEmpty(message = "must list at least one phrase")
            List<@NotNull(message = Messages.REQUIRED)
                 @Pattern(regexp = "(?s).*[\\p{L}\\p{N}].*", message = "must hold at least one letter or digit")
                 @Size(max = 200, message = Messages.SIZE) String> phrases,
            Boolean caseSensitive) {
    }

    /** One entry of {@code roles}. */
    public record Role(
            @NotEmpty(message = "must list at least one clearance (a role no clearance may use is better removed)")
            @UniqueElements(message = Messages.UNIQUE)
            List<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> allowedClearances,
            @NotNull(message = Messages.REQUIRED)
            @UniqueElements(message = Messages.UNIQUE)
            List<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> allowedDomains,
            @NotNull(message = Messages.REQUIRED)
            @Pattern(regexp = "ALLOW|PARTIAL", message = "must be ALLOW or PARTIAL (to refuse a role everything, leave it"
                    + " out of the policy)")
            String defaultDecision,
            @UniqueElements(message = Messages.UNIQUE)
            List<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> deniedDomains) {
    }

    /**
     * One entry of {@code restrictions}: its patterns, or the name of a shipped set in {@code use} (one of the two,
     * which {@link PolicyValidation} checks).
     */
    public record Restriction(
            @NotNull(message = Messages.REQUIRED)
            @Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String id,
            @Size(max = 2000, message = Messages.SIZE) String description,
            List<@NotBlank(message = Messages.NOT_BLANK) @RegularExpression String> patterns,
            String use,
            @Size(max = 200, message = Messages.SIZE) String replacement) {
    }

    /** One entry of {@code domain_rules}. */
    public record DomainRuleSpec(
            @NotEmpty(message = "must list at least one phrase")
            List<@Pattern(regexp = PhraseMatcher.PHRASE_PATTERN, message = PhraseMatcher.PHRASE_RULE) String> phrases,
            @NotEmpty(message = "must list at least one domain")
            @UniqueElements(message = Messages.UNIQUE)
            List<@Pattern(regexp = Identifiers.NAME_PATTERN, message = Messages.NAME) String> domains,
            @Min(value = 0, message = "must be between 0 and 10") @Max(value = 10, message = "must be between 0 and 10")
            Integer maxGap,
            Boolean fallback) {
    }

    /** Messages shared by the constraints above. */
    static final class Messages {
        static final String NOT_BLANK = "must not be blank";
        static final String REQUIRED = "is required";
        static final String SIZE = "must be at most {max} characters long";
        static final String NAME = Identifiers.NAME_RULE;
        static final String ROLE_NAME = "role name " + Identifiers.NAME_RULE;
        static final String UNIQUE = "must not repeat an entry";

        private Messages() {
        }
    }
}
