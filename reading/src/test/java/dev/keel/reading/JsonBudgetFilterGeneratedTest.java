package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonBudgetCases;
import dev.keel.core.json.JsonCodec;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.Redaction;
import dev.keel.policy.RestrictionSet;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The outbound filter and the tool gate on JSON around the {@link JsonBudget} ({@link JsonBudgetCases}): values nested
 * as objects, arrays or both at, just under and just over the budget's depth and far past it, and values around its
 * size, in every kind of JSON part, under every decision. The filter never throws; a part past the budget keeps its
 * placeholder and is reported withheld once, with the budget's code; a part within it reports no such thing; what
 * the filter gives always renders into text the codec reads. A call whose arguments are past the budget is refused
 * with the budget's code, whether the tool is inside the house or out.
 */
class JsonBudgetFilterGeneratedTest {

    private static final PolicyDocument POLICY = PolicyFiles.readPolicyResource(
            JsonBudgetFilterGeneratedTest.class.getClassLoader(), "dev/keel/reading/tools_policy.json");
    private static final ToolGate GATE = ToolGate.create(POLICY, OutboundFilter.create(POLICY));
    private static final Set<String> BUDGET_CODES = Set.of(JsonBudget.TOO_DEEP, JsonBudget.TOO_LARGE);
    private static final Gen<OutboundFilter> FILTERS = Gen.of(OutboundFilter.create(POLICY),
            OutboundFilter.create(List.of(RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow()
                    .restriction("credentials")), 200));

    enum Kind { JSON, TOOL_RESULT, TOOL_CALL }

    @SuppressWarnings("unchecked")
    private static Part part(Kind kind, JsonBudgetCases.Case generated) {
        switch (kind) {
            case JSON:
                return Part.json(generated.value());
            case TOOL_RESULT:
                return Part.ToolResult.of("call-1", "ledger_lookup", generated.value());
            default:
                return Part.ToolCall.of("call-1", "ledger_lookup", (Map<String, Object>) generated.value());
        }
    }

    private static String pointer(Kind kind) {
        return kind == Kind.JSON ? "" : kind == Kind.TOOL_RESULT ? "/result" : "/arguments";
    }

    @Test
    void aPartPastTheBudgetDepthKeepsItsPlaceholderAndIsReportedWithheldOnceUnderEveryDecision() {
        Property.forAll(JsonBudgetCases.nestedObjects(), Gen.of(Kind.values()), Gen.of(Decision.values()), FILTERS)
                .tries(400).check(JsonBudgetFilterGeneratedTest::filtered);
    }

    @Test
    void aPartPastTheBudgetSizeKeepsItsPlaceholderAndIsReportedWithheldOnceUnderEveryDecision() {
        Property.forAll(JsonBudgetCases.sized(), Gen.of(Kind.values()), Gen.of(Decision.values()), FILTERS)
                .tries(8).check(JsonBudgetFilterGeneratedTest::filtered);
    }

    private static void filtered(JsonBudgetCases.Case generated, Kind kind, Decision decision, OutboundFilter filter) {
        String context = generated + " as " + kind + " under " + decision;
        Part part = part(kind, generated);

        FilteredPart filtered = filter.apply(decision, part);

        List<Redaction> budget = filtered.redactions().stream().filter(r -> BUDGET_CODES.contains(r.kind())).toList();
        if (decision == Decision.DENY) {
            assertThat(filtered.withheld()).as(context).isTrue();
            assertThat(filtered.redactions()).as(context).extracting(Redaction::kind)
                    .containsExactly(Redaction.DENIED);
            return;
        }
        if (generated.overBudget().isPresent()) {
            assertThat(filtered.part()).as(context).isEqualTo(part);
            assertThat(budget).as(context).singleElement().satisfies(redaction -> {
                assertThat(redaction.kind()).isEqualTo(generated.overBudget().get());
                assertThat(redaction.pointer()).isEqualTo(pointer(kind));
                assertThat(redaction.removed()).isEmpty();
                assertThat(redaction.replacement()).isEqualTo(JsonCodec.strict().write(generated.held()));
            });
        } else {
            assertThat(budget).as(context).isEmpty();
        }
        String rendered = filtered.part().rendered();
        assertThat(JsonCodec.strict().write(JsonCodec.strict().parse(rendered))).as(context).isEqualTo(rendered);
    }

    @Test
    void aCallWithArgumentsPastTheBudgetIsRefusedWithItsCodeInsideTheHouseAndOut() {
        Principal analyst = Principal.of("analyst", "secret");
        ToolTurn turn = new ToolTurn(analyst, PolicyEvaluator.create(POLICY).evaluate(analyst, List.of()), List.of(),
                false);
        Property.forAll(JsonBudgetCases.nestedObjects(), Gen.of("ledger_lookup", "fx_rates")).tries(300)
                .check((generated, tool) -> {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> arguments = (Map<String, Object>) generated.value();

                    ToolCallVerdict verdict = GATE.check(turn, Part.ToolCall.of("call-1", tool, arguments));

                    String context = generated + " to " + tool;
                    if (generated.overBudget().isPresent()) {
                        assertThat(verdict.decision()).as(context).isEqualTo(Decision.DENY);
                        assertThat(verdict.reasonCodes().values()).as(context).containsExactly(
                                ToolCallVerdict.ARGUMENTS_WITHHELD, generated.overBudget().get());
                        assertThat(verdict.sendable()).as(context).isEmpty();
                    } else {
                        assertThat(verdict.allowed()).as(context).isTrue();
                        assertThat(verdict.sendable().orElseThrow().arguments()).as(context).isEqualTo(arguments);
                    }
                });
    }
}
