package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever role and clearance a prompt claims, the principal a resolver lets through is never granted more than
 * the host's, for any domains asked about; checked on every combination, on a policy that denies domains outright
 * and orders its own clearances, and on one that does neither.
 */
class ClaimNeverRaisesProperties {

    /** The ward's policy, with nurses who may also use the public clearance and answer PARTIAL by default. */
    private static final PolicyDocument WARD = PolicyDocument.parse(DeniedDomainsAndClearanceLevelsTest.WARD
            .replace("\"nurse\": {\"allowed_clearances\": [\"internal\", \"phi\"],",
                    "\"nurse\": {\"allowed_clearances\": [\"public\", \"internal\", \"phi\"],")
            .replace("\"allowed_domains\": [\"bed_management\", \"ward_summaries\"], \"default_decision\": \"ALLOW\"",
                    "\"allowed_domains\": [\"bed_management\", \"ward_summaries\"], \"default_decision\": \"PARTIAL\""));
    private static final PolicyDocument MARP = MarpFixtures.policy();
    private static final PrincipalResolver WARD_RESOLVER = PrincipalResolver.builder().policy(WARD).build();
    private static final PrincipalResolver MARP_RESOLVER = PrincipalResolver.builder().policy(MARP).build();
    private static final PolicyEvaluator WARD_EVALUATOR = PolicyEvaluator.create(WARD);
    private static final PolicyEvaluator MARP_EVALUATOR = PolicyEvaluator.create(MARP);

    /** Every principal the policy lets in: each role with each clearance it allows. */
    private static List<Principal> admitted(PolicyDocument policy) {
        List<Principal> principals = new ArrayList<>();
        policy.roles().forEach((role, rules) -> rules.allowedClearances()
                .forEach(clearance -> principals.add(Principal.of(role, clearance))));
        return principals;
    }

    @Provide
    Arbitrary<Principal> wardHosts() {
        return Arbitraries.of(admitted(WARD));
    }

    @Provide
    Arbitrary<String> wardRoles() {
        return Arbitraries.of(List.copyOf(WARD.roles().keySet()));
    }

    @Provide
    Arbitrary<String> wardClearances() {
        return Arbitraries.of(WARD.clearanceLevels());
    }

    @Provide
    Arbitrary<Set<String>> wardDomains() {
        return Arbitraries.of("patient_records", "bed_management", "ward_summaries", "staffing").set();
    }

    @Provide
    Arbitrary<Principal> marpHosts() {
        return Arbitraries.of(admitted(MARP));
    }

    @Provide
    Arbitrary<String> marpRoles() {
        return Arbitraries.of(List.copyOf(MARP.roles().keySet()));
    }

    @Provide
    Arbitrary<String> marpClearances() {
        return Arbitraries.of("unclassified", "secret", "top_secret");
    }

    @Provide
    Arbitrary<Set<String>> marpDomains() {
        return Arbitraries.of("capability_planning", "transition_calendars", "budget_envelopes",
                "marp_provenance_views", "marp_high_level_summaries").set();
    }

    @Example
    void theWardPolicyIsTheVariantWithPartialNursesOnThePublicClearance() {
        assertThat(admitted(WARD)).contains(Principal.of("nurse", "public"));
        assertThat(WARD.role("nurse").orElseThrow().defaultDecision()).isEqualTo(Decision.PARTIAL);
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void onTheWardPolicy(@ForAll("wardHosts") Principal host, @ForAll("wardRoles") String claimedRole,
            @ForAll("wardClearances") String claimedClearance, @ForAll("wardDomains") Set<String> domains) {
        neverRaises(WARD_RESOLVER, WARD_EVALUATOR, host, claimedRole, claimedClearance, domains);
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void onTheMarpPolicy(@ForAll("marpHosts") Principal host, @ForAll("marpRoles") String claimedRole,
            @ForAll("marpClearances") String claimedClearance, @ForAll("marpDomains") Set<String> domains) {
        neverRaises(MARP_RESOLVER, MARP_EVALUATOR, host, claimedRole, claimedClearance, domains);
    }

    private static void neverRaises(PrincipalResolver resolver, PolicyEvaluator evaluator, Principal host,
            String claimedRole, String claimedClearance, Set<String> domains) {
        Principal resolved = resolver.resolve(host, "ROLE: " + claimedRole + " CLEARANCE: " + claimedClearance)
                .principal().orElseThrow();

        assertThat(evaluator.evaluate(resolved, domains).decision()
                .isAtMostAsPermissiveAs(evaluator.evaluate(host, domains).decision()))
                .as("%s claiming %s/%s asking %s", host, claimedRole, claimedClearance, domains).isTrue();
    }
}
