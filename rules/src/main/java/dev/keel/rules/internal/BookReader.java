package dev.keel.rules.internal;

import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.rules.CandidateKind;
import dev.keel.rules.EntityDeclaration;
import dev.keel.rules.Rule;
import dev.keel.rules.RuleScope;
import dev.keel.rules.RuleSet;
import dev.keel.rules.Scenario;
import dev.keel.rules.Step;
import dev.keel.rules.Transition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a rule book's JSON form ({@code docs/rules.md}) with core's tree reader, and checks the references between
 * its parts. Stateless and thread-safe.
 */
public final class BookReader {

    /** What a rule book's JSON form holds. */
    public record Parts(RuleSet rules, List<Scenario> scenarios, List<EntityDeclaration> entities) {
    }

    private BookReader() {
    }

    /** Reads the parts; what has a problem is recorded and left out. */
    public static Parts read(Value root) {
        ObjectValue book = root.object("rules", "scenarios", "entities");
        List<Rule> rules = RuleReader.readAll(book.required("rules"));
        List<Scenario> scenarios = book.optional("scenarios").items().stream().map(BookReader::scenario).toList();
        List<EntityDeclaration> entities = book.optional("entities").items().stream().map(BookReader::entity)
                .toList();
        return new Parts(RuleSet.of(rules), nonNull(scenarios), nonNull(entities));
    }

    private static <T> List<T> nonNull(List<T> items) {
        return items.stream().filter(java.util.Objects::nonNull).toList();
    }

    private static Scenario scenario(Value item) {
        ObjectValue scenario = item.object("id", "description", "profile_fields", "steps", "transitions",
                "entry_points");
        String id = Rule.readId(scenario.required("id"));
        String description = scenario.optional("description").string();
        List<String> profileFields = scenario.optional("profile_fields").list(BookReader::variable);
        List<Step> steps = scenario.required("steps").list(step -> step(step, id));
        List<Transition> transitions = scenario.optional("transitions").list(transition ->
                transition(transition, CandidateKind.SCENARIO_TRANSITION, id, null));
        List<Transition> entries = scenario.required("entry_points").list(entry -> entry(entry, id,
                steps == null || steps.isEmpty() ? null : steps.get(0).id()));
        return item.build(() -> new Scenario(id, description, profileFields == null ? List.of() : profileFields,
                steps, transitions == null ? List.of() : transitions, entries));
    }

    private static Step step(Value item, String scenario) {
        ObjectValue step = item.object("id", "description", "transitions");
        String id = Rule.readId(step.required("id"));
        String description = step.optional("description").string();
        List<Transition> transitions = step.optional("transitions").list(transition ->
                transition(transition, CandidateKind.STEP_TRANSITION, scenario, id));
        return item.build(() -> new Step(id, description, transitions == null ? List.of() : transitions));
    }

    private static Transition transition(Value item, CandidateKind kind, String scenario, String from) {
        ObjectValue transition = item.object("id", "to", "examples");
        String id = Rule.readId(transition.required("id"));
        String to = Rule.readId(transition.required("to"));
        List<String> examples = examples(transition);
        return item.build(() -> scenario == null || (kind == CandidateKind.STEP_TRANSITION && from == null) ? null
                : new Transition(id, kind, scenario, from, to, examples));
    }

    private static Transition entry(Value item, String scenario, String firstStep) {
        ObjectValue entry = item.object("id", "step", "examples");
        String id = Rule.readId(entry.required("id"));
        String step = Rule.readId(entry.optional("step"));
        List<String> examples = examples(entry);
        return item.build(() -> scenario == null || (step == null && firstStep == null) ? null
                : new Transition(id, CandidateKind.SCENARIO_ENTRY, scenario, null, step == null ? firstStep : step,
                        examples));
    }

    private static List<String> examples(ObjectValue owner) {
        return owner.required("examples").list(Value::nonBlankString);
    }

    private static EntityDeclaration entity(Value item) {
        ObjectValue entity = item.object("name", "pattern", "type", "store");
        String name = variable(entity.required("name"));
        Value patternValue = entity.required("pattern");
        String pattern = patternValue.string();
        if (pattern != null) {
            RuleCheck.valuePatternProblem(pattern, "entity patterns").ifPresent(patternValue::problem);
        }
        EntityDeclaration.Type type = entity.optional("type").enumValue(EntityDeclaration.Type.class,
                EntityDeclaration.Type::wireName);
        EntityDeclaration.Store store = entity.required("store").enumValue(EntityDeclaration.Store.class,
                EntityDeclaration.Store::wireName);
        return item.build(() -> EntityDeclaration.of(name, pattern, type == null ? EntityDeclaration.Type.STRING : type,
                store));
    }

