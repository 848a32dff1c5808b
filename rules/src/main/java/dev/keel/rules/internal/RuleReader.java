package dev.keel.rules.internal;

import dev.keel.core.Cancellation;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.rules.Extraction;
import dev.keel.rules.Lane;
import dev.keel.rules.OnMissing;
import dev.keel.rules.Rule;
import dev.keel.rules.RuleScope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads rules in their JSON form ({@code docs/rules.md}) with core's tree reader: every problem is recorded at the
 * JSON pointer of the offending value, the checks of {@link Rule.Builder#problems()} included, and a rule document
 * with graph fields is refused naming the field. Stateless and thread-safe.
 */
public final class RuleReader {

    /** The members of a rule, in the documented order. */
    public static final List<String> KEYS = List.of("id", "scope", "scenario", "step", "priority", "group",
            "condition_text", "action_text", "lane", "enforcement_expression", "forbid_pattern", "extract",
            "on_missing", "hard", "risky", "tools");
    /** Members of the rule graphs Keel does not have. */
    public static final List<String> GRAPH_FIELDS = List.of("depends_on", "entails", "excludes", "graph_links",
            "dependencies");

    private static final List<String> ACCEPTED;

    static {
        List<String> accepted = new ArrayList<>(KEYS);
        accepted.addAll(GRAPH_FIELDS);
        ACCEPTED = List.copyOf(accepted);
    }

    private RuleReader() {
    }

    /** Reads an array of rules with unique ids; rules with problems are left out (their problems are recorded). */
    public static List<Rule> readAll(Value array) {
        List<Value> items = array.items();
        List<Rule> rules = new ArrayList<>();
        Map<String, String> firstAt = new HashMap<>();
        for (Value item : items) {
            // Each expression is compiled as it is read, about a millisecond apiece: a long list takes seconds.
            Cancellation.checkpoint();
            Rule rule = read(item);
            Object id = item.raw() instanceof Map ? ((Map<?, ?>) item.raw()).get("id") : null;
            if (id instanceof String) {
                String first = firstAt.putIfAbsent((String) id, item.pointer());
                if (first != null) {
                    item.anyObject().optional("id").problem("duplicate rule id '" + id + "' (first at "
                            + JsonPointers.display(first) + ")");
                    continue;
                }
            }
            if (rule != null) {
                rules.add(rule);
            }
        }
        return rules;
    }

    /** The problems of rules built in code that share an id, at {@code <base>/<index>/id}. */
    public static List<JsonProblem> duplicateIds(List<Rule> rules, String base) {
        List<JsonProblem> problems = new ArrayList<>();
        Map<String, Integer> firstAt = new HashMap<>();
        for (int i = 0; i < rules.size(); i++) {
            Integer first = firstAt.putIfAbsent(rules.get(i).id(), i);
            if (first != null) {
                problems.add(new JsonProblem(base + "/" + i + "/id", "duplicate rule id '" + rules.get(i).id()
                        + "' (first at " + base + "/" + first + ")"));
            }
        }
        return problems;
    }

    /** Reads one rule; null when it has a problem (recorded). */
    public static Rule read(Value item) {
        ObjectValue rule = item.anyObject();
        for (String field : GRAPH_FIELDS) {
            if (rule.has(field)) {
                rule.optional(field).problem("'" + field + "' is a graph field, and rules are a flat list: write "
                        + "where a rule applies with its scope, and which of two rules wins with priority and group");
            }
        }
        rule.only(ACCEPTED);
        String id = rule.required("id").string();
        RuleScope scope = scope(rule);
        Integer priority = rule.optional("priority").integer();
        String group = rule.optional("group").string();
        String condition = rule.required("condition_text").string();
        String action = rule.required("action_text").string();
        Lane lane = rule.required("lane").enumValue(Lane.class, Lane::wireName);
        String expression = rule.optional("enforcement_expression").string();
        String pattern = rule.optional("forbid_pattern").string();
        Map<String, Extraction> extract = rule.optional("extract").map(RuleReader::extraction);
        OnMissing onMissing = rule.optional("on_missing").enumValue(OnMissing.class, OnMissing::wireName);
        boolean hard = rule.optional("hard").bool(false);
        boolean risky = rule.optional("risky").bool(false);
        List<String> tools = rule.optional("tools").strings();
        return item.build(() -> {
            Rule.Builder builder = Rule.builder(id).priority(priority == null ? 0 : priority).group(group)
                    .conditionText(condition).actionText(action).lane(lane).hard(hard).risky(risky)
                    .onMissing(onMissing);
            if (scope != null) {
                builder.scope(scope);
            }
            if (expression != null) {
                builder.enforcementExpression(expression);
            }
            if (pattern != null) {
                builder.forbidPattern(pattern);
            }
            if (extract != null) {
                extract.forEach(builder::extract);
            }
            if (tools != null) {
                builder.tools(tools);
            }
            builder.lane(lane);
            List<JsonProblem> problems = builder.problems();
            problems.forEach(problem -> at(item, problem.pointer()).problem(problem.message()));
            return problems.isEmpty() ? builder.build() : null;
        });
    }

    private static RuleScope scope(ObjectValue rule) {
        RuleScope.Kind kind = rule.required("scope").enumValue(RuleScope.Kind.class, RuleScope.Kind::wireName);
        Value scenarioValue = rule.optional("scenario");
        Value stepValue = rule.optional("step");
        String scenario = Rule.readId(scenarioValue);
        String step = Rule.readId(stepValue);
        if (kind == null) {
            return null;
        }
        boolean fits = true;
        if (kind == RuleScope.Kind.GLOBAL && scenarioValue.isPresent()) {
            scenarioValue.problem("a global rule names no scenario");
            fits = false;
        }
        if (kind != RuleScope.Kind.GLOBAL && !scenarioValue.isPresent()) {
            scenarioValue.problem("a " + kind.wireName() + " rule names its scenario");
            fits = false;
        }
        if (kind == RuleScope.Kind.STEP && !stepValue.isPresent()) {
            stepValue.problem("a step rule names its step");
            fits = false;
        }
        if (kind != RuleScope.Kind.STEP && stepValue.isPresent()) {
            stepValue.problem("only a step rule names a step");
            fits = false;
        }
        if (!fits || (scenarioValue.isPresent() && scenario == null) || (stepValue.isPresent() && step == null)) {
            return null;
        }
        return new RuleScope(kind, scenario, step);
    }

    private static Extraction extraction(Value value) {
        ObjectValue extraction = value.object("pattern", "type");
        String pattern = extraction.required("pattern").string();
        Extraction.Type type = extraction.required("type").enumValue(Extraction.Type.class, Extraction.Type::wireName);
        return pattern == null || type == null ? null : new Extraction(pattern, type);
    }

    /** The value at {@code relative} (a JSON pointer) below {@code base}, for recording a problem there. */
    static Value at(Value base, String relative) {
        Value value = base;
        for (String token : JsonPointers.parse(relative)) {
            if (value.raw() instanceof List) {
                List<Value> items = value.items();
                int index = Integer.parseInt(token);
                value = items.get(index);
            } else {
                value = value.anyObject().optional(token);
            }
        }
        return value;
    }
}
