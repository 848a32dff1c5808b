package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Selection is a pure filter and sort; adding a rule never takes a hard rule out of the checked set. */
class RuleSetProperties {

    private static final List<String> SCENARIOS = List.of("refund", "sales");
    private static final List<String> STEPS = List.of("collect", "confirm");
    private static final List<String> WORDS = List.of("acme", "globex", "refund", "thanks");

    private static Gen<List<Rule>> ruleSets() {
        Gen<String> scenarios = Gen.of(SCENARIOS);
        Gen<String> steps = Gen.of(STEPS);
        Gen<RuleScope> scopes = Gen.oneOf(Gen.just(RuleScope.global()), scenarios.map(RuleScope::scenario),
                choices -> RuleScope.step(scenarios.generate(choices), steps.generate(choices)));
        Gen<Integer> priorities = Gen.integers(-2, 2);
        Gen<String> groups = Gen.of("", "tone", "money");
        Gen<String> words = Gen.of(WORDS);
        Gen<Boolean> hards = Gen.booleans();
        Gen<Lane> lanes = Gen.of(Lane.values());
        Gen<Rule.Builder> rule = choices -> {
            RuleScope scope = scopes.generate(choices);
            int priority = priorities.generate(choices);
            String group = groups.generate(choices);
            String word = words.generate(choices);
            boolean hard = hards.generate(choices);
            Lane lane = lanes.generate(choices);
            Rule.Builder b = Rule.builder("x").scope(hard ? RuleScope.global() : scope).priority(priority)
                    .group(group.isEmpty() ? null : group).conditionText("c").actionText("a").hard(hard);
            return lane == Lane.SUBJECTIVE ? b.lane(Lane.SUBJECTIVE) : b.forbidPattern("(?i)\\b" + word + "\\b");
        };
        return rule.list().ofMaxSize(12).map(RuleSetProperties::withIds);
    }

    /** Gives the rules distinct ids in a random order, so that the id order is independent of the list order. */
    private static List<Rule> withIds(List<Rule.Builder> builders) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < builders.size(); i++) {
            numbers.add(i);
        }
        Collections.shuffle(numbers, new Random(builders.size()));
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < builders.size(); i++) {
            Rule.Builder b = builders.get(i);
            Rule template = b.build();
            Rule.Builder copy = Rule.builder("r" + numbers.get(i)).scope(template.scope()).priority(template.priority())
                    .group(template.group().orElse(null)).conditionText("c").actionText("a").hard(template.hard());
            template.forbidPattern().ifPresentOrElse(copy::forbidPattern, () -> copy.lane(Lane.SUBJECTIVE));
            rules.add(copy.build());
        }
        return rules;
    }

    private static Gen<Position> positions() {
        Gen<String> scenarios = Gen.of(SCENARIOS);
        Gen<String> steps = Gen.of(STEPS);
        return Gen.oneOf(Gen.just(Position.none()), scenarios.map(s -> Position.of(s, null)),
                choices -> Position.of(scenarios.generate(choices), steps.generate(choices)));
    }

    @Test
    void selectionIsTheInScopeRulesSortedThenTheFirstOfEachGroup() {
        Property.forAll(ruleSets(), positions()).check((rules, position) -> {
            List<Rule> expected = rules.stream().filter(rule -> rule.scope().contains(position))
                    .sorted(Comparator.comparingInt(Rule::priority).reversed()
                            .thenComparing(rule -> rule.scope().kind()).thenComparing(Rule::id))
                    .collect(Collectors.toCollection(ArrayList::new));
            Set<String> taken = new HashSet<>();
            expected.removeIf(rule -> rule.group().isPresent() && !taken.add(rule.group().get()));

            assertThat(RuleSet.of(rules).select(position)).containsExactlyElementsOf(expected);
        });
    }

    @Test
    void selectionDoesNotDependOnTheOrderTheRulesCameIn() {
        Property.forAll(ruleSets(), positions()).check((rules, position) -> {
            List<Rule> reversed = new ArrayList<>(rules);
            Collections.reverse(reversed);

            assertThat(RuleSet.of(reversed).select(position)).isEqualTo(RuleSet.of(rules).select(position));
        });
    }

    @Test
    void addingARuleNeverRemovesAHardRuleFromTheCheckedSet() {
        Property.forAll(ruleSets(), positions(), ruleSets(), answers()).check((rules, position, more, answer) -> {
            RuleSet before = RuleSet.of(rules);
            List<Rule> grown = new ArrayList<>(rules);
            more.stream().limit(1).map(rule -> renamed(rule, "added")).forEach(grown::add);
            RuleSet after = RuleSet.of(grown);
            List<String> selectedBefore = before.select(position).stream().map(Rule::id).toList();
            List<String> selectedAfter = after.select(position).stream().map(Rule::id).toList();

            RuleVerdict verdictBefore = before.check(request(selectedBefore, answer));
            RuleVerdict verdictAfter = after.check(request(selectedAfter, answer));

            assertThat(after.hardRules()).containsAll(before.hardRules());
            List<String> hardViolated = verdictBefore.violations().stream().map(RuleViolation::ruleId)
                    .filter(id -> before.find(id).orElseThrow().hard()).toList();
            assertThat(verdictAfter.violations().stream().map(RuleViolation::ruleId)).containsAll(hardViolated);
            List<String> hardJudged = verdictBefore.judge().stream().filter(id -> before.find(id).orElseThrow().hard())
                    .toList();
            assertThat(verdictAfter.judge()).containsAll(hardJudged);
        });
    }

    @Test
    void everyHardRuleIsCheckedWhateverIsSelected() {
        Property.forAll(ruleSets(), answers()).check((rules, answer) -> {
            RuleSet set = RuleSet.of(rules);
            RuleVerdict verdict = set.check(request(List.of(), answer));

            for (Rule hard : set.hardRules()) {
                if (hard.lane() == Lane.SUBJECTIVE) {
                    assertThat(verdict.judge()).contains(hard.id());
                } else {
                    boolean matches = Pattern.compile(hard.forbidPattern().orElseThrow()).matcher(answer).find();
                    assertThat(verdict.violations().contains(new RuleViolation(hard.id(), Lane.DETERMINISTIC)))
                            .isEqualTo(matches);
                }
            }
        });
    }

    private static Gen<String> answers() {
        return Gen.of(WORDS).list().ofMaxSize(4).map(words -> String.join(" ", words));
    }

    private static EnforcementRequest request(List<String> selected, String answer) {
        return EnforcementRequest.builder().selected(selected).response(answer).build();
    }

    private static Rule renamed(Rule rule, String id) {
        Rule.Builder copy = Rule.builder(id).scope(rule.scope()).priority(rule.priority())
                .group(rule.group().orElse(null)).conditionText("c").actionText("a").hard(rule.hard());
        rule.forbidPattern().ifPresentOrElse(copy::forbidPattern, () -> copy.lane(Lane.SUBJECTIVE));
        return copy.build();
    }
}
