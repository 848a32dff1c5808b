package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Selection is a pure filter and sort; adding a rule never takes a hard rule out of the checked set. */
class RuleSetProperties {

    private static final List<String> SCENARIOS = List.of("refund", "sales");
    private static final List<String> STEPS = List.of("collect", "confirm");
    private static final List<String> WORDS = List.of("acme", "globex", "refund", "thanks");

    @Provide
    Arbitrary<List<Rule>> ruleSets() {
        Arbitrary<RuleScope> scope = Arbitraries.oneOf(Arbitraries.just(RuleScope.global()),
                Arbitraries.of(SCENARIOS).map(RuleScope::scenario),
                Combinators.combine(Arbitraries.of(SCENARIOS), Arbitraries.of(STEPS)).as(RuleScope::step));
        Arbitrary<Rule.Builder> rule = Combinators.combine(scope, Arbitraries.integers().between(-2, 2),
                Arbitraries.of("", "tone", "money"), Arbitraries.of(WORDS), Arbitraries.of(true, false),
                Arbitraries.of(Lane.values())).as((s, priority, group, word, hard, lane) -> {
                    Rule.Builder b = Rule.builder("x").scope(hard ? RuleScope.global() : s).priority(priority)
                            .group(group.isEmpty() ? null : group).conditionText("c").actionText("a").hard(hard);
                    return lane == Lane.SUBJECTIVE ? b.lane(Lane.SUBJECTIVE) : b.forbidPattern("(?i)\\b" + word + "\\b");
                });
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

    @Provide
    Arbitrary<Position> positions() {
        return Arbitraries.oneOf(Arbitraries.just(Position.none()),
                Arbitraries.of(SCENARIOS).map(s -> Position.of(s, null)),
                Combinators.combine(Arbitraries.of(SCENARIOS), Arbitraries.of(STEPS)).as(Position::of));
    }

    @Property
    void selectionIsTheInScopeRulesSortedThenTheFirstOfEachGroup(@ForAll("ruleSets") List<Rule> rules,
                                                                  @ForAll("positions") Position position) {
        List<Rule> expected = rules.stream().filter(rule -> rule.scope().contains(position))
                .sorted(Comparator.comparingInt(Rule::priority).reversed()
                        .thenComparing(rule -> rule.scope().kind()).thenComparing(Rule::id))
                .collect(Collectors.toCollection(ArrayList::new));
        Set<String> taken = new HashSet<>();
        expected.removeIf(rule -> rule.group().isPresent() && !taken.add(rule.group().get()));

        assertThat(RuleSet.of(rules).select(position)).containsExactlyElementsOf(expected);
    }

    @Property
    void selectionDoesNotDependOnTheOrderTheRulesCameIn(@ForAll("ruleSets") List<Rule> rules,
                                                        @ForAll("positions") Position position) {
        List<Rule> reversed = new ArrayList<>(rules);
        Collections.reverse(reversed);

        assertThat(RuleSet.of(reversed).select(position)).isEqualTo(RuleSet.of(rules).select(position));
    }

    @Property
    void addingARuleNeverRemovesAHardRuleFromTheCheckedSet(@ForAll("ruleSets") List<Rule> rules,
                                                          @ForAll("positions") Position position,
                                                          @ForAll("ruleSets") List<Rule> more,
                                                          @ForAll("answers") String answer) {
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
    }

    @Property
    void everyHardRuleIsCheckedWhateverIsSelected(@ForAll("ruleSets") List<Rule> rules, @ForAll("answers") String answer) {
        RuleSet set = RuleSet.of(rules);
        RuleVerdict verdict = set.check(request(List.of(), answer));

        for (Rule hard : set.hardRules()) {
            if (hard.lane() == Lane.SUBJECTIVE) {
                assertThat(verdict.judge()).contains(hard.id());
            } else {
                boolean matches = java.util.regex.Pattern.compile(hard.forbidPattern().orElseThrow()).matcher(answer)
                        .find();
                assertThat(verdict.violations().contains(new RuleViolation(hard.id(), Lane.DETERMINISTIC)))
                        .isEqualTo(matches);
            }
        }
    }

    @Provide
    Arbitrary<String> answers() {
        return Arbitraries.of(WORDS).list().ofMaxSize(4).map(words -> String.join(" ", words));
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
