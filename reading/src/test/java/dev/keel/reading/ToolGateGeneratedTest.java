package dev.keel.reading;

import static dev.keel.policy.ToolFixtures.pick;
import static dev.keel.policy.ToolFixtures.subset;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.RolePolicy;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolFixtures;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPolicy;
import dev.keel.policy.ToolResultVerdict;
import dev.keel.policy.ToolTurn;
import java.util.ArrayList;
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

    private static final ToolFixtures GEN = ToolFixtures.generator(4, 5, 4, 4);

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

    private static List<String> toolsAndAnUnlistedOne() {
        List<String> tools = new ArrayList<>(GEN.tools());
        tools.add("unlisted");
        return tools;
    }

    @Test
    void aCallIsAllowedExactlyWhenThePolicyAllowsItAndSensitiveArgumentsNeverLeave() {
        Random random = new Random(SEED);
        int allowed = 0;
        int denied = 0;
        for (int p = 0; p < POLICIES; p++) {
            PolicyDocument policy = GEN.policy(random);
            ToolGate gate = ToolGate.create(policy, OutboundFilter.create(policy));
            PolicyEvaluator evaluator = PolicyEvaluator.create(policy);
            for (int c = 0; c < CALLS_PER_POLICY; c++) {
                Principal principal = random.nextInt(10) == 0 ? null : GEN.principal(random, policy);
                List<String> domains = random.nextBoolean() ? List.of() : List.of(pick(random, GEN.domains()));
                ToolTurn turn = new ToolTurn(principal, evaluator.evaluate(principal, domains), domains,
                        random.nextBoolean());
                String tool = pick(random, toolsAndAnUnlistedOne());
                Map<String, Object> arguments = ToolFixtures.arguments(random);

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
                            assertThat(sent).as(why).doesNotContain(JsonCodec.strict().write(arguments.get(name)));
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
            PolicyDocument policy = GEN.policy(random);
            ToolGate gate = ToolGate.create(policy, OutboundFilter.create(policy));
            PolicyEvaluator evaluator = PolicyEvaluator.create(policy);
            for (int c = 0; c < CALLS_PER_POLICY; c++) {
                Principal principal = Principal.of(pick(random, GEN.roles()), pick(random, ToolFixtures.CLEARANCES));
                List<String> domains = subset(random, GEN.domains(), false);
                ToolTurn turn = new ToolTurn(principal, evaluator.evaluate(principal, domains), domains,
                        random.nextBoolean());
                String tool = pick(random, toolsAndAnUnlistedOne());

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
