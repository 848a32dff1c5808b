package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Stickiness never leaves a scenario for an entry point at or below the exit threshold. */
class NavigatorProperties {

    private static final Position REFUND = Position.of("refund", "collect");

    @Provide
    Arbitrary<BigDecimal> scores() {
        return Arbitraries.integers().between(0, 100).map(n -> BigDecimal.valueOf(n, 2));
    }

    @Provide
    Arbitrary<List<NavigationCandidate>> inFlowCandidates() {
        Arbitrary<NavigationCandidate> candidate = Combinators.combine(Arbitraries.of(CandidateKind.values()),
                Arbitraries.of("refund", "sales", "shipping"), scores()).as((kind, scenario, score) ->
                new NavigationCandidate("x", kind, kind == CandidateKind.SCENARIO_ENTRY ? scenario : "refund", "s",
                        score));
        return candidate.list().ofMaxSize(8).map(list -> {
            List<NavigationCandidate> named = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                NavigationCandidate c = list.get(i);
                named.add(new NavigationCandidate("c" + i, c.kind(), c.scenario(), c.step(), c.score()));
            }
            return named;
        });
    }

    @Provide
    Arbitrary<NavigationConfig> configs() {
        return Combinators.combine(scores(), scores(), scores()).as(NavigationConfig::new);
    }

    @Property
    void aScenarioIsLeftOnlyForAnEntryPointAboveTheExitThreshold(@ForAll("inFlowCandidates") List<NavigationCandidate>
                                                                         candidates,
                                                                 @ForAll("configs") NavigationConfig config) {
        Navigation navigation = Navigator.create(config).navigate(REFUND, candidates);

        if (navigation.after(REFUND).scenario().equals(REFUND.scenario())) {
            assertThat(navigation.action()).isIn(NavigationAction.ADVANCE, NavigationAction.STAY);
        } else {
            assertThat(navigation.action()).isEqualTo(NavigationAction.SWITCH);
            assertThat(navigation.target().orElseThrow().score()).isGreaterThan(config.exitThreshold());
        }
    }

    @Property
    void withNoEntryPointAboveTheThresholdTheScenarioIsKept(@ForAll("inFlowCandidates") List<NavigationCandidate>
                                                                    candidates) {
        List<NavigationCandidate> belowThreshold = candidates.stream().filter(c -> c.kind() != CandidateKind.SCENARIO_ENTRY
                || c.score().compareTo(NavigationConfig.DEFAULTS.exitThreshold()) <= 0).toList();

        Navigation navigation = Navigator.create().navigate(REFUND, belowThreshold);

        assertThat(navigation.after(REFUND).scenario()).isEqualTo("refund");
    }

    @Property
    void everyCandidateIsScoredInOrderAndBoostedOnlyInItsScenario(@ForAll("inFlowCandidates")
                                                                          List<NavigationCandidate> candidates) {
        Navigation navigation = Navigator.create().navigate(REFUND, candidates);

        assertThat(navigation.scores()).hasSameSizeAs(candidates);
        for (int i = 0; i < candidates.size(); i++) {
            NavigationCandidate c = candidates.get(i);
            BigDecimal boost = c.scenario().equals("refund") ? NavigationConfig.DEFAULTS.stickinessBoost() : BigDecimal.ZERO;
            assertThat(navigation.scores().get(i).id()).isEqualTo(c.id());
            assertThat(navigation.scores().get(i).effective()).isEqualByComparingTo(c.score().add(boost));
        }
    }
}
