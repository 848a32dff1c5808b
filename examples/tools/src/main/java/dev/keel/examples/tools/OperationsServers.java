package dev.keel.examples.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The company's two MCP servers, started by the example itself on 127.0.0.1: the house server inside the company
 * ({@value #HOUSE}: {@code list_open_tickets} and {@code payroll_summary}, over the ticket desk and the payroll) and
 * the market-data server outside it ({@value #MARKET}: {@code exchange_rate}). Each tool answers with structured
 * content that says how many rows it read ({@code rows_received}) and how many of them answer the call
 * ({@code rows_matched}), as the discovery probes read them.
 *
 * <p>Thread-safe; {@link #close()} stops both servers.
 */
public final class OperationsServers implements AutoCloseable {

    /** The name of the server inside the company. */
    public static final String HOUSE = "house";
    /** The name of the market-data server outside the company. */
    public static final String MARKET = "market";

    public static final String LIST_OPEN_TICKETS = "list_open_tickets";
    public static final String PAYROLL_SUMMARY = "payroll_summary";
    public static final String EXCHANGE_RATE = "exchange_rate";

    private final McpHttpServer house;
    private final McpHttpServer market;

    private OperationsServers(McpHttpServer house, McpHttpServer market) {
        this.house = house;
        this.market = market;
    }

    /** Starts both servers over {@code records}. */
    public static OperationsServers start(OperationsRecords records) {
        McpHttpServer house = McpHttpServer.start(HOUSE, List.of(
                new McpHttpServer.Tool(LIST_OPEN_TICKETS, "The open tickets of a team, from the ticket desk.",
                        schema(Map.of("team", string("The team: " + String.join(", ", records.teams()) + "."))),
                        arguments -> openTickets(records, arguments)),
                new McpHttpServer.Tool(PAYROLL_SUMMARY, "A team's payroll for a month: head count and gross pay.",
                        schema(Map.of("team", string("The team."), "month", string("The month, as 2026-10."))),
                        arguments -> payroll(records, arguments))));
        try {
            McpHttpServer market = McpHttpServer.start(MARKET, List.of(
                    new McpHttpServer.Tool(EXCHANGE_RATE, "The exchange rate of a currency pair, and an amount "
                            + "converted at it.", schema(Map.of("from", string("ISO currency code, as USD."),
                                    "to", string("ISO currency code, as EUR."),
                                    // No type: an amount the assistant may not send arrives as a placeholder
                                    // ("[figure withheld]"), and the rate is still the answer.
                                    "amount", Map.of("description", "An amount to convert, a number."),
                                    "account", string("The account the amount is booked on."))),
                            arguments -> exchange(records, arguments))));
            return new OperationsServers(house, market);
        } catch (RuntimeException e) {
            house.close();
            throw e;
        }
    }

    /** The server inside the company. */
    public McpHttpServer house() {
        return house;
    }

    /** The market-data server outside the company. */
    public McpHttpServer market() {
        return market;
    }

    @Override
    public void close() {
        try {
            market.close();
        } finally {
            house.close();
        }
    }

    private static Map<String, Object> openTickets(OperationsRecords records, Map<String, Object> arguments) {
        String team = String.valueOf(arguments.getOrDefault("team", ""));
        List<OperationsRecords.Ticket> open = records.openTickets(team);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("team", team);
        result.put("open_tickets", open.stream().map(t -> Map.of("id", t.id(), "title", t.title(),
                "priority", t.priority(), "estimate_usd", t.estimateUsd())).toList());
        result.put("estimate_usd", open.stream().mapToInt(OperationsRecords.Ticket::estimateUsd).sum());
        result.put("rows_received", records.tickets().size());
        result.put("rows_matched", open.size());
        return result;
    }

    private static Map<String, Object> payroll(OperationsRecords records, Map<String, Object> arguments) {
        String team = String.valueOf(arguments.getOrDefault("team", ""));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("team", team);
        result.put("month", records.month());
        records.payrollOf(team).ifPresent(payroll -> {
            result.put("employees", payroll.employees());
            result.put("gross_usd", payroll.grossUsd());
        });
        result.put("rows_received", records.employees());
        result.put("rows_matched", records.payrollOf(team).map(OperationsRecords.TeamPayroll::employees).orElse(0));
        return result;
    }

    private static Map<String, Object> exchange(OperationsRecords records, Map<String, Object> arguments) {
        String from = String.valueOf(arguments.getOrDefault("from", "USD"));
        String to = String.valueOf(arguments.getOrDefault("to", "EUR"));
        double rate = records.rate(from, to);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("pair", from + "/" + to);
        result.put("rate", rate);
        // An amount the assistant was not allowed to send arrives as a placeholder: the rate alone is the answer.
        if (arguments.get("amount") instanceof Number amount) {
            result.put("converted", Math.round(amount.doubleValue() * rate));
        }
        result.put("rows_received", 1);
        result.put("rows_matched", 1);
        return result;
    }

    private static Map<String, Object> schema(Map<String, Object> properties) {
        return Map.of("type", "object", "properties", properties);
    }

    private static Map<String, Object> string(String description) {
        return Map.of("type", "string", "description", description);
    }
}
