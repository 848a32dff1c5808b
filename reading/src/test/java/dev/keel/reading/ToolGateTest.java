package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.Redaction;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolFixtures;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.policy.ToolResultVerdict;
import dev.keel.policy.ToolTurn;
import dev.keel.policy.loader.PolicyFiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The tool gate on a ledger policy with an internal ledger, an internal payroll report for secret analysts, and an
 * external market-data tool: refusals and their codes, the egress filter on an external tool's arguments, and the
 * decision after a result.
 */
class ToolGateTest {

    private static final PolicyDocument POLICY = PolicyFiles.readPolicyResource(ToolGateTest.class.getClassLoader(),
            "dev/keel/reading/tools_policy.json");
    private static final ToolGate GATE = gate(POLICY);
    private static final PolicyEvaluator EVALUATOR = PolicyEvaluator.create(POLICY);

    /** The gate of {@code policy}'s tools, egress-filtering with the policy's outbound filter. */
    private static ToolGate gate(PolicyDocument policy) {
        return ToolGate.create(policy, OutboundFilter.create(policy));
    }

    private static ToolTurn turn(String role, String clearance, List<String> domains, boolean internalOnly) {
        Principal principal = Principal.of(role, clearance);
        return new ToolTurn(principal, EVALUATOR.evaluate(principal, domains), domains, internalOnly);
    }

    private static Part.ToolCall call(String tool, Map<String, Object> arguments) {
        return Part.ToolCall.of("call-1", tool, arguments);
    }

    @Test
    void aToolThePolicyDoesNotListIsRefused() {
        ToolCallVerdict verdict = GATE.check(turn("analyst", "secret", List.of(), false),
                call("wire_transfer", Map.of("to", "x")));

        assertThat(verdict.decision()).isEqualTo(Decision.DENY);
        assertThat(verdict.reasonCodes().values()).containsExactly("tool_unknown");
        assertThat(verdict.sendable()).isEmpty();
        assertThat(verdict.toWire()).containsEntry("arguments", null).containsEntry("result_domains", List.of());
    }

    @Test
    void toolNamesAreComparedInCanonicalForm() {
        ToolCallVerdict verdict = GATE.check(turn("Analyst", "SECRET", List.of(), false),
                call("Ledger-Lookup", Map.of("account", "AC-7781")));

        assertThat(verdict.allowed()).isTrue();
        assertThat(verdict.reasonCodes().values()).containsExactly("tool_allowed");
        assertThat(verdict.resultDomains()).containsExactly("accounts");
    }

    @Test
    void theHostsPlacementMakesAToolStricterNeverLaxerMatchedInCanonicalForm() {
        ToolGate placed = ToolGate.create(POLICY, OutboundFilter.create(POLICY),
                Map.of("Ledger-Lookup", ToolPlacement.EXTERNAL, "fx_rates", ToolPlacement.INTERNAL));
        ToolTurn internalOnly = turn("analyst", "secret", List.of(), true);

        assertThat(GATE.check(internalOnly, call("ledger_lookup", Map.of())).allowed()).isTrue();
        assertThat(placed.tool("ledger_lookup").orElseThrow().placement()).isEqualTo(ToolPlacement.EXTERNAL);
        assertThat(placed.check(internalOnly, call("ledger_lookup", Map.of())).reasonCodes().values())
                .containsExactly("tool_external_internal_only");
        assertThat(placed.tool("fx_rates").orElseThrow().placement()).isEqualTo(ToolPlacement.EXTERNAL);
        assertThat(placed.check(internalOnly, call("fx_rates", ToolFixtures.fxArguments())).reasonCodes().values())
                .contains("tool_external_internal_only");
        // What the host does not place, and what the policy does not list, stay as the policy says.
        assertThat(placed.tool("payroll_report")).isEqualTo(POLICY.tool("payroll_report"));
        assertThat(placed.tool("wire_transfer")).isEmpty();
        assertThat(placed.policy()).isSameAs(POLICY);
    }

    @Test
    void aRoleTheToolDoesNotListIsRefused() {
        ToolCallVerdict verdict = GATE.check(turn("guest", "public", List.of(), false),
                call("ledger_lookup", Map.of()));

        assertThat(verdict.reasonCodes().values()).containsExactly("tool_role_not_allowed");
        assertThat(verdict.allowed()).isFalse();
    }

