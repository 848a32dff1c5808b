package dev.keel.rules;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An application's rules, the scenarios its conversations move through, and the entities its sensor reads
 * ({@code docs/rules.md}). Its JSON form is defined by the JSON Schema {@code dev/keel/rules/schema/rule-book.schema.json}
 * in the jar, which validates every book, read or built in code; loading also checks what the schema cannot: a rule's
 * scenario and step exist, a transition leads to a step of its scenario, ids are unique, expressions compile.
 *
 * <p>Immutable and thread-safe.
 */
public final class RuleBook {

    private final RuleSet rules;
    private final List<Scenario> scenarios;
    private final List<EntityDeclaration> entities;
    private final Map<String, Scenario> byId;
    private final List<Transition> transitions;
    private final List<Transition> entryPoints;

    private RuleBook(RuleSet rules, List<Scenario> scenarios, List<EntityDeclaration> entities) {
        this.rules = rules;
        this.scenarios = List.copyOf(scenarios);
        this.entities = List.copyOf(entities);
        Map<String, Scenario> index = new HashMap<>();
        List<Transition> all = new ArrayList<>();
        List<Transition> entries = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            index.put(scenario.id(), scenario);
            entries.addAll(scenario.entryPoints());
            scenario.steps().forEach(step -> all.addAll(step.transitions()));
            all.addAll(scenario.transitions());
        }
        all.addAll(entries);
        this.byId = Map.copyOf(index);
        this.transitions = List.copyOf(all);
        this.entryPoints = List.copyOf(entries);
    }

    /**
     * A rule book of these parts.
     *
     * @throws InvalidRulesException naming every problem the rule book's schema finds in its JSON form, or else every
     *         broken reference or repeated id, by the JSON pointer it has in the JSON form
     *         ({@code /scenarios/0/steps/1/transitions/0/to})
     */
    public static RuleBook of(RuleSet rules, List<Scenario> scenarios, List<EntityDeclaration> entities) {
        List<JsonProblem> problems = RuleFormat.bookProblems(rules, scenarios, entities);
        if (!problems.isEmpty()) {
            throw new InvalidRulesException("invalid rule book", problems);
        }
        return new RuleBook(rules, scenarios, entities);
    }

    /**
     * Reads a rule book in its JSON form: {@code {"rules": [...], "scenarios": [...], "entities": [...]}}, with an
     * optional {@code $schema}.
     *
     * @throws dev.keel.core.WireFormatException when {@code json} is not strict JSON
     * @throws InvalidRulesException naming every problem by JSON pointer
     */
    public static RuleBook fromJson(String json) {
        return fromTree(JsonCodec.strict().parse(json));
    }

    /** As {@link #fromJson}, from a parsed plain-value tree. */
    public static RuleBook fromTree(@Nullable Object tree) {
        RuleFormat.Parts parts = RuleFormat.readBook(tree);
        return new RuleBook(parts.rules(), parts.scenarios(), parts.entities());
    }

    public RuleSet rules() {
        return rules;
    }

    public List<Scenario> scenarios() {
        return scenarios;
    }

    public Optional<Scenario> scenario(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    public List<EntityDeclaration> entities() {
        return entities;
    }

    /** Every transition and entry point of every scenario: step transitions, scenario transitions, entry points. */
    public List<Transition> transitions() {
        return transitions;
    }

    /**
     * The moves open at {@code position}: outside every scenario, the entry points; in a scenario, the current
     * step's transitions, the scenario's transitions, and every entry point (navigation ignores the current
     * scenario's own).
     */
    public List<Transition> candidatesAt(Position position) {
        String current = position.scenario();
        if (current == null) {
            return entryPoints;
        }
        String at = position.step();
        List<Transition> open = new ArrayList<>();
        scenario(current).ifPresent(scenario -> {
            if (at != null) {
                scenario.step(at).ifPresent(step -> open.addAll(step.transitions()));
            }
            open.addAll(scenario.transitions());
        });
        open.addAll(entryPoints);
        return open;
    }

    @Override
    public String toString() {
        return "RuleBook{" + rules + ", " + scenarios.size() + " scenarios, " + entities.size() + " entities}";
    }
}
