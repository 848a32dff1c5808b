package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

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

    /** Every set of the domains, the empty one included. */
    private static List<Set<String>> subsets(List<String> domains) {
        List<Set<String>> subsets = new ArrayList<>();
        for (int mask = 0; mask < 1 << domains.size(); mask++) {
            Set<String> subset = new LinkedHashSet<>();
            for (int i = 0; i < domains.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    subset.add(domains.get(i));
                }
            }
            subsets.add(subset);
        }
        return subsets;
    }

    @Test
    void theWardPolicyIsTheVariantWithPartialNursesOnThePublicClearance() {
        assertThat(admitted(WARD)).contains(Principal.of("nurse", "public"));
        assertThat(WARD.role("nurse").orElseThrow().defaultDecision()).isEqualTo(Decision.PARTIAL);
    }

    // Every combination rather than drawn ones: there are few enough, and a sample could miss the one that matters.

    @Test
    void onTheWardPolicy() {
        everyCombinationNeverRaises(WARD_RESOLVER, WARD_EVALUATOR, admitted(WARD), List.copyOf(WARD.roles().keySet()),
                WARD.clearanceLevels(), List.of("patient_records", "bed_management", "ward_summaries", "staffing"));
    }

    @Test
    void onTheMarpPolicy() {
        everyCombinationNeverRaises(MARP_RESOLVER, MARP_EVALUATOR, admitted(MARP), List.copyOf(MARP.roles().keySet()),
                List.of("unclassified", "secret", "top_secret"), List.of("capability_planning", "transition_calendars",
                        "budget_envelopes", "marp_provenance_views", "marp_high_level_summaries"));
    }

    /** Checks every host with every claimed role and clearance and every set of the domains. */
    private static void everyCombinationNeverRaises(PrincipalResolver resolver, PolicyEvaluator evaluator,
            List<Principal> hosts, List<String> claimedRoles, List<String> claimedClearances, List<String> domains) {
        for (Principal host : hosts) {
            for (String claimedRole : claimedRoles) {
                for (String claimedClearance : claimedClearances) {
                    for (Set<String> asked : subsets(domains)) {
                        neverRaises(resolver, evaluator, host, claimedRole, claimedClearance, asked);
                    }
                }
            }
        }
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