    @Test
    void aClearanceTheToolOrTheRoleDoesNotAllowIsRefused() {
        assertThat(GATE.check(turn("analyst", "internal", List.of(), false), call("payroll_report", Map.of()))
                .reasonCodes().values()).containsExactly("tool_clearance_not_allowed");
        assertThat(GATE.check(turn("analyst", "secret", List.of(), false), call("payroll_report", Map.of()))
                .allowed()).isTrue();
        // The ledger lists no clearance of its own: the clerk's role does not allow secret.
        assertThat(GATE.check(turn("clerk", "secret", List.of(), false), call("ledger_lookup", Map.of()))
                .reasonCodes().values()).containsExactly("tool_clearance_not_allowed", "tool_turn_denied");
        // A role the policy does not know fails the role check, and nothing it could claim passes.
        assertThat(GATE.check(turn("auditor", "secret", List.of(), false), call("ledger_lookup", Map.of()))
                .reasonCodes().values()).containsExactly("tool_role_not_allowed", "tool_turn_denied");
    }

    @Test
    void anExternalToolIsRefusedInATurnThatMustStayInside() {
        ToolCallVerdict inside = GATE.check(turn("analyst", "secret", List.of("accounts"), true),
                call("fx_rates", ToolFixtures.fxArguments()));
        ToolCallVerdict outside = GATE.check(turn("analyst", "secret", List.of("accounts"), false),
                call("fx_rates", ToolFixtures.fxArguments()));
        ToolCallVerdict internalTool = GATE.check(turn("analyst", "secret", List.of("accounts"), true),
                call("ledger_lookup", ToolFixtures.fxArguments()));

        assertThat(inside.reasonCodes().values()).containsExactly("tool_external_internal_only");
        assertThat(inside.sendable()).isEmpty();
        assertThat(outside.allowed()).isTrue();
        assertThat(internalTool.allowed()).isTrue();
    }

    @Test
    void noPrincipalAndADeniedTurnCallNoTool() {
        PolicyDecision denied = EVALUATOR.evaluate(null, List.of());
        assertThat(GATE.check(new ToolTurn(null, denied, List.of(), false), call("fx_rates", Map.of()))
                .reasonCodes().values()).containsExactly("tool_principal_missing");

        Principal guest = Principal.of("guest", "secret");
        ToolTurn deniedTurn = new ToolTurn(guest, EVALUATOR.evaluate(guest, List.of()), List.of(), false);
        assertThat(GATE.check(deniedTurn, call("fx_rates", Map.of())).reasonCodes().values())
                .containsExactly("tool_clearance_not_allowed", "tool_turn_denied");
    }

    @Test
    void anExternalToolGetsItsArgumentsEgressFilteredUnderTheTurnsDecisionAndSensitiveOnesWithheldWhole() {
        ToolCallVerdict partial = GATE.check(turn("clerk", "internal", List.of(), false), call("fx_rates",
                ToolFixtures.fxArguments()));

        assertThat(partial.allowed()).isTrue();
        Map<String, Object> sent = partial.sendable().orElseThrow().arguments();
        assertThat(sent).containsEntry("account", "[argument withheld]").containsEntry("currency", "EUR")
                .containsEntry("amount", "[figure withheld]").containsEntry("note", "settles on [date withheld]");
        assertThat(JsonCodec.strict().write(sent)).doesNotContain("Ash", "7781", "4500", "14");
        assertThat(partial.redactions()).extracting(Redaction::kind, Redaction::pointer).contains(
                org.assertj.core.groups.Tuple.tuple("sensitive_argument", "/account"));
        assertThat(partial.redactions()).extracting(Redaction::pointer).contains("/amount", "/note");

        ToolCallVerdict allow = GATE.check(turn("analyst", "secret", List.of(), false), call("fx_rates",
                ToolFixtures.fxArguments()));
        assertThat(allow.sendable().orElseThrow().arguments()).containsEntry("account", "[argument withheld]")
                .containsEntry("note", "settles on 14 March");
        assertThat(((Number) allow.sendable().orElseThrow().arguments().get("amount")).intValue()).isEqualTo(4500);
    }

    @Test
    void anInternalToolGetsItsArgumentsAsGiven() {
        ToolCallVerdict verdict = GATE.check(turn("clerk", "internal", List.of(), false),
                call("ledger_lookup", ToolFixtures.fxArguments()));

        assertThat(verdict.sendable().orElseThrow().arguments()).isEqualTo(
                JsonCodec.strict().toPlain(ToolFixtures.fxArguments()));
        assertThat(verdict.redactions()).isEmpty();
    }

