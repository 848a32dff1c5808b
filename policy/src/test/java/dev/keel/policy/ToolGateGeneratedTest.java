package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties of the tool gate over generated policies, principals, turns and calls, from fixed seeds (printed on
 * failure): a call is allowed exactly when the policy's tools, roles and the turn allow it; an external tool never
 * receives a sensitive argument; a result never raises a decision.
 */
class ToolGateGeneratedTest {

    private static final long SEED = 20250701L;
    private static final int POLICIES = 60;
    private static final int CALLS_PER_POLICY = 40;

    private static final List<String> ROLES = List.of("r0", "r1", "r2", "r3");
    private static final List<String> CLEARANCES = List.of("c0", "c1", "c2");
    private static final List<String> DOMAINS = List.of("d0", "d1", "d2", "d3", "d4");
    private static final List<String> TOOLS = List.of("t0", "t1", "t2", "t3");
    private static final List<String> ARGUMENTS = List.of("a", "b", "c");

    private static <T> List<T> subset(Random random, List<T> of, boolean nonEmpty) {
        List<T> chosen = new ArrayList<>();
        for (T each : of) {
            if (random.nextBoolean()) {
                chosen.add(each);
            }
        }
        if (nonEmpty && chosen.isEmpty()) {
            chosen.add(of.get(random.nextInt(of.size())));
        }
        return chosen;
    }

    private static <T> T pick(Random random, List<T> of) {
        return of.get(random.nextInt(of.size()));
    }

    static PolicyDocument policy(Random random) {
        PolicyDocument.Builder builder = PolicyDocument.builder().policyId("generated").version("1");
        List<String> roles = subset(random, ROLES, true);
        for (String role : roles) {
            List<String> allowed = subset(random, DOMAINS, false);
            List<String> denied = subset(random, DOMAINS, false);
            denied.removeAll(allowed);
            builder.role(role, new RolePolicy(subset(random, CLEARANCES, true), allowed,
                    random.nextBoolean() ? Decision.ALLOW : Decision.PARTIAL, denied));
        }
        for (String tool : TOOLS) {
            if (random.nextInt(4) == 0) {
                continue;
            }
            builder.tool(tool, new ToolPolicy("", subset(random, roles, true),
                    random.nextBoolean() ? List.of() : subset(random, CLEARANCES, true), subset(random, DOMAINS, false),
                    random.nextBoolean() ? ToolPlacement.INTERNAL : ToolPlacement.EXTERNAL,
                    subset(random, ARGUMENTS, false)));
        }
        return builder.sensitivity(new Sensitivity(List.of(), subset(random, DOMAINS, false), List.of())).build();
    }

    /** What the policy says of the call, read from the document by hand, independently of the gate. */
    private static boolean policyAllows(PolicyDocument policy, ToolTurn turn, String toolName) {
        ToolPolicy tool = policy.tools().get(toolName);
        Principal principal = turn.principal();
        if (tool == null || principal == null) {
            return false;
        }
        RolePolicy role = policy.roles().get(principal.canonicalRole());
        return tool.allowedRoles().contains(principal.canonicalRole()) && role != null
                && role.allowedClearances().contains(principal.canonicalClearance())
                && (tool.allowedClearances().isEmpty() || tool.allowedClearances().contains(principal.canonicalClearance()))
                && !(tool.external() && turn.internalOnly())
                && turn.decision().decision() != Decision.DENY;
    }

    // Mostly a role of the policy with a clearance it allows, so that both outcomes are frequent.
    private static Principal principal(Random random, PolicyDocument policy) {
        List<String> roles = new ArrayList<>(policy.roles().keySet());
        String role = random.nextInt(5) == 0 ? pick(random, List.of("stranger", "r0", "r3")) : pick(random, roles);
        RolePolicy rolePolicy = policy.roles().get(role);
        String clearance = rolePolicy == null || random.nextInt(4) == 0 ? pick(random, CLEARANCES)
                : pick(random, rolePolicy.allowedClearances());
        return Principal.of(role, clearance);
    }

