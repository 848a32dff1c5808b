package dev.keel.committee;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.core.ScriptedBackend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The models' replies of the committee's tests, written as the contracts say, and a committee on scripted backends. */
final class Scripts {

    static final JsonCodec CODEC = JsonCodec.strict();
    static final List<String> AGENTS = List.of("solver", "critic", "verifier");
    static final java.time.Clock CLOCK = java.time.Clock.fixed(java.time.Instant.parse("2026-01-16T09:00:00Z"),
            java.time.ZoneOffset.UTC);

    private Scripts() {
    }

    static CommitteeConfig config() {
        return CommitteeConfig.of(Set.of("master", "solver", "critic", "verifier"), new BigDecimal("0.10"),
                new BigDecimal("0.50"), new ScoringPolicy(new BigDecimal("0.40"), new BigDecimal("0.60"),
                        new BigDecimal("0.70"), Map.of()));
    }

    static String plan(List<String> agents, int rounds) {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("taskType", "TECHNICAL_EXECUTION");
        plan.put("agentsToRun", agents);
        plan.put("rounds", rounds);
        plan.put("needsClarification", false);
        plan.put("outputShape", "audit");
        return CODEC.write(plan);
    }

    static String clarifyingPlan() {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("taskType", "VERBAL_REASONING");
        plan.put("agentsToRun", List.of());
        plan.put("rounds", 1);
        plan.put("needsClarification", true);
        plan.put("clarificationQuestion", Map.of("question", "Which database do you deploy on?",
                "options", List.of("A PostgreSQL", "B SQLite", "C Both")));
        plan.put("outputShape", "ask");
        return CODEC.write(plan);
    }

    /** An agent's output with units {@code u1} and {@code u2}. */
    static String agent(String name) {
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("agent", name);
        output.put("answerSummary", List.of(name + " says: add an index and a migration"));
        output.put("assumptions", List.of("PostgreSQL 16"));
        output.put("reasoning", "The query scans the table.");
        output.put("stepsOrDeliverables", List.of("write the migration", "add the index"));
        output.put("failureModes", List.of("a lock on a large table"));
        output.put("units", List.of(unit("u1", name + " claim one"), unit("u2", name + " claim two")));
        output.put("selfConfidence", new BigDecimal("0.8"));
        return CODEC.write(output);
    }

    private static Map<String, Object> unit(String id, String text) {
        Map<String, Object> unit = new LinkedHashMap<>();
        unit.put("id", id);
        unit.put("topic", "index");
        unit.put("text", text);
        unit.put("tags", List.of("db"));
        return unit;
    }

    /** Scores giving each agent the same value on every axis ({@code 25} gives cred 1, {@code 5} gives 0.2). */
    static String scores(Map<String, Integer> axisValue) {
        List<Object> scores = new ArrayList<>();
        axisValue.forEach((agent, value) -> {
            Map<String, Object> axes = new LinkedHashMap<>();
            AxisScores.AXES.forEach(axis -> axes.put(axis, value));
            scores.add(Map.of("agent", agent, "axes", axes));
        });
        return CODEC.write(Map.of("scores", scores));
    }

    static String synthesis(String reply, List<Map<String, Object>> citations, boolean estimate, String penalty,
                            String bonus) {
        Map<String, Object> synthesis = new LinkedHashMap<>();
        synthesis.put("tldr", List.of("Add a concurrent index, then migrate."));
        synthesis.put("replyMarkdown", reply);
        synthesis.put("acceptanceTests", List.of("EXPLAIN shows an index scan on the new index"));
        synthesis.put("assumptions", List.of("PostgreSQL 16", "a maintenance window is not needed"));
        if (estimate) {
            synthesis.put("estimate", Map.of("unit", "hours", "steps", List.of(
                    Map.of("step", "Write the migration", "o", 1, "m", 2, "p", 4),
                    Map.of("step", "Build the index", "o", new BigDecimal("0.5"), "m", 1, "p", 3)),
                    "assumptions", List.of("the table has 10 million rows"), "risks", List.of("replication lag"),
                    "confidence", new BigDecimal("0.6")));
        }
        synthesis.put("meta", Map.of("conflictPenalty", new BigDecimal(penalty), "coverageBonus", new BigDecimal(bonus)));
        synthesis.put("audit", Map.of("citations", citations, "disagreements", List.of("critic doubts the lock time")));
        return CODEC.write(synthesis);
    }

    static Map<String, Object> cite(String unit) {
        return Map.of("unit", unit);
    }

    static Map<String, Object> cite(String unit, String justification) {
        return Map.of("unit", unit, "justification", justification);
    }

    static final String PLAN_REPLY = "1. Write the migration [solver:u1]\n2. Build the index concurrently [critic:u2]\n";

    /** A committee whose master answers the plan, scores and syntheses given, and whose agents answer as above. */
    static Committee committee(ScriptedBackend master) {
        Committee.Builder builder = Committee.builder(config(), Scripts.CLOCK).backend("master", master);
        for (String agent : AGENTS) {
            builder.backend(agent, ScriptedBackend.answering(agent, request -> agent(agent)));
        }
        return builder.build();
    }

    static ScriptedBackend master(String plan, String scores, String... syntheses) {
        ScriptedBackend master = ScriptedBackend.named("master").onPurpose("master_plan", plan).onPurpose("score", scores);
        return syntheses.length == 0 ? master : master.onPurpose("master_synthesis", syntheses);
    }
}
