package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An agent's output, strict JSON in exactly this shape: {@code {"agent", "answerSummary": [..], "assumptions": [..],
 * "reasoning", "stepsOrDeliverables": [..], "failureModes": [..], "units": [{"id", "topic", "text", "tags"}],
 * "selfConfidence"}}. Unit ids are unique within an output. Immutable, pure and thread-safe.
 */
public record AgentOutput(String agent, List<String> answerSummary, List<String> assumptions, String reasoning,
                          List<String> stepsOrDeliverables, List<String> failureModes, List<AgentUnit> units,
                          BigDecimal selfConfidence) {

    /** What a unit id looks like, so that {@code [agent:id]} marks a citation unambiguously in a reply. */
    public static final java.util.regex.Pattern UNIT_ID = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    public AgentOutput {
        Objects.requireNonNull(agent, "agent");
        answerSummary = List.copyOf(answerSummary);
        assumptions = List.copyOf(assumptions);
        Objects.requireNonNull(reasoning, "reasoning");
        stepsOrDeliverables = List.copyOf(stepsOrDeliverables);
        failureModes = List.copyOf(failureModes);
        units = List.copyOf(units);
        Objects.requireNonNull(selfConfidence, "selfConfidence");
        Set<String> ids = new HashSet<>();
        for (AgentUnit unit : units) {
            if (!ids.add(unit.id())) {
                throw new InvalidInputException("unit ids must be unique, '" + unit.id() + "' repeats");
            }
        }
    }

    /** Whether this output has a unit with this id. */
    public boolean hasUnit(String id) {
        return units.stream().anyMatch(unit -> unit.id().equals(id));
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("agent", agent);
        wire.put("answerSummary", answerSummary);
        wire.put("assumptions", assumptions);
        wire.put("reasoning", reasoning);
        wire.put("stepsOrDeliverables", stepsOrDeliverables);
        wire.put("failureModes", failureModes);
        wire.put("units", units.stream().map(AgentUnit::toWire).toList());
        wire.put("selfConfidence", selfConfidence);
        return wire;
    }

    /**
     * Reads the wire form of {@code expectedAgent}'s output (its {@code agent} must name it); problems go to the
     * value's reader and the result is then null.
     */
    public static AgentOutput read(Value value, String expectedAgent) {
        ObjectValue output = value.object("agent", "answerSummary", "assumptions", "reasoning", "stepsOrDeliverables",
                "failureModes", "units", "selfConfidence");
        Value agentValue = output.required("agent");
        String agent = agentValue.nonBlankString();
        if (agent != null && !agent.equals(expectedAgent)) {
            agentValue.problem("must be \"" + expectedAgent + "\", the agent that was asked");
        }
        List<String> summary = output.required("answerSummary").strings();
        List<String> assumptions = output.required("assumptions").strings();
        String reasoning = output.required("reasoning").string();
        List<String> steps = output.required("stepsOrDeliverables").strings();
        List<String> failureModes = output.required("failureModes").strings();
        Value unitsValue = output.required("units");
        Set<String> ids = new HashSet<>();
        List<AgentUnit> units = unitsValue.list(item -> {
            ObjectValue unit = item.object("id", "topic", "text", "tags");
            Value idValue = unit.required("id");
            String id = idValue.nonBlankString();
            if (id != null && !UNIT_ID.matcher(id).matches()) {
                idValue.problem("must be letters, digits, '.', '_' or '-', starting with a letter or digit");
            } else if (id != null && !ids.add(id)) {
                idValue.problem("repeats the unit id " + dev.keel.core.json.JsonTreeReader.describe(id));
            }
            String topic = unit.required("topic").string();
            String text = unit.required("text").nonBlankString();
            List<String> tags = unit.required("tags").strings();
            return unit.build(() -> new AgentUnit(id, topic, text, tags));
        });
        BigDecimal confidence = output.required("selfConfidence").decimal(BigDecimal.ZERO, BigDecimal.ONE);
        return output.build(() -> new AgentOutput(agent, summary, assumptions, reasoning, steps, failureModes, units,
                confidence));
    }
}
