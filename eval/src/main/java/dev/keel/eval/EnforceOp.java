package dev.keel.eval;

import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.rules.EnforcementRequest;
import dev.keel.rules.RuleSet;
import java.util.List;
import java.util.Map;

/**
 * {@code keel eval} op {@code enforce}: {@code {"rules", "selected", "variables"?, "response", "risky"?,
 * "sampled"?}} to {@code {"verdict", "violations", "judge"}}: Lane 1 ({@link RuleSet#check}). Broken rules,
 * duplicate or unknown ids, and variables that are not numbers, strings or booleans are {@code invalid_input},
 * named by pointer. Stateless; pure and thread-safe.
 */
final class EnforceOp implements EvalOp {

    @Override
    public String name() {
        return "enforce";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        JsonTreeReader reader = JsonTreeReader.of(input);
        ObjectValue line = reader.root().object("rules", "selected", "variables", "response", "risky", "sampled");
        RuleSet rules = RuleSet.read(line.required("rules"));
        List<String> selected = line.required("selected").strings();
        Map<String, Value> variables = line.optional("variables").members();
        String response = line.required("response").string();
        boolean risky = line.optional("risky").bool(false);
        boolean sampled = line.optional("sampled").bool(false);
        RulesSelectOp.throwIfProblems(reader);
        EnforcementRequest.Builder request = EnforcementRequest.builder().selected(selected).response(response)
                .risky(risky).sampled(sampled);
        variables.forEach((name, value) -> request.variable(name, value.raw()));
        return rules.check(request.build()).toWire();
    }
}
