package dev.keel.rules;

import dev.keel.core.Cancellation;
import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.rules.BookSpec.EntitySpec;
import dev.keel.rules.BookSpec.EntryPointSpec;
import dev.keel.rules.BookSpec.ExtractionSpec;
import dev.keel.rules.BookSpec.RuleSpec;
import dev.keel.rules.BookSpec.ScenarioSpec;
import dev.keel.rules.BookSpec.StepSpec;
import dev.keel.rules.BookSpec.TransitionSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The rule book's format: its JSON Schema ({@code dev/keel/rules/schema/rule-book.schema.json}) is the validator, with
 * two keywords of its own ({@code linearPattern} for forbidden patterns, {@code valuePattern} for the patterns that
 * capture a value), and a valid document binds to {@link BookSpec}. What JSON Schema cannot state is checked on the
 * bound record (ids unique, references resolve), and each rule's expression is compiled
 * as the rule is built; every problem carries the JSON pointer of the offending value. Rules alone ({@link RuleSet})
 * are read as the {@code rules} of a book that has nothing else, rules and parts built in code are validated by the
 * same schema, and rules are written back through the same binding. Pure and thread-safe.
 */
final class RuleFormat {

    /** The schema on the class path, also shipped for editors. */
    static final String SCHEMA = "dev/keel/rules/schema/rule-book.schema.json";

    private static final String RULES = "/rules";

    // The checks across members are not the format's own: they run after binding, because rules alone bind through
    // this format as a book with no scenarios, where a rule's scenario is not the book's to resolve.
    private static final DocumentFormat<BookSpec> FORMAT = DocumentFormat.builder(BookSpec.class, SCHEMA)
            .stringKeyword("linearPattern", RuleCheck::patternProblem)
            .stringKeyword("valuePattern", pattern -> RuleCheck.valuePatternProblem(pattern, "value patterns"))
            .build();

    /** What a rule book's JSON form holds, built. */
    record Parts(RuleSet rules, List<Scenario> scenarios, List<EntityDeclaration> entities) {
    }

    /** Rules read from a document: those that have no problem, and the problems of the others. */
    record ReadRules(List<Rule> rules, List<JsonProblem> problems) {
    }

    private RuleFormat() {
    }

    /** Where the schema and {@link BookSpec} disagree on members; empty when they agree (a test holds them so). */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    // ---- reading ----

