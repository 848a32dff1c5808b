package dev.keel.policy;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The policy document as its wire format binds it: one component per member of the JSON Schema
 * ({@code dev/keel/policy/schema/policy-document.schema.json}), which is what validates it ({@link PolicyFormat}).
 * Component names are the camelCase of the wire names ({@code policyId} is {@code policy_id}); optional members are
 * null when absent. So are {@code policyId}, {@code version} and a restriction's {@code id}, required by the schema, in a
 * document built in code that lacks them: validation reports them missing. Immutable once bound (the binding makes
 * its own lists and maps) and thread-safe.
 */
record PolicySpec(
        @Nullable String policyId,
        @Nullable String version,
        @Nullable String description,
        @Nullable List<String> clearanceLevels,
        Map<String, Role> roles,
        @Nullable List<Restriction> restrictions,
        @Nullable List<DomainRuleSpec> domainRules,
        @Nullable SensitivitySpec sensitivity,
        @Nullable String partialInstruction,
        @Nullable OutboundFilterSpec outboundFilter,
        @Nullable PartialPolicySpec partial,
        @Nullable Map<String, ToolSpec> tools) {

    /** One entry of {@code tools}: who may call the tool, what its results carry, where it runs. */
    public record ToolSpec(@Nullable String description, List<String> allowedRoles,
            @Nullable List<String> allowedClearances, List<String> resultDomains, String placement,
            @Nullable List<String> sensitiveArguments) {
    }

    /** {@code partial}: the number-word languages PARTIAL reads, and what it withholds per domain. */
    public record PartialPolicySpec(@Nullable List<String> numberWords, @Nullable Map<String, PartialSpec> domains) {
    }

    /** A role's or a domain's {@code partial}: kinds withheld besides the defaults, default kinds kept. */
    public record PartialSpec(@Nullable List<String> withhold, @Nullable List<String> keep) {
    }

    /** {@code outbound_filter}: how the outbound filter reads answers. */
    public record OutboundFilterSpec(@Nullable Integer maxInputChars) {
    }

    /** {@code sensitivity}: what must never leave the house. */
    public record SensitivitySpec(@Nullable List<String> internalOnlyClearances,
            @Nullable List<String> internalOnlyDomains, @Nullable List<MarkingSpec> markings) {
    }

    /** One entry of {@code sensitivity.markings}. */
    public record MarkingSpec(String id, List<String> phrases, @Nullable Boolean caseSensitive,
                              @Nullable String domain) {
    }

    /** One entry of {@code roles}. */
    public record Role(List<String> allowedClearances, List<String> allowedDomains, String defaultDecision,
            @Nullable List<String> deniedDomains, @Nullable PartialSpec partial) {
    }

    /** One entry of {@code restrictions}: its patterns, or the name of a shipped set in {@code use}. */
    public record Restriction(@Nullable String id, @Nullable String description, @Nullable List<String> patterns,
            @Nullable String use, @Nullable String replacement) {
    }

    /** One entry of {@code domain_rules}. */
    public record DomainRuleSpec(List<String> phrases, List<String> domains, @Nullable Integer maxGap,
            @Nullable Boolean fallback) {
    }
}
