package dev.keel.mcp;

import static dev.keel.mcp.LoopbackMcpServer.structured;
import static dev.keel.mcp.LoopbackMcpServer.text;
import static dev.keel.mcp.LoopbackMcpServer.tool;

import dev.keel.core.Principal;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolTurn;
import dev.keel.policy.loader.PolicyFiles;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The house of the tests: a ledger MCP server inside it (an ordinary tool, a restricted payroll tool of an
 * internal-only domain, a text tool) and a market-data MCP server outside it (rates that echo what they received, a
 * tool the policy wrongly declares internal, a tool that never answers in time and one that fails), both real SDK
 * servers on 127.0.0.1, registered into one tool source with their placements.
 */
final class House implements AutoCloseable {

    static final PolicyDocument POLICY = PolicyFiles.readPolicyResource(House.class.getClassLoader(),
            "dev/keel/mcp/house_policy.json");
    private static final PolicyEvaluator EVALUATOR = PolicyEvaluator.create(POLICY);

    final LoopbackMcpServer ledger;
    final LoopbackMcpServer markets;
    final McpToolSource source;
    private final CountDownLatch release = new CountDownLatch(1);

    House() {
        ledger = LoopbackMcpServer.start("ledger", List.of(
                tool("ledger_lookup", "Balances of one account.", arguments -> structured(Map.of(
                        "account", String.valueOf(arguments.get("account")), "balance", 1200,
                        "rows_received", 3, "rows_matched", 2))),
                tool("payroll_report", "Salaries by team.", arguments -> structured(Map.of(
                        "team", "treasury", "total", 98000, "rows_received", 12, "rows_matched", 12))),
                tool("ledger_notes", "Free-text notes on an account.", arguments -> text("reconciled on Monday"))));
        markets = LoopbackMcpServer.start("markets", List.of(
                tool("fx_rates", "Exchange rates.", arguments -> structured(echo(arguments, 0.92))),
                tool("fx_history", "Past exchange rates.", arguments -> structured(echo(arguments, 0.91))),
                tool("fx_slow", "Rates that take their time.", arguments -> {
                    await();
                    return text("late");
                }),
                tool("fx_broken", "Rates from a feed that is down.", arguments -> {
                    throw new IllegalStateException("feed down: account AC-7781 not found");
                })));
        source = McpServers.builder()
                .server("ledger", ToolPlacement.INTERNAL, transport(ledger))
                .server("markets", ToolPlacement.EXTERNAL, transport(markets))
                .build();
    }

    static HttpClientStreamableHttpTransport transport(LoopbackMcpServer server) {
        return HttpClientStreamableHttpTransport.builder(server.url()).endpoint("/mcp").build();
    }

    private static Map<String, Object> echo(Map<String, Object> arguments, double rate) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("received", arguments);
        result.put("rate", rate);
        result.put("rows_received", 1);
        result.put("rows_matched", 1);
        return result;
    }

    private void await() {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static ToolTurn turn(String role, String clearance, List<String> domains, boolean internalOnly) {
        Principal principal = Principal.of(role, clearance);
        return new ToolTurn(principal, EVALUATOR.evaluate(principal, domains), domains, internalOnly);
    }

    /** A turn of {@code policy} that requests no domain and may leave the house. */
    static ToolTurn turnOf(String role, String clearance, PolicyDocument policy) {
        Principal principal = Principal.of(role, clearance);
        return new ToolTurn(principal, PolicyEvaluator.create(policy).evaluate(principal, List.of()), List.of(),
                false);
    }

    @Override
    public void close() {
        release.countDown();
        source.close();
        ledger.close();
        markets.close();
    }
}
