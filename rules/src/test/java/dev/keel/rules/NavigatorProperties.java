package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stickiness never leaves a scenario for an entry point at or below the exit threshold. */
class NavigatorProperties {

    private static final Position REFUND = Position.of("refund", "collect");

    private static Gen<BigDecimal> scores() {
        return Gen.integers(0, 100).map(n -> BigDecimal.valueOf(n, 2));
    }

    private static Gen<List<NavigationCandidate>> inFlowCandidates() {
        Gen<CandidateKind> kinds = Gen.of(CandidateKind.values());
        Gen<String> scenarios = Gen.of("refund", "sales", "shipping");
        Gen<BigDecimal> scores = scores();
        Gen<NavigationCandidate> candidate = choices -> {
            CandidateKind kind = kinds.generate(choices);
            String scenario = scenarios.generate(choices);
            return new NavigationCandidate("x", kind, kind == CandidateKind.SCENARIO_ENTRY ? scenario : "refund", "s",
                    scores.generate(choices));
        };
        return candidate.list().ofMaxSize(8).map(list -> {
            List<NavigationCandidate> named = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                NavigationCandidate c = list.get(i);
                named.add(new NavigationCandidate("c" + i, c.kind(), c.scenario(), c.step(), c.score()));
            }
            return named;
        });
    }

    private static Gen<NavigationConfig> configs() {
        Gen<BigDecimal> scores = scores();
        return choices -> new NavigationConfig(scores.generate(choices), scores.generate(choices),
                scores.generate(choices));
    }

    @Test
    void aScenarioIsLeftOnlyForAnEntryPointAboveTheExitThreshold() {
        Property.forAll(inFlowCandidates(), configs()).check((candidates, config) -> {
            Navigation navigation = Navigator.create(config).navigate(REFUND, candidates);

            if (navigation.after(REFUND).scenario().equals(REFUND.scenario())) {
                assertThat(navigation.action()).isIn(NavigationAction.ADVANCE, NavigationAction.STAY);
            } else {
                assertThat(navigation.action()).isEqualTo(NavigationAction.SWITCH);
                assertThat(navigation.target().orElseThrow().score()).isGreaterThan(config.exitThreshold());
            }
        });
    }

    @Test
    void withNoEntryPointAboveTheThresholdTheScenarioIsKept() {
        Property.forAll(inFlowCandidates()).check(candidates -> {
            BigDecimal threshold = NavigationConfig.DEFAULTS.exitThreshold();
            List<NavigationCandidate> belowThreshold = candidates.stream()
                    .filter(c -> c.kind() != CandidateKind.SCENARIO_ENTRY || c.score().compareTo(threshold) <= 0)
                    .toList();

            Navigation navigation = Navigator.create().navigate(REFUND, belowThreshold);

            assertThat(navigation.after(REFUND).scenario()).isEqualTo("refund");
        });
    }

    @Test
    void everyCandidateIsScoredInOrderAndBoostedOnlyInItsScenario() {
        Property.forAll(inFlowCandidates()).check(candidates -> {
            Navigation navigation = Navigator.create().navigate(REFUND, candidates);

            assertThat(navigation.scores()).hasSameSizeAs(candidates);
            for (int i = 0; i < candidates.size(); i++) {
                NavigationCandidate c = candidates.get(i);
                BigDecimal boost = c.scenario().equals("refund") ? NavigationConfig.DEFAULTS.stickinessBoost()
                        : BigDecimal.ZERO;
                assertThat(navigation.scores().get(i).id()).isEqualTo(c.id());
                assertThat(navigation.scores().get(i).effective()).isEqualByComparingTo(c.score().add(boost));
            }
        });
    }
}
