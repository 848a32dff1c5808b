package dev.keel.policy;

import dev.keel.core.json.JsonPointers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a valid policy document for what it allows but its author likely did not mean ({@code docs/policy.md},
 * "Policy lint"): phrases that normalise to nothing, one phrase text requesting two sets of domains, markings and
 * the domains they belong to that can match apart, markings tied to no domain whose text a domain rule matches, and
 * kinds in a {@code partial} setting that neither ship nor have a recogniser in the document, and clearances a tool
 * lists that none of its roles allows.
 * A finding is advice, not a violation: the document stays valid. Pure and thread-safe.
 */
public final class PolicyLint {

    private PolicyLint() {
    }

    /** The findings on {@code policy}, sorted by pointer, then code, then message; empty when there are none. */
    public static List<PolicyFinding> findings(PolicyDocument policy) {
        List<PolicyFinding> findings = new ArrayList<>(PhraseLint.findings(policy.phrases(),
                policy.sensitivity().internalOnlyDomains()));
        Set<String> known = new HashSet<>(PartialKinds.BUILT_IN);
        policy.recognisers().forEach(recogniser -> known.add(recogniser.kind()));
        policy.partialKindPointers().forEach((pointer, kind) -> {
            if (!known.contains(kind)) {
                findings.add(new PolicyFinding(PolicyFinding.PARTIAL_KIND_UNKNOWN, pointer, "names the kind " + kind
                        + ", which does not ship (" + String.join(", ", PartialKinds.BUILT_IN) + ") and has no"
                        + " recogniser in the policy"));
            }
        });
        policy.tools().forEach((name, tool) -> {
            for (int i = 0; i < tool.allowedClearances().size(); i++) {
                String clearance = tool.allowedClearances().get(i);
                boolean reachable = tool.allowedRoles().stream().map(policy.roles()::get)
                        .anyMatch(role -> role != null && role.allowedClearances().contains(clearance));
                if (!reachable) {
                    findings.add(new PolicyFinding(PolicyFinding.TOOL_CLEARANCE_UNREACHABLE,
                            JsonPointers.child("/tools", name) + "/allowed_clearances/" + i, "names the clearance "
                            + clearance + ", which none of the tool's roles allows, so it lets nobody call the tool"));
                }
            }
        });
        findings.sort(null);
        return List.copyOf(findings);
    }
}
