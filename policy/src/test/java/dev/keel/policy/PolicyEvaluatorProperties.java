package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PolicyEvaluatorProperties {

    private static final PolicyDocument POLICY = MarpFixtures.policy();
    private static final PolicyEvaluator EVALUATOR = PolicyEvaluator.create(POLICY);

    /** Known names mixed with arbitrary strings, so that every rule gets exercised. */
    @Provide
    Arbitrary<String> names() {
        return Arbitraries.oneOf(
                Arbitraries.of("planner", "auditor", "guest", "secret", "top_secret", "Top Secret", "unclassified",
                        "capability_planning", "transition_calendars", "budget_envelopes", "marp_provenance_views",
                        "marp_high_level_summaries"),
                Arbitraries.strings().ofMaxLength(30),
                Arbitraries.strings().all().ofMaxLength(12));
    }

    @Provide
    Arbitrary<List<String>> domainLists() {
        return names().list().ofMaxSize(6);
    }

    @Property
    void evaluationNeverThrowsOnArbitraryStrings(@ForAll("names") String role, @ForAll("names") String clearance,
            @ForAll("domainLists") List<String> domains) {
        PolicyDecision decision = EVALUATOR.evaluate(Principal.of(role, clearance), domains);

        assertThat(decision.reasonCodes().size()).isEqualTo(1);
    }

    @Property
    void anUnknownRoleIsAlwaysDenied(@ForAll String role, @ForAll("names") String clearance,
            @ForAll("domainLists") List<String> domains) {
        net.jqwik.api.Assume.that(POLICY.role(role).isEmpty());

        PolicyDecision decision = EVALUATOR.evaluate(Principal.of(role, clearance), domains);

        assertThat(decision.decision()).isEqualTo(Decision.DENY);
        assertThat(decision.reasonCodes().values()).containsExactly("role_unknown");
    }

    @Property
    void addingADomainNeverUpgradesTheDecision(@ForAll("names") String role, @ForAll("names") String clearance,
            @ForAll("domainLists") List<String> domains, @ForAll("names") String added) {
        Principal principal = Principal.of(role, clearance);
        List<String> more = new ArrayList<>(domains);
        more.add(added);

        Decision before = EVALUATOR.evaluate(principal, domains).decision();
        Decision after = EVALUATOR.evaluate(principal, more).decision();

        assertThat(after.isAtMostAsPermissiveAs(before)).as("%s then %s", before, after).isTrue();
    }

    @Property
    void theSameQuestionAlwaysGetsTheSameAnswer(@ForAll("names") String role, @ForAll("names") String clearance,
            @ForAll("domainLists") List<String> domains) {
        PolicyDecision first = EVALUATOR.evaluate(Principal.of(role, clearance), domains);
        PolicyDecision second = PolicyEvaluator.create(POLICY).evaluate(Principal.of(role, clearance),
                new ArrayList<>(domains));

        assertThat(second).isEqualTo(first);
    }

    @Property
    void domainOrderDoesNotChangeTheDecision(@ForAll("names") String role, @ForAll("names") String clearance,
            @ForAll("domainLists") List<String> domains) {
        List<String> reversed = new ArrayList<>(domains);
        java.util.Collections.reverse(reversed);

        assertThat(EVALUATOR.evaluate(Principal.of(role, clearance), reversed).decision())
                .isEqualTo(EVALUATOR.evaluate(Principal.of(role, clearance), domains).decision());
    }
}
