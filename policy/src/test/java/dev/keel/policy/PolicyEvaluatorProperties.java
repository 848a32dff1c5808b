package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyEvaluatorProperties {

    private static final PolicyDocument POLICY = MarpFixtures.policy();
    private static final PolicyEvaluator EVALUATOR = PolicyEvaluator.create(POLICY);

    /** Known names mixed with arbitrary strings, so that every rule gets exercised. */
    private static final Gen<String> NAMES = Gen.oneOf(
            Gen.of("planner", "auditor", "guest", "secret", "top_secret", "Top Secret", "unclassified",
                    "capability_planning", "transition_calendars", "budget_envelopes", "marp_provenance_views",
                    "marp_high_level_summaries"),
            Gen.strings().ofMaxLength(30),
            Gen.strings().all().ofMaxLength(12));

    private static final Gen<List<String>> DOMAIN_LISTS = NAMES.list().ofMaxSize(6);

    @Test
    void evaluationNeverThrowsOnArbitraryStrings() {
        Property.forAll(NAMES, NAMES, DOMAIN_LISTS).tries(1000).check((role, clearance, domains) -> {
            PolicyDecision decision = EVALUATOR.evaluate(Principal.of(role, clearance), domains);

            assertThat(decision.reasonCodes().size()).isEqualTo(1);
        });
    }

    @Test
    void anUnknownRoleIsAlwaysDenied() {
        Property.forAll(Gen.strings().all(), NAMES, DOMAIN_LISTS).tries(1000).check((role, clearance, domains) -> {
            Property.assume(POLICY.role(role).isEmpty());

            PolicyDecision decision = EVALUATOR.evaluate(Principal.of(role, clearance), domains);

            assertThat(decision.decision()).isEqualTo(Decision.DENY);
            assertThat(decision.reasonCodes().values()).containsExactly("role_unknown");
        });
    }

    @Test
    void addingADomainNeverUpgradesTheDecision() {
        Property.forAll(NAMES, NAMES, DOMAIN_LISTS, NAMES).tries(1000).check((role, clearance, domains, added) -> {
            Principal principal = Principal.of(role, clearance);
            List<String> more = new ArrayList<>(domains);
            more.add(added);

            Decision before = EVALUATOR.evaluate(principal, domains).decision();
            Decision after = EVALUATOR.evaluate(principal, more).decision();

            assertThat(after.isAtMostAsPermissiveAs(before)).as("%s then %s", before, after).isTrue();
        });
    }

    @Test
    void theSameQuestionAlwaysGetsTheSameAnswer() {
        Property.forAll(NAMES, NAMES, DOMAIN_LISTS).tries(1000).check((role, clearance, domains) -> {
            PolicyDecision first = EVALUATOR.evaluate(Principal.of(role, clearance), domains);
            PolicyDecision second = PolicyEvaluator.create(POLICY).evaluate(Principal.of(role, clearance),
                    new ArrayList<>(domains));

            assertThat(second).isEqualTo(first);
        });
    }

    @Test
    void domainOrderDoesNotChangeTheDecision() {
        Property.forAll(NAMES, NAMES, DOMAIN_LISTS).tries(1000).check((role, clearance, domains) -> {
            List<String> reversed = new ArrayList<>(domains);
            java.util.Collections.reverse(reversed);

            assertThat(EVALUATOR.evaluate(Principal.of(role, clearance), reversed).decision())
                    .isEqualTo(EVALUATOR.evaluate(Principal.of(role, clearance), domains).decision());
        });
    }
}