    private static Map<String, Object> arguments(Random random) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (String name : ARGUMENTS) {
            if (random.nextBoolean()) {
                arguments.put(name, "secret-" + name + "-" + Long.toHexString(random.nextLong()));
            }
        }
        return arguments;
    }

    @Test
    void aCallIsAllowedExactlyWhenThePolicyAllowsItAndSensitiveArgumentsNeverLeave() {
        Random random = new Random(SEED);
        int allowed = 0;
        int denied = 0;
        for (int p = 0; p < POLICIES; p++) {
            PolicyDocument policy = policy(random);
            ToolGate gate = ToolGate.create(policy);
            PolicyEvaluator evaluator = PolicyEvaluator.create(policy);
            for (int c = 0; c < CALLS_PER_POLICY; c++) {
                Principal principal = random.nextInt(10) == 0 ? null : principal(random, policy);
                List<String> domains = random.nextBoolean() ? List.of() : List.of(pick(random, DOMAINS));
                ToolTurn turn = new ToolTurn(principal, evaluator.evaluate(principal, domains), domains,
                        random.nextBoolean());
                String tool = pick(random, List.of("t0", "t1", "t2", "t3", "unlisted"));
                Map<String, Object> arguments = arguments(random);

                ToolCallVerdict verdict = gate.check(turn, Part.ToolCall.of("id", tool, arguments));

                String why = "seed " + SEED + ", policy " + p + ", call " + c + ": " + policy.toTree() + " " + turn
                        + " " + tool + " -> " + verdict.toAuditWire();
                boolean expected = policyAllows(policy, turn, tool);
                assertThat(verdict.allowed()).as(why).isEqualTo(expected);
                assertThat(verdict.reasonCodes().values()).as(why).isNotEmpty()
                        .allMatch(code -> code.startsWith("tool_"));
                assertThat(verdict.sendable().isPresent()).as(why).isEqualTo(expected);
                if (expected) {
                    allowed++;
                    ToolPolicy toolPolicy = policy.tools().get(tool);
                    String sent = JsonCodec.strict().write(verdict.sendable().orElseThrow().arguments());
                    for (String name : toolPolicy.sensitiveArguments()) {
                        if (toolPolicy.external() && arguments.containsKey(name)) {
                            assertThat(sent).as(why).doesNotContain((String) arguments.get(name));
                        }
                    }
                } else {
                    denied++;
                }
            }
        }
        // The generator reaches both outcomes often enough for the property to say something.
        assertThat(allowed).as("allowed calls, seed " + SEED).isGreaterThan(300);
        assertThat(denied).as("denied calls, seed " + SEED).isGreaterThan(300);
    }

    @Test
    void aResultNeverRaisesADecision() {
        Random random = new Random(SEED + 1);
        int lowered = 0;
        for (int p = 0; p < POLICIES; p++) {
            PolicyDocument policy = policy(random);
            ToolGate gate = ToolGate.create(policy);
            PolicyEvaluator evaluator = PolicyEvaluator.create(policy);
            for (int c = 0; c < CALLS_PER_POLICY; c++) {
                Principal principal = Principal.of(pick(random, ROLES), pick(random, CLEARANCES));
                List<String> domains = subset(random, DOMAINS, false);
                ToolTurn turn = new ToolTurn(principal, evaluator.evaluate(principal, domains), domains,
                        random.nextBoolean());
                String tool = pick(random, List.of("t0", "t1", "t2", "t3", "unlisted"));

                ToolResultVerdict verdict = gate.result(turn, Part.ToolResult.of("id", tool, Map.of("v", 1)));

                String why = "seed " + (SEED + 1) + ", policy " + p + ", call " + c + ": " + policy.toTree() + " "
                        + turn + " " + tool + " -> " + verdict.toWire();
                assertThat(verdict.decision().isAtMostAsPermissiveAs(turn.decision().decision())).as(why).isTrue();
                assertThat(verdict.labels().decision()).as(why).isEqualTo(verdict.decision());
                ToolPolicy toolPolicy = policy.tools().get(tool);
                if (toolPolicy != null) {
                    List<String> union = new ArrayList<>(domains);
                    union.addAll(toolPolicy.resultDomains());
                    assertThat(verdict.decision().isAtMostAsPermissiveAs(
                            evaluator.evaluate(principal, union).decision())).as(why).isTrue();
                    assertThat(verdict.labels().domains()).as(why).containsAll(toolPolicy.resultDomains());
                } else {
                    assertThat(verdict.decision()).as(why).isEqualTo(Decision.DENY);
                }
                if (verdict.decision() != turn.decision().decision()) {
                    lowered++;
                }
            }
        }
        assertThat(lowered).as("lowered results, seed " + (SEED + 1)).isGreaterThan(50);
    }
}
