package dev.keel.policy.internal;

import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import java.util.List;

/**
 * Reads a policy document's plain JSON tree into a {@link PolicySpec} with core's tree reader, checking types and
 * refusing unknown fields; constraints on the values (required members among them) are {@link PolicyValidation}'s
 * job. Pure and thread-safe.
 */
public final class PolicySpecReader {

    static final List<String> DOCUMENT_KEYS = List.of("policy_id", "version", "description", "clearance_levels",
            "roles", "restrictions", "domain_rules", "sensitivity", "partial_instruction", "outbound_filter");
    static final List<String> ROLE_KEYS = List.of("allowed_clearances", "allowed_domains", "default_decision",
            "denied_domains");
    static final List<String> RESTRICTION_KEYS = List.of("id", "description", "patterns", "use", "replacement");
    static final List<String> OUTBOUND_FILTER_KEYS = List.of("max_input_chars");
    static final List<String> DOMAIN_RULE_KEYS = List.of("phrases", "domains", "max_gap", "fallback");
    static final List<String> SENSITIVITY_KEYS = List.of("internal_only_clearances", "internal_only_domains",
            "markings");
    static final List<String> MARKING_KEYS = List.of("id", "phrases", "case_sensitive");

    private PolicySpecReader() {
    }

    /**
     * Reads {@code tree}.
     *
     * @param pointer where the document stands in a larger tree ({@code ""} for a document of its own)
     * @throws PolicyValidationException listing every value of the wrong type and every unknown field
     */
    public static PolicySpec read(Object tree, String pointer) {
        JsonTreeReader reader = JsonTreeReader.of(tree, pointer);
        ObjectValue document = reader.root().object(DOCUMENT_KEYS);
        PolicySpec spec = new PolicySpec(
                document.optional("policy_id").string(),
                document.optional("version").string(),
                document.optional("description").string(),
                document.optional("clearance_levels").strings(),
                document.optional("roles").map(PolicySpecReader::role),
                document.optional("restrictions").list(PolicySpecReader::restriction),
                document.optional("domain_rules").list(PolicySpecReader::domainRule),
                sensitivity(document.optional("sensitivity")),
                document.optional("partial_instruction").string(),
                outboundFilter(document.optional("outbound_filter")));
        reader.throwIfProblems(problems -> new PolicyValidationException(problems.stream()
                .map(problem -> new PolicyViolation(problem.pointer(), problem.message())).toList()));
        return spec;
    }

    private static PolicySpec.Role role(Value value) {
        ObjectValue role = value.object(ROLE_KEYS);
        return role.isPresent() ? new PolicySpec.Role(role.optional("allowed_clearances").strings(),
                role.optional("allowed_domains").strings(), role.optional("default_decision").string(),
                role.optional("denied_domains").strings()) : null;
    }

    private static PolicySpec.Restriction restriction(Value value) {
        ObjectValue restriction = value.object(RESTRICTION_KEYS);
        return restriction.isPresent() ? new PolicySpec.Restriction(restriction.optional("id").string(),
                restriction.optional("description").string(), restriction.optional("patterns").strings(),
                restriction.optional("use").string(), restriction.optional("replacement").string()) : null;
    }

    private static PolicySpec.OutboundFilterSpec outboundFilter(Value value) {
        ObjectValue filter = value.object(OUTBOUND_FILTER_KEYS);
        return filter.isPresent() ? new PolicySpec.OutboundFilterSpec(filter.optional("max_input_chars").integer())
                : null;
    }

    private static PolicySpec.DomainRuleSpec domainRule(Value value) {
        ObjectValue rule = value.object(DOMAIN_RULE_KEYS);
        return rule.isPresent() ? new PolicySpec.DomainRuleSpec(rule.optional("phrases").strings(),
                rule.optional("domains").strings(), rule.optional("max_gap").integer(),
                rule.optional("fallback").bool()) : null;
    }

    private static PolicySpec.SensitivitySpec sensitivity(Value value) {
        ObjectValue sensitivity = value.object(SENSITIVITY_KEYS);
        return sensitivity.isPresent() ? new PolicySpec.SensitivitySpec(
                sensitivity.optional("internal_only_clearances").strings(),
                sensitivity.optional("internal_only_domains").strings(),
                sensitivity.optional("markings").list(PolicySpecReader::marking)) : null;
    }

    private static PolicySpec.MarkingSpec marking(Value value) {
        ObjectValue marking = value.object(MARKING_KEYS);
        return marking.isPresent() ? new PolicySpec.MarkingSpec(marking.optional("id").string(),
                marking.optional("phrases").strings(), marking.optional("case_sensitive").bool()) : null;
    }
}