    @Test
    void argumentsLongerThanTheFilterReadsAreNotSentAtAll() {
        Map<String, Object> tree = new LinkedHashMap<>(POLICY.toTree());
        tree.put("outbound_filter", Map.of("max_input_chars", 40));
        ToolGate small = gate(PolicyDocument.fromTree(tree));

        ToolCallVerdict verdict = small.check(turn("analyst", "secret", List.of(), false),
                call("fx_rates", Map.of("query", "rates of the euro against every currency of the region")));

        assertThat(verdict.decision()).isEqualTo(Decision.DENY);
        assertThat(verdict.reasonCodes().values()).containsExactly("tool_arguments_withheld");
        assertThat(verdict.sendable()).isEmpty();
        assertThat(verdict.redactions()).extracting(Redaction::kind).containsExactly(Redaction.OVERSIZED);
    }

    @Test
    void aRefusalListsEveryCheckTheCallFailsTheArgumentCheckIncluded() {
        Map<String, Object> tree = new LinkedHashMap<>(POLICY.toTree());
        tree.put("outbound_filter", Map.of("max_input_chars", 10));
        @SuppressWarnings("unchecked")
        Map<String, Object> tools = new LinkedHashMap<>((Map<String, Object>) tree.get("tools"));
        tools.put("fx_desk", Map.of("allowed_roles", List.of("analyst"), "allowed_clearances", List.of("secret"),
                "result_domains", List.of("markets"), "placement", "external"));
        tree.put("tools", tools);
        ToolGate small = gate(PolicyDocument.fromTree(tree));

        // The case: an external tool, an internal-only turn, arguments longer than the filter reads.
        ToolCallVerdict inside = small.check(turn("analyst", "secret", List.of(), true),
                call("fx_rates", ToolFixtures.fxArguments()));
        assertThat(inside.reasonCodes().values()).containsExactly("tool_external_internal_only",
                "tool_arguments_withheld");
        assertThat(inside.sendable()).isEmpty();
        assertThat(inside.redactions()).extracting(Redaction::kind).contains(Redaction.OVERSIZED);

        // Every check a turn that is not denied can fail, at once: role, clearance, placement, arguments.
        ToolCallVerdict all = small.check(turn("clerk", "internal", List.of(), true),
                call("fx_desk", Map.of("pair", "EURUSD", "note", "settles on Friday")));
        assertThat(all.reasonCodes().values()).containsExactly("tool_role_not_allowed", "tool_clearance_not_allowed",
                "tool_external_internal_only", "tool_arguments_withheld");

        // Nothing is filtered for a denied turn, which sends nothing: its code says so.
        ToolCallVerdict denied = small.check(turn("clerk", "secret", List.of(), true),
                call("fx_desk", Map.of("pair", "EURUSD", "note", "settles on Friday")));
        assertThat(denied.reasonCodes().values()).containsExactly("tool_role_not_allowed",
                "tool_clearance_not_allowed", "tool_external_internal_only", "tool_turn_denied");
        assertThat(denied.redactions()).isEmpty();

        // Arguments the filter reads whole add nothing to a refusal.
        assertThat(small.check(turn("analyst", "secret", List.of(), true), call("fx_rates", Map.of("p", "EU")))
                .reasonCodes().values()).containsExactly("tool_external_internal_only");
    }

    @Test
    void sensitiveArgumentsAreMatchedInCanonicalFormAtEveryDepth() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("Account", "Ash Holdings");
        arguments.put("ACCOUNT", "Birch Ltd");
        arguments.put("account ", "Cedar plc");
        arguments.put("\uFF41\uFF43\uFF43\uFF4F\uFF55\uFF4E\uFF54", "Dune SA");
        arguments.put("query", Map.of("account", "Elm GmbH", "currency", "EUR"));
        arguments.put("rows", List.of(Map.of("account", "Fir AB"), Map.of("side", "buy")));
        arguments.put("currency", "EUR");

        ToolCallVerdict verdict = GATE.check(turn("analyst", "secret", List.of(), false), call("fx_rates", arguments));

