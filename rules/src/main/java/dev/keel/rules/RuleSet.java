package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A flat list of rules with unique ids, and the two pure operations over it ({@code docs/rules.md}):
 * <ul>
 *   <li>{@link #select}: the rules in scope at a position, in order (priority descending, then step before scenario
 *       before global, then id ascending), the first of each conflict group only ({@code keel eval rules_select});</li>
 *   <li>{@link #check}: Lane 1 on an answer: the selected rules and every hard rule, deterministic ones evaluated,
 *       subjective ones listed for a judge on hard, risky or sampled turns ({@code keel eval enforce}).</li>
 * </ul>
 * The order is computed once, when the set is built, so selection is one pass over the rules.
 *
 * <p>Immutable and thread-safe. Both operations are pure: no I/O, no clock, and bounded work whatever the answer.
 */
public final class RuleSet {

    /** Rules of equal priority: step before scenario before global, then by id (code points). */
    private static final Comparator<Rule> ORDER = Comparator.comparingInt(Rule::priority).reversed()
            .thenComparing(rule -> rule.scope().kind())
            .thenComparing(Rule::id);

    private final List<Rule> rules;
    private final List<Rule> ordered;
    private final Map<String, Rule> byId;
    private final List<Rule> hard;

    private RuleSet(List<Rule> rules) {
        this.rules = List.copyOf(rules);
        List<Rule> sorted = new ArrayList<>(rules);
        sorted.sort(ORDER);
        this.ordered = List.copyOf(sorted);
        Map<String, Rule> index = new HashMap<>();
        rules.forEach(rule -> index.put(rule.id(), rule));
        this.byId = Map.copyOf(index);
        this.hard = sorted.stream().filter(Rule::hard).sorted(Comparator.comparing(Rule::id)).toList();
    }

    /**
     * These rules.
     *
     * @throws InvalidRulesException when two share an id (pointers are the rules' indexes: {@code /3/id})
     */
    public static RuleSet of(Collection<Rule> rules) {
        List<Rule> list = List.copyOf(rules);
        List<JsonProblem> problems = RuleFormat.repeatedRuleIds(list.stream().map(Rule::id).toList(), "");
        if (!problems.isEmpty()) {
            throw new InvalidRulesException("invalid rules", problems);
        }
        return new RuleSet(list);
    }

    /** No rules. */
    public static RuleSet empty() {
        return new RuleSet(List.of());
    }

    /**
     * Reads a JSON array of rules in their JSON form ({@code docs/rules.md}).
     *
     * @throws dev.keel.core.WireFormatException when {@code json} is not strict JSON
     * @throws InvalidRulesException naming every problem by JSON pointer
     */
    public static RuleSet fromJson(String json) {
        return fromTree(JsonCodec.strict().parse(json));
    }

    /** As {@link #fromJson}, from a parsed plain-value tree (an array). */
    public static RuleSet fromTree(@Nullable Object tree) {
        RuleFormat.ReadRules read = RuleFormat.readRules(tree, "");
        if (!read.problems().isEmpty()) {
            throw new InvalidRulesException("invalid rules", read.problems());
        }
        return new RuleSet(read.rules());
    }

    /**
     * Reads the array of rules at {@code value}, a member of a larger document read with one {@link JsonTreeReader}:
     * every problem (by pointer) goes to the value's reader, and the set holds the rules that have none.
     */
    public static RuleSet read(JsonTreeReader.Value value) {
        if (value.raw() == null) {
            value.items(); // absent or null: a problem where the value is required
            return empty();
        }
        RuleFormat.ReadRules read = RuleFormat.readRules(value.raw(), value.pointer());
        for (JsonProblem problem : read.problems()) {
            at(value, problem.pointer().substring(value.pointer().length()))
                    .problem(Objects.requireNonNull(problem.message(), "message"));
        }
        return new RuleSet(read.rules());
    }

    /** The value at {@code relative} (a JSON pointer) below {@code base}, for recording a problem there. */
    private static JsonTreeReader.Value at(JsonTreeReader.Value base, String relative) {
        JsonTreeReader.Value value = base;
        for (String token : JsonPointers.parse(relative)) {
            value = value.raw() instanceof List ? value.items().get(Integer.parseInt(token))
                    : value.anyObject().optional(token);
        }
        return value;
    }

    /** The rules, in the order given. */
    public List<Rule> rules() {
        return rules;
    }

    public int size() {
        return rules.size();
    }

    public Optional<Rule> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The hard rules, by id: checked on every turn. */
    public List<Rule> hardRules() {
        return hard;
    }

    /**
     * The rules in scope at {@code position}, in order: every global rule, the rules of the current scenario, the
     * rules of the current step; by priority descending, then step, scenario, global, then id ascending; of each
     * conflict group, only the first.
     */
    public List<Rule> select(Position position) {
        List<Rule> selected = new ArrayList<>();
        Set<String> groups = new HashSet<>();
        for (Rule rule : ordered) {
            if (rule.scope().contains(position) && (rule.group().isEmpty() || groups.add(rule.group().get()))) {
                selected.add(rule);
            }
        }
        return selected;
    }

    /**
     * Lane 1 on an answer: every selected rule and every hard rule is checked. A deterministic rule is evaluated
     * (its forbidden pattern must not match; its expression must hold for every combination of its variables'
     * values, shown within one cost budget, or the rule fails closed with the reason {@code rule_cost_exceeded}); a
     * subjective rule is listed for a judge when it is hard or the turn is risky or sampled.
     *
     * @throws InvalidInputException ({@code invalid_input}) when a selected id names no rule or is given twice, or a
     *         variable is not a number, a string or a boolean; the message names it by pointer
     */
    public RuleVerdict check(EnforcementRequest request) {
        List<JsonProblem> problems = new ArrayList<>();
        Set<String> selected = new HashSet<>();
        for (int i = 0; i < request.selected().size(); i++) {
            String id = request.selected().get(i);
            if (!byId.containsKey(id)) {
                problems.add(new JsonProblem("/selected/" + i, "no rule has the id '" + id + "'"));
            } else if (!selected.add(id)) {
                problems.add(new JsonProblem("/selected/" + i, "selects rule '" + id + "' twice"));
            }
        }
        Map<String, Object> variables = new LinkedHashMap<>();
        request.variables().forEach((name, value) -> {
            try {
                variables.put(name, RuleCheck.celValue(value));
            } catch (InvalidInputException e) {
                problems.add(new JsonProblem(JsonPointers.child("/variables", name), e.getMessage()));
            }
        });
        if (!problems.isEmpty()) {
            throw new InvalidInputException("invalid_input", JsonProblem.describe("", problems));
        }
        List<RuleViolation> violations = new ArrayList<>();
        List<String> judge = new ArrayList<>();
        List<Rule> checked = new ArrayList<>(hard);
        selected.stream().map(byId::get).filter(rule -> !rule.hard()).forEach(checked::add);
        checked.sort(Comparator.comparing(Rule::id));
        for (Rule rule : checked) {
            if (rule.lane() == Lane.SUBJECTIVE) {
                if (rule.hard() || request.risky() || request.sampled()) {
                    judge.add(rule.id());
                }
            } else {
                rule.violationBy(request.response(), variables).ifPresent(violations::add);
            }
        }
        return new RuleVerdict(violations, judge);
    }

    /** The rules in their JSON form, in the order given. */
    public List<Object> toWire() {
        return RuleFormat.write(rules);
    }

    @Override
    public String toString() {
        return "RuleSet{" + rules.size() + " rules, " + hard.size() + " hard}";
    }
}
