package dev.keel.policy.internal;

import java.util.List;
import java.util.Map;

/**
 * The policy document as its wire format binds it: one component per member of the JSON Schema
 * ({@code dev/keel/policy/schema/policy-document.schema.json}), which is what validates it ({@link PolicyFormat}).
 * Component names are the camelCase of the wire names ({@code policyId} is {@code policy_id}); optional members are
 * null when absent. Immutable once bound (the binding makes its own lists and maps) and thread-safe.
 */
public record PolicySpec(
        String policyId,
        String version,
        String description,
        List<String> clearanceLevels,
        Map<String, Role> roles,
        List<Restriction> restrictions,
        List<DomainRuleSpec> domainRules,
        SensitivitySpec sensitivity,
        String partialInstruction,
        OutboundFilterSpec outboundFilter) {

    /** {@code outbound_filter}: how the outbound filter reads answers. */
    public record OutboundFilterSpec(Integer maxInputChars) {
    }

    /** {@code sensitivity}: what must never leave the house. */
    public record SensitivitySpec(List<String> internalOnlyClearances, List<String> internalOnlyDomains,
            List<MarkingSpec> markings) {
    }

    /** One entry of {@code sensitivity.markings}. */
    public record MarkingSpec(String id, List<String> phrases, Boolean caseSensitive, String domain) {
    }

    /** One entry of {@code roles}. */
    public record Role(List<String> allowedClearances, List<String> allowedDomains, String defaultDecision,
            List<String> deniedDomains) {
    }

    /** One entry of {@code restrictions}: its patterns, or the name of a shipped set in {@code use}. */
    public record Restriction(String id, String description, List<String> patterns, String use, String replacement) {
    }

    /** One entry of {@code domain_rules}. */
    public record DomainRuleSpec(List<String> phrases, List<String> domains, Integer maxGap, Boolean fallback) {
    }
}
