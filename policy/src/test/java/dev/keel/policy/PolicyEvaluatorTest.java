package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The decision rules of {@code docs/policy.md}, rule by rule, on the MARP policy. */
class PolicyEvaluatorTest {

    private final PolicyEvaluator evaluator = PolicyEvaluator.create(MarpFixtures.policy());

    private static List<String> domains(String spaceSeparated) {
        return spaceSeparated == null || spaceSeparated.isBlank() ? List.of() : Arrays.asList(spaceSeparated.split(" "));
    }

    @ParameterizedTest(name = "{0}/{1} asking {2} -> {3} {4}")
    @CsvSource(nullValues = "-", value = {
        // rule 1: unknown role -> DENY, whatever else holds
        "admiral,     secret,       -,                                      DENY,    role_unknown",
        "admiral,     top_secret,   capability_planning,                    DENY,    role_unknown",
        "'',          secret,       -,                                      DENY,    role_unknown",
        // rule 2: clearance not allowed for the role -> DENY, checked before domains
        "planner,     unclassified, -,                                      DENY,    clearance_not_allowed",
        "planner,     confidential, marp_provenance_views,                  DENY,    clearance_not_allowed",
        "guest,       top_secret,   marp_high_level_summaries,              DENY,    clearance_not_allowed",
        // rule 3: any requested domain outside the allowed set -> PARTIAL, even for an ALLOW role
        "planner,     secret,       marp_provenance_views,                  PARTIAL, domain_not_allowed",
        "planner,     top_secret,   capability_planning marp_provenance_views, PARTIAL, domain_not_allowed",
        "guest,       unclassified, capability_planning,                    PARTIAL, domain_not_allowed",
        "auditor,     secret,       no_such_domain,                         PARTIAL, domain_not_allowed",
        // rule 4: otherwise the role's default decision
        "planner,     secret,       capability_planning transition_calendars budget_envelopes, ALLOW, role_default_allow",
        "planner,     top_secret,   -,                                      ALLOW,   role_default_allow",
        "auditor,     secret,       marp_provenance_views marp_high_level_summaries, ALLOW, role_default_allow",
        "guest,       secret,       marp_high_level_summaries,              PARTIAL, role_default_partial",
        "guest,       unclassified, -,                                      PARTIAL, role_default_partial",
    })
    void appliesTheRulesInTheSeedsOrder(String role, String clearance, String requested, Decision expected, String reason) {
        PolicyDecision decision = evaluator.evaluate(Principal.of(role, clearance), domains(requested));

        assertThat(decision.decision()).isEqualTo(expected);
        assertThat(decision.reasonCodes().values()).containsExactly(reason);
        assertThat(decision.policyId()).isEqualTo("marp-fleet-transition");
        assertThat(decision.policyVersion()).isEqualTo("1");
    }

    @Test
    void noPrincipalIsDenied() {
        PolicyDecision decision = evaluator.evaluate(null, List.of("capability_planning"));

        assertThat(decision.decision()).isEqualTo(Decision.DENY);
        assertThat(decision.reasonCodes().values()).containsExactly("principal_missing");
        assertThat(decision.snippets()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "Planner, Secret, Capability Planning",
        "PLANNER, TOP SECRET, capability-planning",
        "' planner ', top-secret, capability__planning",
        "planner, top_secret, CAPABILITY_PLANNING",
    })
    void namesAreComparedInCanonicalForm(String role, String clearance, String domain) {
        assertThat(evaluator.evaluate(Principal.of(role, clearance), List.of(domain)).decision())
                .isEqualTo(Decision.ALLOW);
    }

    @Test
    void partialNamesTheRestrictedDomainsOnce() {
        PolicyDecision decision = evaluator.evaluate(Principal.of("planner", "secret"),
                List.of("marp_provenance_views", "capability_planning", "Marp Provenance Views", "x"));

        assertThat(decision.restrictedDomains()).containsExactly("marp_provenance_views", "x");
    }

    @Test
    void snippetsQuoteThePolicyTheDecisionRestedOn() {
        PolicyDecision denied = evaluator.evaluate(Principal.of("guest", "top_secret"), List.of());
        PolicyDecision partial = evaluator.evaluate(Principal.of("planner", "secret"), List.of("marp_provenance_views"));
        PolicyDecision allowed = evaluator.evaluate(Principal.of("planner", "secret"), List.of());
        PolicyDecision unknown = evaluator.evaluate(Principal.of("admiral", "secret"), List.of());

        assertThat(denied.snippets()).containsExactly(
                new PolicySnippet("/roles/guest/allowed_clearances", List.of("unclassified", "secret")));
        assertThat(partial.snippets()).extracting(PolicySnippet::pointer).containsExactly(
                "/roles/planner/allowed_clearances", "/roles/planner/allowed_domains",
                "/restrictions/0/description", "/restrictions/1/description");
        assertThat(allowed.snippets()).extracting(PolicySnippet::pointer).containsExactly(
                "/roles/planner/allowed_clearances", "/roles/planner/allowed_domains",
                "/roles/planner/default_decision", "/restrictions/0/description", "/restrictions/1/description");
        assertThat(allowed.snippets().get(2).value()).isEqualTo("ALLOW");
        // An unknown role rests on no part of the document, and the decision reveals none of it.
        assertThat(unknown.snippets()).isEmpty();
    }

    @Test
    void theWireFormIsTheEvalOpResult() {
        assertThat(evaluator.evaluate(Principal.of("planner", "secret"), List.of("marp_provenance_views")).toWire())
                .containsExactly(java.util.Map.entry("decision", "PARTIAL"),
                        java.util.Map.entry("reason_codes", List.of("domain_not_allowed")));
    }

    @Test
    void aNullDomainIsATypedError() {
        assertThatThrownBy(() -> evaluator.evaluate(Principal.of("planner", "secret"), Arrays.asList("x", null)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("must not contain null");
    }

    @Test
    void decisionsWithoutRestrictedDomainsAreSharedNotRebuilt() {
        Principal planner = Principal.of("planner", "secret");

        assertThat(evaluator.evaluate(planner, List.of("capability_planning")))
                .isSameAs(evaluator.evaluate(planner, List.of()));
    }
}