        Map<String, Object> sent = verdict.sendable().orElseThrow().arguments();
        assertThat(JsonCodec.strict().write(sent)).doesNotContain("Ash", "Birch", "Cedar", "Dune", "Elm", "Fir")
                .contains("\"currency\":\"EUR\"", "\"side\":\"buy\"");
        assertThat(verdict.redactions()).extracting(Redaction::kind).containsOnly("sensitive_argument");
        assertThat(verdict.redactions()).extracting(Redaction::pointer).containsExactlyInAnyOrder("/Account",
                "/ACCOUNT", "/account ", "/\uFF41\uFF43\uFF43\uFF4F\uFF55\uFF4E\uFF54", "/query/account",
                "/rows/0/account");
        // An internal tool gets them all as given.
        assertThat(GATE.check(turn("analyst", "secret", List.of(), false), call("ledger_lookup", arguments))
                .sendable().orElseThrow().arguments()).isEqualTo(call("ledger_lookup", arguments).arguments());
    }

    @Test
    void aResultIsLabelledWithTheToolsDomainsAndLowersTheDecisionOverThem() {
        ToolTurn analyst = turn("analyst", "secret", List.of("accounts"), false);
        assertThat(analyst.decision().decision()).isEqualTo(Decision.ALLOW);

        ToolResultVerdict ledger = GATE.result(analyst, Part.ToolResult.of("call-1", "ledger_lookup",
                Map.of("balance", 120)));
        assertThat(ledger.decision()).isEqualTo(Decision.ALLOW);
        assertThat(ledger.reasonCodes().values()).containsExactly("role_default_allow");
        assertThat(ledger.labels()).isEqualTo(Labels.of(Set.of("accounts"), false, Decision.ALLOW));

        ToolResultVerdict fx = GATE.result(analyst, Part.ToolResult.of("call-2", "fx_rates", Map.of("eur", 1.08)));
        assertThat(fx.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(fx.reasonCodes().values()).containsExactly("domain_not_allowed", "tool_result_lowered");
        assertThat(fx.labels().domains()).containsExactly("markets");
        assertThat(fx.evaluation().restrictedDomains()).containsExactly("markets");

        ToolResultVerdict payroll = GATE.result(analyst, Part.ToolResult.of("call-3", "payroll_report", "ok"));
        assertThat(payroll.labels().internalOnly()).isTrue();
        assertThat(payroll.labels().mayLeave()).isFalse();
        assertThat(payroll.toWire()).containsEntry("decision", "PARTIAL").containsEntry("internal_only", true)
                .containsEntry("result_domains", List.of("payroll")).containsEntry("call_id", "call-3");
    }

    @Test
    void aResultNeverRaisesTheTurnsDecision() {
        // The clerk's turn is PARTIAL by the role's default; the ledger's domain is allowed, and stays PARTIAL.
        ToolTurn clerk = turn("clerk", "internal", List.of("accounts"), false);
        ToolResultVerdict verdict = GATE.result(clerk, Part.ToolResult.of("c", "ledger_lookup", Map.of()));

        assertThat(verdict.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(verdict.reasonCodes().values()).doesNotContain("tool_result_lowered");
        // A result that arrives already labelled lower keeps its lower decision.
        ToolResultVerdict labelled = GATE.result(turn("analyst", "secret", List.of(), false),
                new Part.ToolResult("c", "ledger_lookup", "x", Labels.of(Set.of("accounts"), false, Decision.DENY)));
        assertThat(labelled.decision()).isEqualTo(Decision.DENY);
    }

    @Test
    void aResultOfACallTheGateRefusesIsDenied() {
        ToolResultVerdict unknown = GATE.result(turn("analyst", "secret", List.of(), false),
                Part.ToolResult.of("c", "wire_transfer", "done"));
        ToolResultVerdict guest = GATE.result(turn("guest", "public", List.of(), false),
                Part.ToolResult.of("c", "payroll_report", "ok"));

        assertThat(unknown.decision()).isEqualTo(Decision.DENY);
        assertThat(unknown.reasonCodes().values()).containsExactly("tool_unknown");
        assertThat(unknown.labels().denied()).isTrue();
        assertThat(guest.decision()).isEqualTo(Decision.DENY);
        assertThat(guest.reasonCodes().values()).containsExactly("tool_role_not_allowed", "tool_clearance_not_allowed");
        assertThat(guest.labels().domains()).containsExactly("payroll");
        assertThat(guest.evaluation()).isNull();
    }

    @Test
    void theVerdictIsRecordable() {
        ToolCallVerdict verdict = GATE.check(turn("clerk", "internal", List.of(), false), call("fx_rates",
                ToolFixtures.fxArguments()));

        Map<String, Object> audit = verdict.toAuditWire();
        assertThat(audit).containsEntry("tool", "fx_rates").containsEntry("call_id", "call-1")
                .containsEntry("placement", "external").containsEntry("decision", "ALLOW")
                .containsEntry("reason_codes", List.of("tool_allowed"));
        assertThat(JsonCodec.strict().parse(JsonCodec.strict().write(verdict.toWire())))
                .isEqualTo(JsonCodec.strict().parse(JsonCodec.strict().write(Map.of("decision", "ALLOW",
                        "reason_codes", List.of("tool_allowed"), "result_domains", List.of("markets"),
                        "arguments", verdict.sendable().orElseThrow().arguments()))));
    }

    @Test
    void theToolsWriteBackAndABuiltPolicyEqualsTheParsedOne() {
        assertThat(PolicyDocument.fromTree(POLICY.toTree())).isEqualTo(POLICY);
        assertThat(POLICY.tool("fx_rates").orElseThrow()).isEqualTo(new ToolPolicy(
                "Exchange rates from a market-data MCP server outside the house.", List.of("analyst", "clerk", "guest"),
                List.of(), List.of("markets"), ToolPlacement.EXTERNAL, List.of("account")));

        PolicyDocument.Builder builder = PolicyDocument.builder().policyId("ledger-tools").version("1")
                .clearanceLevels(POLICY.clearanceLevels()).sensitivity(POLICY.sensitivity());
        POLICY.roles().forEach(builder::role);
        POLICY.tools().forEach(builder::tool);
        PolicyDocument built = builder.build();
        assertThat(built.tools()).isEqualTo(POLICY.tools());
        assertThat(built.toTree().get("tools")).isEqualTo(POLICY.toTree().get("tools"));
    }

    @Test
    void aPolicyNamesEachToolAndEachSensitiveArgumentOnceInCanonicalForm() {
        Map<String, Object> tree = new LinkedHashMap<>(POLICY.toTree());
        Map<String, Object> fx = Map.of("allowed_roles", List.of("analyst"), "result_domains", List.of(),
                "placement", "internal");
        tree.put("tools", Map.of("payroll_summary", fx, "Payroll-Summary", fx));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/tools/Payroll-Summary").hasMessageNotContaining("/tools/payroll_summary");
        PolicyDocument.Builder builder = PolicyDocument.builder().policyId("p").version("1");
        POLICY.roles().forEach(builder::role);
        builder.tool("payroll_summary", POLICY.tool("ledger_lookup").orElseThrow())
                .tool("Payroll-Summary", POLICY.tool("fx_rates").orElseThrow());
        assertThatThrownBy(builder::build).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/tools/Payroll-Summary");

        tree.put("tools", Map.of("fx", Map.of("allowed_roles", List.of("analyst"), "result_domains", List.of(),
                "placement", "external", "sensitive_arguments", List.of("account", "IBAN", " Account", "iban"))));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/tools/fx/sensitive_arguments/2: names the argument of"
                        + " /tools/fx/sensitive_arguments/0 again")
                .hasMessageContaining("/tools/fx/sensitive_arguments/3: names the argument of"
                        + " /tools/fx/sensitive_arguments/1 again");
    }

    @Test
    void aToolEntryIsValidatedWithPointers() {
        Map<String, Object> tree = new LinkedHashMap<>(POLICY.toTree());
        tree.put("tools", Map.of("Bad Name", Map.of("allowed_roles", List.of("analyst"), "result_domains", List.of(),
                "placement", "internal")));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("tool name must be lower-case ASCII letters");

        tree.put("tools", Map.of("fx", Map.of("allowed_roles", List.of("auditor"), "allowed_clearances",
                List.of("top_secret"), "result_domains", List.of(), "placement", "outside")));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/tools/fx/placement: must be internal or external");

        tree.put("tools", Map.of("fx", Map.of("allowed_roles", List.of("auditor"), "allowed_clearances",
                List.of("top_secret"), "result_domains", List.of(), "placement", "external")));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/tools/fx/allowed_clearances/0: is not one of clearance_levels")
                .hasMessageContaining("/tools/fx/allowed_roles/0: is not one of the policy's roles");

        tree.put("tools", Map.of("fx", Map.of("allowed_roles", List.of("analyst"), "placement", "external")));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/tools/fx/result_domains");
    }
}
