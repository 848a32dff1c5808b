package dev.keel.examples.tools;

import dev.keel.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the company's systems hold, as its MCP servers serve it: the ticket desk's tickets, the payroll by team, and the
 * exchange rates the market-data service quotes. {@link #shipped()} is the invented company of the example. Immutable
 * and thread-safe.
 *
 * @param tickets the ticket desk, open and closed
 * @param payroll each team's payroll for {@link #month}
 * @param month   the month the payroll is for ({@code 2026-10})
 * @param rates   the market's rate per currency pair ({@code USD/EUR})
 */
public record OperationsRecords(List<Ticket> tickets, List<TeamPayroll> payroll, String month,
                                Map<String, Double> rates) {

    public OperationsRecords {
        tickets = List.copyOf(tickets);
        payroll = List.copyOf(payroll);
        Objects.requireNonNull(month, "month");
        rates = Map.copyOf(rates);
    }

    /** A ticket of the ticket desk; its estimate is in US dollars. */
    public record Ticket(String id, String team, String title, String priority, boolean open, int estimateUsd) {
    }

    /** A team's payroll for the month: its head count and gross pay in US dollars. */
    public record TeamPayroll(String team, int employees, int grossUsd) {
    }

    /** Northwind's ticket desk, payroll and the market's rates, as the example ships them. */
    public static OperationsRecords shipped() {
        return new OperationsRecords(List.of(
                new Ticket("T-1042", "operations", "Forklift 3 hydraulic repair", "high", true, 1200),
                new Ticket("T-1047", "operations", "Dock door 2 does not close", "high", true, 950),
                new Ticket("T-1051", "operations", "Label printer jams on the packing line", "medium", true, 400),
                new Ticket("T-1055", "operations", "Cold-room temperature sensor drifts", "medium", true, 850),
                new Ticket("T-1038", "operations", "Pallet wrapper replaced", "low", false, 2100),
                new Ticket("T-1044", "facilities", "Car park lighting out", "medium", true, 700),
                new Ticket("T-1049", "facilities", "Canteen dishwasher leaks", "low", true, 300),
                new Ticket("T-1050", "logistics", "Route planner misses the new depot", "high", true, 1500),
                new Ticket("T-1036", "logistics", "Van 7 tail lift serviced", "low", false, 5200)),
                List.of(new TeamPayroll("operations", 12, 184_250), new TeamPayroll("facilities", 8, 101_600),
                        new TeamPayroll("logistics", 10, 162_300)),
                "2026-10",
                Map.of("USD/EUR", 0.92, "USD/GBP", 0.79));
    }

    /** The teams the records know, in the payroll's order. */
    public List<String> teams() {
        return payroll.stream().map(TeamPayroll::team).toList();
    }

    /** The open tickets of {@code team}, in the desk's order. */
    public List<Ticket> openTickets(String team) {
        return tickets.stream().filter(t -> t.open() && t.team().equals(team)).toList();
    }

    /** The payroll of {@code team}; empty when the records know no such team. */
    public Optional<TeamPayroll> payrollOf(String team) {
        return payroll.stream().filter(p -> p.team().equals(team)).findFirst();
    }

    /** The payroll's head count over every team: the rows a payroll summary reads. */
    public int employees() {
        return payroll.stream().mapToInt(TeamPayroll::employees).sum();
    }

    /**
     * The rate from {@code from} to {@code to}.
     *
     * @throws InvalidInputException when the market quotes no such pair
     */
    public double rate(String from, String to) {
        Double rate = rates.get(from + "/" + to);
        if (rate == null) {
            throw new InvalidInputException("no rate is quoted for " + from + "/" + to);
        }
        return rate;
    }
}
