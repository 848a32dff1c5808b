package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The governance plane end to end on the MARP example. */
class GovernancePlaneTest {

    private final GovernancePlane marp = GovernancePlane.builder()
            .policy(MarpFixtures.policy())
            .principalResolver(MarpFixtures.principalResolver())
            .knowledgeRanker(KnowledgeRanker.bm25(MarpFixtures.knowledge()))
            .build();

    @Test
    void aPlannerAskingAboutRetirementIsAllowed() {
        GovernanceBundle bundle = marp.assess(null, "SCENARIO 3: retire two boats in Q3 within the budget");

        assertThat(bundle.principal()).contains(Principal.of("planner", "secret"));
        assertThat(bundle.domains()).containsExactly("capability_planning", "transition_calendars", "budget_envelopes");
        assertThat(bundle.decision()).isEqualTo(Decision.ALLOW);
        assertThat(bundle.reasonCodes().values()).containsExactly("principal_from_default", "role_default_allow");
        assertThat(bundle.rationale()).isNotEmpty().hasSizeLessThanOrEqualTo(GovernancePlane.DEFAULT_RATIONALE_SIZE);
    }

    @Test
    void aPlannerAskingForProvenanceGetsAPartialAnswer() {
        GovernanceBundle bundle = marp.assess(null, "Retire two boats; show the provenance of each figure");

        assertThat(bundle.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(bundle.policyDecision().restrictedDomains()).containsExactly("marp_provenance_views");
        assertThat(bundle.rationale()).extracting(r -> r.passage().section())
                .anySatisfy(section -> assertThat(section).endsWith("Partial answers"));
    }

    @Test
    void anAuditorClaimInThePromptIsHonouredInTheMarpExample() {
        GovernanceBundle bundle = marp.assess(null, "ROLE / CLEARANCE: auditor / top secret. Retire two boats; provenance please.");

        assertThat(bundle.principal()).contains(Principal.of("auditor", "top_secret"));
        assertThat(bundle.decision()).isEqualTo(Decision.ALLOW);
    }

    @Test
    void byDefaultAClaimCannotRaisePrivilegeAndNoPrincipalIsDenied() {
        GovernancePlane strict = GovernancePlane.builder().policy(MarpFixtures.policy()).build();

        GovernanceBundle raised = strict.assess(Principal.of("guest", "secret"), "ROLE: planner. Retire two boats.");
        GovernanceBundle nobody = strict.assess(null, "Retire two boats.");

        assertThat(raised.principal()).contains(Principal.of("guest", "secret"));
        assertThat(raised.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(raised.reasonCodes().values()).contains("principal_claim_raises_privilege", "domain_not_allowed");
        assertThat(nobody.decision()).isEqualTo(Decision.DENY);
        assertThat(nobody.reasonCodes().values()).containsExactly("principal_missing");
        assertThat(nobody.rationale()).isEmpty();
    }

    @Test
    void theBundleFeedsTheProvenanceStub() {
        GovernanceBundle bundle = marp.assess(Principal.of("planner", "top_secret"), "Retire two boats in Q3");

        Provenance provenance = bundle.applyTo(Provenance.builder()).build();

        Map<String, Object> wire = provenance.toWire();
        assertThat(wire).containsEntry("role", "planner").containsEntry("clearance", "top_secret")
                .containsEntry("decision", "ALLOW")
                .containsEntry("domains", List.of("capability_planning", "transition_calendars", "budget_envelopes"));
    }

    @Test
    void theBundleWireFormCarriesEverythingTheSeedRecords() {
        Map<String, Object> wire = marp.assess(null, "Retire two boats").toWire();

        assertThat(wire).containsKeys("role", "clearance", "principal_source", "domains", "decision", "reason_codes",
                "restricted_domains", "policy_id", "policy_version", "policy_snippets", "rationale");
        assertThat((List<?>) wire.get("policy_snippets")).isNotEmpty();
    }

    @Test
    void aPolicyWithoutDomainRulesNeedsADetector() {
        PolicyDocument bare = PolicyDocument.parse("{\"policy_id\":\"p\",\"version\":\"1\",\"roles\":{\"planner\":"
                + "{\"allowed_clearances\":[\"secret\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}}}");

        assertThatThrownBy(() -> GovernancePlane.builder().policy(bare).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("no domain_rules");
        assertThat(GovernancePlane.builder().policy(bare).domainDetector(MarpFixtures.domainDetector()).build()
                .assess(Principal.of("planner", "secret"), "retire boats").decision()).isEqualTo(Decision.PARTIAL);
        assertThatThrownBy(() -> GovernancePlane.builder().build()).isInstanceOf(ConfigurationException.class);
    }
}
