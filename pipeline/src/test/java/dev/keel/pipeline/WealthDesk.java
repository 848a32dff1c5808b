package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.DomainRule;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.RolePolicy;
import dev.keel.policy.Sensitivity;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import java.util.List;
import java.util.Locale;

/**
 * A private bank's wealth desk, the fixture of the tests that a tool's result reaches no external model when its
 * content must stay in the house, whichever way the tool runs (the pipeline's own tool rounds, AI Services, Spring
 * AI). Clients see their holdings and the market, never credit risk; advisors and compliance see all three. Credit
 * risk is internal only, and its phrases ("loan-to-value", "margin call", "Lombard credit line") recognise it. The tool
 * {@value #TOOL} declares only {@code portfolio_holdings} as its results' domain, yet returns a Lombard credit line:
 * only reading the result finds the credit risk in it. Routing sends every question to the external model
 * {@value #EXTERNAL}; {@value #INTERNAL} is the house's. Shared by the tests of the modules built on the pipeline.
 */
public final class WealthDesk {

    public static final Principal CLIENT = Principal.of("client", "client");
    public static final Principal ADVISOR = Principal.of("advisor", "staff");
    public static final Principal COMPLIANCE = Principal.of("compliance", "staff");

    public static final String EXTERNAL = "cloud";
    public static final String INTERNAL = "house";

    public static final String TOOL = "get_portfolio";
    public static final String TOOL_DESCRIPTION = "The holdings of the client's portfolio.";

    /** What the tool returns: the holdings, and a credit line the policy keeps in the house. */
    public static final String PORTFOLIO = "Balanced mandate, equities and bonds. Lombard credit line CHF 200,000"
            + " drawn at 82% loan-to-value, margin call at 90%.";

    /** A question about the portfolio, nothing in its words internal only. */
    public static final String QUESTION = "How is my portfolio doing?";

    /** What of {@link #PORTFOLIO} must not reach an external model: its credit-risk words and its numbers. */
    public static final List<String> KEPT_IN_HOUSE = List.of("Lombard", "loan-to-value", "loan to value",
            "margin call", "200,000", "200000", "82%", "90%");

    private WealthDesk() {
    }

    public static PolicyDocument policy() {
        List<String> everything = List.of("portfolio_holdings", "market_commentary", "credit_risk");
        return PolicyDocument.builder().policyId("wealth_desk").version("1")
                .role("client", new RolePolicy(List.of("client"), List.of("portfolio_holdings", "market_commentary"),
                        Decision.ALLOW, List.of("credit_risk")))
                .role("advisor", new RolePolicy(List.of("staff"), everything, Decision.ALLOW))
                .role("compliance", new RolePolicy(List.of("staff"), everything, Decision.ALLOW))
                .domainRule(DomainRule.of(List.of("portfolio*", "holding*", "mandate*"),
                        List.of("portfolio_holdings")))
                .domainRule(DomainRule.of(List.of("market*", "outlook*"), List.of("market_commentary")))
                .domainRule(DomainRule.of(List.of("loan-to-value", "margin call*", "Lombard credit line*",
                        "Lombard loan*"), List.of("credit_risk")))
                .sensitivity(new Sensitivity(List.of(), List.of("credit_risk"), List.of()))
                .tool(TOOL, ToolPolicy.of(List.of("client", "advisor", "compliance"), List.of("portfolio_holdings"),
                        ToolPlacement.INTERNAL))
                .partialInstruction("Stay qualitative: no figures.")
                .build();
    }

    /** Every question to {@value #EXTERNAL}; what must stay in the house to {@value #INTERNAL}. */
    public static RoutingTable routing() {
        return RoutingTable.builder().pool(1, new PoolEntry(EXTERNAL, "balanced_summary", EXTERNAL))
                .internalBackendTarget(INTERNAL).build();
    }

    public static ToolSpec toolSpec() {
        return ToolSpec.of(TOOL, TOOL_DESCRIPTION);
    }

    /** What of {@link #KEPT_IN_HOUSE} {@code sent} holds, in any case. */
    public static List<String> keptInHouseIn(String sent) {
        String lower = sent.toLowerCase(Locale.ROOT);
        return KEPT_IN_HOUSE.stream().filter(mark -> lower.contains(mark.toLowerCase(Locale.ROOT))).toList();
    }
}
