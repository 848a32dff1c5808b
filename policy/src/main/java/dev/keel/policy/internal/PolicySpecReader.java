package dev.keel.policy.internal;

import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a policy document's plain JSON tree into a {@link PolicySpec}, checking types and refusing unknown
 * fields; constraints on the values are {@link PolicyValidation}'s job. Pure and thread-safe.
 */
public final class PolicySpecReader {

    static final Set<String> DOCUMENT_KEYS = Set.of("policy_id", "version", "description", "roles", "restrictions",
            "domain_rules");
    static final Set<String> ROLE_KEYS = Set.of("allowed_clearances", "allowed_domains", "default_decision");
    static final Set<String> RESTRICTION_KEYS = Set.of("id", "description", "patterns", "replacement");
    static final Set<String> DOMAIN_RULE_KEYS = Set.of("phrases", "domains", "max_gap", "fallback");

    private PolicySpecReader() {
    }

    /**
     * Reads {@code tree}.
     *
     * @throws PolicyValidationException listing every value of the wrong type and every unknown field
     */
    public static PolicySpec read(Object tree) {
        TreeReader reader = new TreeReader();
        PolicySpec spec = readDocument(reader, tree);
        if (!reader.violations().isEmpty()) {
            throw new PolicyValidationException(reader.violations());
        }
        return spec;
    }

    private static PolicySpec readDocument(TreeReader reader, Object tree) {
        if (!(tree instanceof Map)) {
            throw new PolicyValidationException(List.of(new PolicyViolation("",
                    "a policy document must be a JSON object, found " + TreeReader.describe(tree))));
        }
        Map<String, Object> document = reader.object(tree, "", DOCUMENT_KEYS);
        return new PolicySpec(
                reader.string(document, "policy_id", ""),
                reader.string(document, "version", ""),
                reader.string(document, "description", ""),
                readRoles(reader, reader.map(document, "roles", "")),
                readList(reader.array(document, "restrictions", ""), "/restrictions",
                        (item, pointer) -> readRestriction(reader, item, pointer)),
                readList(reader.array(document, "domain_rules", ""), "/domain_rules",
                        (item, pointer) -> readDomainRule(reader, item, pointer)));
    }

    private static Map<String, PolicySpec.Role> readRoles(TreeReader reader, Map<String, Object> roles) {
        if (roles == null) {
            return null;
        }
        Map<String, PolicySpec.Role> specs = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : roles.entrySet()) {
            String pointer = JsonPointers.child("/roles", entry.getKey());
            Map<String, Object> role = reader.object(entry.getValue(), pointer, ROLE_KEYS);
            specs.put(entry.getKey(), role == null ? null : new PolicySpec.Role(
                    reader.strings(role, "allowed_clearances", pointer),
                    reader.strings(role, "allowed_domains", pointer),
                    reader.string(role, "default_decision", pointer)));
        }
        return Collections.unmodifiableMap(specs);
    }

    private static PolicySpec.Restriction readRestriction(TreeReader reader, Object item, String pointer) {
        Map<String, Object> restriction = reader.object(item, pointer, RESTRICTION_KEYS);
        if (restriction == null) {
            return null;
        }
        return new PolicySpec.Restriction(
                reader.string(restriction, "id", pointer),
                reader.string(restriction, "description", pointer),
                reader.strings(restriction, "patterns", pointer),
                reader.string(restriction, "replacement", pointer));
    }

    private static PolicySpec.DomainRuleSpec readDomainRule(TreeReader reader, Object item, String pointer) {
        Map<String, Object> rule = reader.object(item, pointer, DOMAIN_RULE_KEYS);
        if (rule == null) {
            return null;
        }
        return new PolicySpec.DomainRuleSpec(
                reader.strings(rule, "phrases", pointer),
                reader.strings(rule, "domains", pointer),
                reader.integer(rule, "max_gap", pointer),
                reader.bool(rule, "fallback", pointer));
    }

    private interface ItemReader<T> {
        T read(Object item, String pointer);
    }

    private static <T> List<T> readList(List<Object> items, String pointer, ItemReader<T> itemReader) {
        if (items == null) {
            return null;
        }
        List<T> specs = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            specs.add(itemReader.read(items.get(i), JsonPointers.child(pointer, i)));
        }
        return Collections.unmodifiableList(specs);
    }
}
