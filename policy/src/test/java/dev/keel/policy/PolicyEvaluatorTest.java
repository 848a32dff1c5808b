package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
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

    /**
     * The policy's names are canonical at load and a principal's when it is made; only a domain that is not one of
     * the policy's names is put in canonical form during evaluation. Whatever the spelling, the decision (with its
     * reason codes, snippets and restricted domains) is the one of the canonical names.
     */
    @Test
    void anySpellingOfTheNamesGetsTheDecisionOfTheCanonicalNames() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        List<String> names = policyNames(MarpFixtures.policy());
        names.addAll(List.of("admiral", "no_such_domain", "x", "marp_budget"));
        for (int i = 0; i < 3_000; i++) {
            String role = names.get(random.nextInt(names.size()));
            String clearance = names.get(random.nextInt(names.size()));
            List<String> domains = new ArrayList<>();
            for (int d = random.nextInt(5); d > 0; d--) {
                domains.add(names.get(random.nextInt(names.size())));
            }
            List<String> spelt = new ArrayList<>();
            domains.forEach(domain -> spelt.add(respelt(domain, random)));
            Principal principal = Principal.of(respelt(role, random), respelt(clearance, random));

            assertThat(evaluator.evaluate(principal, spelt))
                    .as("seed %d: %s asking %s", seed, principal, spelt)
                    .isEqualTo(evaluator.evaluate(Principal.of(role, clearance), domains));
        }
    }

    /** Arbitrary strings: evaluation decides as if every name had been put in canonical form first. */
    @Test
    void arbitraryNamesAreDecidedAsTheirCanonicalForms() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        String alphabet = "aAeEnNrRsStT_ -\u2013\u00A0.:9";
        for (int i = 0; i < 3_000; i++) {
            List<String> domains = new ArrayList<>();
            for (int d = random.nextInt(5); d > 0; d--) {
                domains.add(arbitrary(alphabet, random));
            }
            String role = random.nextBoolean() ? "planner" : arbitrary(alphabet, random);
            String clearance = random.nextBoolean() ? "secret" : arbitrary(alphabet, random);
            List<String> canonical = new ArrayList<>();
            domains.forEach(domain -> canonical.add(Names.canonical(domain)));

            assertThat(evaluator.evaluate(Principal.of(role, clearance), domains))
                    .as("seed %d: %s/%s asking %s", seed, role, clearance, domains)
                    .isEqualTo(evaluator.evaluate(Principal.of(Names.canonical(role), Names.canonical(clearance)),
                            canonical));
        }
    }

    private static List<String> policyNames(PolicyDocument policy) {
        Set<String> names = new LinkedHashSet<>(policy.roles().keySet());
        policy.roles().values().forEach(role -> {
            names.addAll(role.allowedClearances());
            names.addAll(role.allowedDomains());
            names.addAll(role.deniedDomains());
        });
        return new ArrayList<>(names);
    }

    // Letters in either case, each underscore a run of separators, white space around.
    private static String respelt(String name, Random random) {
        String[] separators = {"_", " ", "-", "\u2013", "\u00A0", " - ", "__"};
        StringBuilder spelt = new StringBuilder(random.nextBoolean() ? "" : " ");
        for (char c : name.toCharArray()) {
            if (c == '_') {
                spelt.append(separators[random.nextInt(separators.length)]);
            } else {
                spelt.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
            }
        }
        return spelt.append(random.nextBoolean() ? "" : "\t").toString();
    }

    private static String arbitrary(String alphabet, Random random) {
        StringBuilder text = new StringBuilder();
        for (int length = random.nextInt(10); length > 0; length--) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