    private static String variable(Value value) {
        String name = value.string();
        if (name != null && !name.matches(Rule.VARIABLE_PATTERN)) {
            value.problem("must be a variable name (a letter or '_', then letters, digits or '_'), found '" + name
                    + "'");
            return null;
        }
        return name;
    }

    /**
     * The broken references and repeated ids of a rule book's parts, each at the JSON pointer it has in the JSON
     * form: unique scenario ids, step ids within a scenario, transition and entry point ids across the book, entity
     * names; a transition leads to a step of its scenario; a scenario has a step and an entry point; a rule's
     * scenario and step exist.
     */
    public static List<JsonProblem> crossCheck(RuleSet rules, List<Scenario> scenarios,
                                               List<EntityDeclaration> entities) {
        List<JsonProblem> problems = new ArrayList<>();
        Map<String, Scenario> byId = new HashMap<>();
        Set<String> moves = new HashSet<>();
        for (int s = 0; s < scenarios.size(); s++) {
            Scenario scenario = scenarios.get(s);
            String at = "/scenarios/" + s;
            if (byId.putIfAbsent(scenario.id(), scenario) != null) {
                problems.add(new JsonProblem(at + "/id", "another scenario has the id '" + scenario.id() + "'"));
            }
            if (scenario.steps().isEmpty()) {
                problems.add(new JsonProblem(at + "/steps", "a scenario has at least one step"));
            }
            if (scenario.entryPoints().isEmpty()) {
                problems.add(new JsonProblem(at + "/entry_points", "a scenario has at least one entry point"));
            }
            Set<String> steps = new HashSet<>();
            for (int i = 0; i < scenario.steps().size(); i++) {
                Step step = scenario.steps().get(i);
                if (!steps.add(step.id())) {
                    problems.add(new JsonProblem(at + "/steps/" + i + "/id", "another step of '" + scenario.id()
                            + "' has the id '" + step.id() + "'"));
                }
            }
            for (int i = 0; i < scenario.steps().size(); i++) {
                checkMoves(scenario.steps().get(i).transitions(), at + "/steps/" + i + "/transitions", "to", steps,
                        moves, problems);
            }
            checkMoves(scenario.transitions(), at + "/transitions", "to", steps, moves, problems);
            checkMoves(scenario.entryPoints(), at + "/entry_points", "step", steps, moves, problems);
        }
        for (int i = 0; i < rules.rules().size(); i++) {
            RuleScope scope = rules.rules().get(i).scope();
            String at = "/rules/" + i;
            if (scope.scenario() != null && !byId.containsKey(scope.scenario())) {
                problems.add(new JsonProblem(at + "/scenario", "no scenario has the id '" + scope.scenario() + "'"));
            } else if (scope.step() != null && byId.get(scope.scenario()).step(scope.step()).isEmpty()) {
                problems.add(new JsonProblem(at + "/step", "scenario '" + scope.scenario() + "' has no step '"
                        + scope.step() + "'"));
            }
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < entities.size(); i++) {
            if (!names.add(entities.get(i).name())) {
                problems.add(new JsonProblem("/entities/" + i + "/name", "another entity has the name '"
                        + entities.get(i).name() + "'"));
            }
        }
        return problems;
    }

    private static void checkMoves(List<Transition> transitions, String at, String toKey, Set<String> steps,
                                   Set<String> moves, List<JsonProblem> problems) {
        for (int i = 0; i < transitions.size(); i++) {
            Transition transition = transitions.get(i);
            String pointer = at + "/" + i;
            if (!moves.add(transition.id())) {
                problems.add(new JsonProblem(pointer + "/id", "another transition or entry point has the id '"
                        + transition.id() + "'"));
            }
            if (!steps.contains(transition.to())) {
                problems.add(new JsonProblem(JsonPointers.child(pointer, toKey), "scenario '" + transition.scenario()
                        + "' has no step '" + transition.to() + "'"));
            }
        }
    }
}