    /**
     * Reads a rule book given as a plain tree.
     *
     * @throws InvalidRulesException listing every problem, each with its pointer: what the schema finds first, then
     *         what the checks across members and the rules' expressions find
     */
    static Parts readBook(@Nullable Object tree) {
        if (tree == null) {
            throw bookFailure(nullProblems("", JsonTreeReader.Value::anyObject));
        }
        BookSpec spec = FORMAT.read(tree, "", RuleFormat::bookFailure);
        List<JsonProblem> problems = new ArrayList<>(crossMemberProblems(spec));
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < spec.rules().size(); i++) {
            build(spec.rules().get(i), RULES + "/" + i, rules, problems);
        }
        if (!problems.isEmpty()) {
            throw bookFailure(sorted(problems));
        }
        return new Parts(RuleSet.of(rules), orEmpty(spec.scenarios()).stream().map(RuleFormat::scenario).toList(),
                orEmpty(spec.entities()).stream().map(RuleFormat::entity).toList());
    }

    /**
     * Reads an array of rules given as a plain tree, standing at {@code pointer} in its document: the rules without
     * a problem, and every problem of the others (a repeated id is a problem of the later rule): those the schema
     * finds, sorted by pointer, then those found as the rules are built, in the order of the rules.
     */
    static ReadRules readRules(@Nullable Object tree, String pointer) {
        if (tree == null) {
            return new ReadRules(List.of(), nullProblems(pointer, JsonTreeReader.Value::items));
        }
        List<JsonProblem> problems = new ArrayList<>();
        List<RuleSpec> specs;
        List<Integer> indexes = new ArrayList<>();
        try {
            specs = FORMAT.read(rulesOnly(tree), "", RuleFormat::rulesFailure).rules();
            for (int i = 0; i < specs.size(); i++) {
                indexes.add(i);
            }
        } catch (InvalidRulesException e) {
            // Some rules break the schema (a list in one validation, as the format reports it): the others are read.
            for (JsonProblem problem : e.problems()) {
                // Past the most problems listed, the count of the others stands at the root: here, the array.
                String below = problem.pointer().startsWith(RULES) ? problem.pointer().substring(RULES.length()) : "";
                problems.add(new JsonProblem(pointer + below, problem.message()));
            }
            specs = valid(tree, pointer, problems, indexes);
        }
        Set<String> ids = new HashSet<>();
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            String at = pointer + "/" + indexes.get(i);
            String id = Objects.requireNonNull(specs.get(i).id(), "id");
            if (!ids.add(id)) {
                problems.add(new JsonProblem(at + "/id", repeatedRule(id)));
            } else {
                build(specs.get(i), at, rules, problems);
            }
        }
        return new ReadRules(List.copyOf(rules), List.copyOf(problems));
    }

    /**
     * The rules of {@code tree} that have none of {@code problems} (found by the schema, at pointers from
     * {@code pointer}), bound; their indexes in {@code tree} go to {@code indexes}. None when the array as a whole
     * has a problem.
     */
    private static List<RuleSpec> valid(Object tree, String pointer, List<JsonProblem> problems,
            List<Integer> indexes) {
        Set<Integer> broken = new HashSet<>();
        for (JsonProblem problem : problems) {
            List<String> below = JsonPointers.parse(problem.pointer().substring(pointer.length()));
            if (below.isEmpty() || !(tree instanceof List)) {
                return List.of();
            }
            broken.add(Integer.valueOf(below.get(0)));
        }
        List<?> items = (List<?>) tree;
        List<Object> valid = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (!broken.contains(i)) {
                valid.add(items.get(i));
                indexes.add(i);
            }
        }
        // Each of these rules passed the schema where it stood, so the list of them does too.
        return FORMAT.read(rulesOnly(valid), "", RuleFormat::rulesFailure).rules();
    }

    /**
     * The problem of a document that is null where {@code expected} reads a container, worded as the tree reader
     * words it: the format validates trees, and a plain tree leaves a null out.
     */
    private static List<JsonProblem> nullProblems(String pointer, Consumer<JsonTreeReader.Value> expected) {
        JsonTreeReader reader = JsonTreeReader.of(null, pointer);
        expected.accept(reader.root());
        return reader.problems();
    }

    private static Map<String, Object> rulesOnly(Object rules) {
        return Map.of("rules", rules);
    }

    /** Builds the rule of {@code spec}, at {@code at}: what it refuses (its expression, say) goes to problems. */
    private static void build(RuleSpec spec, String at, List<Rule> rules, List<JsonProblem> problems) {
        // Each expression is compiled as its rule is built, about a millisecond apiece: a long list takes seconds.
        Cancellation.checkpoint();
        Integer priority = spec.priority();
        String onMissing = spec.onMissing();
        Rule.Builder builder = Rule.builder(Objects.requireNonNull(spec.id(), "id"))
                .scope(new RuleScope(wire(RuleScope.Kind.values(), RuleScope.Kind::wireName, spec.scope()),
                        spec.scenario(), spec.step()))
                .priority(priority == null ? 0 : priority)
                .group(spec.group())
                .conditionText(Objects.requireNonNull(spec.conditionText(), "condition_text"))
                .actionText(Objects.requireNonNull(spec.actionText(), "action_text"))
                .onMissing(onMissing == null ? null : wire(OnMissing.values(), OnMissing::wireName, onMissing))
                .hard(Boolean.TRUE.equals(spec.hard()))
                .risky(Boolean.TRUE.equals(spec.risky()))
                .tools(orEmpty(spec.tools()));
        String expression = spec.enforcementExpression();
        if (expression != null) {
            builder.enforcementExpression(expression);
        }
        String pattern = spec.forbidPattern();
        if (pattern != null) {
            builder.forbidPattern(pattern);
        }
        orEmpty(spec.extract()).forEach((variable, extraction) -> builder.extract(variable,
                new Extraction(extraction.pattern(), wire(Extraction.Type.values(), Extraction.Type::wireName,
                        extraction.type()))));
        builder.lane(wire(Lane.values(), Lane::wireName, spec.lane()));
        try {
            rules.add(builder.build());
        } catch (InvalidRulesException e) {
            e.problems().forEach(problem -> problems.add(new JsonProblem(at + problem.pointer(), problem.message())));
        }
    }

    private static Scenario scenario(ScenarioSpec spec) {
        List<Step> steps = spec.steps().stream().map(step -> new Step(step.id(),
                Objects.requireNonNullElse(step.description(), ""), orEmpty(step.transitions()).stream()
                        .map(move -> new Transition(move.id(), CandidateKind.STEP_TRANSITION, spec.id(), step.id(),
                                move.to(), move.examples()))
                        .toList()))
                .toList();
        String firstStep = spec.steps().get(0).id();
        return new Scenario(spec.id(), Objects.requireNonNullElse(spec.description(), ""),
                orEmpty(spec.profileFields()), steps,
                orEmpty(spec.transitions()).stream().map(move -> new Transition(move.id(),
                        CandidateKind.SCENARIO_TRANSITION, spec.id(), null, move.to(), move.examples())).toList(),
                spec.entryPoints().stream().map(entry -> new Transition(entry.id(), CandidateKind.SCENARIO_ENTRY,
                        spec.id(), null, entry.step() != null ? entry.step() : firstStep, entry.examples())).toList());
    }

    private static EntityDeclaration entity(EntitySpec spec) {
        return EntityDeclaration.of(spec.name(), spec.pattern(), spec.type() == null ? EntityDeclaration.Type.STRING
                : wire(EntityDeclaration.Type.values(), EntityDeclaration.Type::wireName, spec.type()),
                wire(EntityDeclaration.Store.values(), EntityDeclaration.Store::wireName, spec.store()));
    }

    // ---- parts given in code ----

    /**
     * Every problem of a rule book built in code, as its JSON form would have it: what the schema finds, then the
     * checks across members; empty when it is valid.
     */
    static List<JsonProblem> bookProblems(RuleSet rules, List<Scenario> scenarios,
            List<EntityDeclaration> entities) {
        BookSpec spec = new BookSpec(rules.rules().stream().map(RuleFormat::spec).toList(),
                scenarios.stream().map(RuleFormat::spec).toList(), entities.stream().map(RuleFormat::spec).toList());
        List<JsonProblem> problems = FORMAT.problems(spec);
        return problems.isEmpty() ? sorted(crossMemberProblems(spec)) : problems;
    }

    /** What the schema finds in a rule built in code, with pointers from the rule ({@code /lane}). */
    static List<JsonProblem> ruleProblems(RuleSpec rule) {
        return FORMAT.problems(rule, "/$defs/rule", "");
    }

    /** What the schema finds in an entity built in code, with pointers from the entity ({@code /name}). */
    static List<JsonProblem> entityProblems(EntitySpec entity) {
        return FORMAT.problems(entity, "/$defs/entity", "");
    }

    /** What is wrong with {@code id} as a rule, scenario or step id, if anything. */
    static Optional<String> idProblem(String id) {
        return FORMAT.problems(id, "/$defs/id", "").stream().map(JsonProblem::message).findFirst();
    }

    /** The problems of rules that share an id, at {@code <base>/<index>/id} of each later one. */
    static List<JsonProblem> repeatedRuleIds(List<String> ids, String base) {
        List<JsonProblem> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            if (!seen.add(ids.get(i))) {
                problems.add(new JsonProblem(base + "/" + i + "/id", repeatedRule(ids.get(i))));
            }
        }
        return problems;
    }

    private static String repeatedRule(String id) {
        return "another rule has the id '" + id + "'";
    }

    // ---- writing ----

    /** The rules in their JSON form, members in the documented order (those a rule does not have left out). */
    @SuppressWarnings("unchecked")
    static List<Object> write(List<Rule> rules) {
        return (List<Object>) Objects.requireNonNull(FORMAT.write(new BookSpec(
                rules.stream().map(RuleFormat::spec).toList(), null, null)).get("rules"), "rules");
    }

    /** A built rule as its JSON form binds it; the effective {@code on_missing} of an expression is written. */
    static RuleSpec spec(Rule rule) {
        RuleScope scope = rule.scope();
        Map<String, ExtractionSpec> extract = new LinkedHashMap<>();
        rule.extract().forEach((variable, extraction) -> extract.put(variable,
                new ExtractionSpec(extraction.pattern(), extraction.type().wireName())));
        return new RuleSpec(rule.id(), scope.kind().wireName(), scope.scenario(), scope.step(), rule.priority(),
                rule.group().orElse(null), rule.conditionText(), rule.actionText(), rule.lane().wireName(),
                rule.enforcementExpression().orElse(null), rule.forbidPattern().orElse(null),
                extract.isEmpty() ? null : extract,
                rule.enforcementExpression().isPresent() ? rule.onMissing().wireName() : null, rule.hard(),
                rule.risky(), rule.tools());
    }

    private static ScenarioSpec spec(Scenario scenario) {
        return new ScenarioSpec(scenario.id(), scenario.description(), scenario.profileFields(),
                scenario.steps().stream().map(step -> new StepSpec(step.id(), step.description(),
                        moves(step.transitions()))).toList(),
                moves(scenario.transitions()), scenario.entryPoints().stream()
                        .map(entry -> new EntryPointSpec(entry.id(), entry.to(), entry.examples())).toList());
    }

    private static List<TransitionSpec> moves(List<Transition> transitions) {
        return transitions.stream().map(move -> new TransitionSpec(move.id(), move.to(), move.examples())).toList();
    }

    private static EntitySpec spec(EntityDeclaration entity) {
        return new EntitySpec(entity.name(), entity.pattern(), entity.type().wireName(), entity.store().wireName());
    }

    // ---- the checks across members ----

    /**
     * The repeated ids and broken references of a book the schema accepted, each at its JSON pointer: rule ids,
     * scenario ids, step ids within a scenario, transition and entry point ids across the book, entity names; a
     * transition or entry point leads to a step of its scenario; a rule's scenario and step exist.
     */
    private static List<JsonProblem> crossMemberProblems(BookSpec book) {
        List<JsonProblem> problems = new ArrayList<>(repeatedRuleIds(book.rules().stream()
                .map(rule -> Objects.requireNonNull(rule.id(), "id")).toList(), RULES));
        Map<String, Set<String>> stepsOf = new HashMap<>();
        Set<String> moves = new HashSet<>();
        List<ScenarioSpec> scenarios = orEmpty(book.scenarios());
        for (int s = 0; s < scenarios.size(); s++) {
            ScenarioSpec scenario = scenarios.get(s);
            String at = "/scenarios/" + s;
            Set<String> steps = new HashSet<>();
            if (stepsOf.putIfAbsent(scenario.id(), steps) != null) {
                problems.add(new JsonProblem(at + "/id", "another scenario has the id '" + scenario.id() + "'"));
            }
            for (int i = 0; i < scenario.steps().size(); i++) {
                if (!steps.add(scenario.steps().get(i).id())) {
                    problems.add(new JsonProblem(at + "/steps/" + i + "/id", "another step of '" + scenario.id()
                            + "' has the id '" + scenario.steps().get(i).id() + "'"));
                }
            }
            Moves check = new Moves(scenario.id(), steps, moves, problems);
            for (int i = 0; i < scenario.steps().size(); i++) {
                check.all(orEmpty(scenario.steps().get(i).transitions()), at + "/steps/" + i + "/transitions");
            }
            check.all(orEmpty(scenario.transitions()), at + "/transitions");
            for (int i = 0; i < scenario.entryPoints().size(); i++) {
                EntryPointSpec entry = scenario.entryPoints().get(i);
                check.one(entry.id(), entry.step(), at + "/entry_points/" + i, "step");
            }
        }
        for (int i = 0; i < book.rules().size(); i++) {
            RuleSpec rule = book.rules().get(i);
            String scenario = rule.scenario();
            Set<String> steps = scenario == null ? null : stepsOf.get(scenario);
            if (scenario != null && steps == null) {
                problems.add(new JsonProblem(RULES + "/" + i + "/scenario", "no scenario has the id '" + scenario
                        + "'"));
            } else if (steps != null && rule.step() != null && !steps.contains(rule.step())) {
                problems.add(new JsonProblem(RULES + "/" + i + "/step", "scenario '" + scenario + "' has no step '"
                        + rule.step() + "'"));
            }
        }
        Set<String> names = new HashSet<>();
        List<EntitySpec> entities = orEmpty(book.entities());
        for (int i = 0; i < entities.size(); i++) {
            if (!names.add(entities.get(i).name())) {
                problems.add(new JsonProblem("/entities/" + i + "/name", "another entity has the name '"
                        + entities.get(i).name() + "'"));
            }
        }
        return problems;
    }

    /** The moves of one scenario, checked: ids unique across the book, each leading to a step of the scenario. */
    private record Moves(String scenario, Set<String> steps, Set<String> ids, List<JsonProblem> problems) {

        void all(List<TransitionSpec> transitions, String at) {
            for (int i = 0; i < transitions.size(); i++) {
                one(transitions.get(i).id(), transitions.get(i).to(), at + "/" + i, "to");
            }
        }

        /** A move to {@code to}, the member {@code toKey}; an entry point without a step enters the first. */
        void one(String id, @Nullable String to, String at, String toKey) {
            if (!ids.add(id)) {
                problems.add(new JsonProblem(at + "/id", "another transition or entry point has the id '" + id
                        + "'"));
            }
            if (to != null && !steps.contains(to)) {
                problems.add(new JsonProblem(at + "/" + toKey, "scenario '" + scenario + "' has no step '" + to
                        + "'"));
            }
        }
    }

    // ---- helpers ----

    /** The constant of {@code values} whose wire name is {@code wire}, which the schema has checked is one. */
    private static <E> E wire(E[] values, Function<E, String> name, @Nullable String wire) {
        for (E value : values) {
            if (name.apply(value).equals(wire)) {
                return value;
            }
        }
        throw new IllegalStateException("the schema and the record disagree on '" + wire + "'");
    }

    private static <T> List<T> orEmpty(@Nullable List<T> list) {
        return list == null ? List.of() : list;
    }

    private static <K, V> Map<K, V> orEmpty(@Nullable Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    private static List<JsonProblem> sorted(List<JsonProblem> problems) {
        List<JsonProblem> sorted = new ArrayList<>(problems);
        sorted.sort(Comparator.comparing(JsonProblem::pointer).thenComparing(JsonProblem::message));
        return List.copyOf(sorted);
    }

    private static InvalidRulesException bookFailure(List<JsonProblem> problems) {
        return new InvalidRulesException("invalid rule book", problems);
    }

    private static InvalidRulesException rulesFailure(List<JsonProblem> problems) {
        return new InvalidRulesException("invalid rules", problems);
    }
}
