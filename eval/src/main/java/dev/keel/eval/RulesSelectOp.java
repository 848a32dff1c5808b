package dev.keel.eval;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.rules.Position;
import dev.keel.rules.Rule;
import dev.keel.rules.RuleSet;
import java.util.List;
import java.util.Map;

/**
 * {@code keel eval} op {@code rules_select}: {@code {"rules", "scenario", "step"}} to {@code {"rule_ids"}}, the rules
 * in scope at that position in order ({@link RuleSet#select}). Broken rules, duplicate ids or a step without a
 * scenario are {@code invalid_input}, every problem named by pointer. Stateless; pure and thread-safe.
 */
final class RulesSelectOp implements EvalOp {

    @Override
    public String name() {
        return "rules_select";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        JsonTreeReader reader = JsonTreeReader.of(input);
        ObjectValue line = reader.root().object("rules", "scenario", "step");
        RuleSet rules = RuleSet.read(line.required("rules"));
        Position position = position(line);
        throwIfProblems(reader);
        return Map.of("rule_ids", rules.select(position).stream().map(Rule::id).toList());
    }

    /** The position named by the members {@code scenario} and {@code step} of {@code object}; null on a problem. */
    static Position position(ObjectValue object) {
        Value scenarioValue = object.optional("scenario");
        Value stepValue = object.optional("step");
        String scenario = Rule.readId(scenarioValue);
        String step = Rule.readId(stepValue);
        if (step != null && scenario == null) {
            stepValue.problem("a step is inside a scenario: give the scenario too");
            return null;
        }
        return Position.of(scenario, step);
    }

    /** Throws {@code invalid_input} naming every problem the reader found. */
    static void throwIfProblems(JsonTreeReader reader) {
        reader.throwIfProblems(problems -> new InvalidInputException("invalid_input", JsonProblem.describe("",
                problems)));
    }
}
