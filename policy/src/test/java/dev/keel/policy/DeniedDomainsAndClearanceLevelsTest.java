package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A role's domains denied outright (DENY, where a domain merely not allowed gives PARTIAL) and a policy's own
 * clearance order, on a ward's policy: guests may ask about the ward, never about a patient.
 */
class DeniedDomainsAndClearanceLevelsTest {

    static final String WARD = "{\"policy_id\": \"ward\", \"version\": \"1\","
            + " \"clearance_levels\": [\"public\", \"internal\", \"phi\"],"
            + " \"roles\": {"
            + "  \"physician\": {\"allowed_clearances\": [\"internal\", \"phi\"],"
            + "   \"allowed_domains\": [\"patient_records\", \"bed_management\", \"ward_summaries\"],"
            + "   \"default_decision\": \"ALLOW\"},"
            + "  \"nurse\": {\"allowed_clearances\": [\"internal\", \"phi\"],"
            + "   \"allowed_domains\": [\"bed_management\", \"ward_summaries\"], \"default_decision\": \"ALLOW\"},"
            + "  \"guest\": {\"allowed_clearances\": [\"public\"], \"allowed_domains\": [\"ward_summaries\"],"
            + "   \"default_decision\": \"PARTIAL\", \"denied_domains\": [\"patient_records\", \"staffing\"]}},"
            + " \"sensitivity\": {\"internal_only_clearances\": [\"phi\"], \"internal_only_domains\": [\"patient_records\"]}}";

    private final PolicyDocument ward = PolicyDocument.parse(WARD);
    private final PolicyEvaluator evaluator = PolicyEvaluator.create(ward);

    @Test
    void aDeniedDomainDeniesWhereADomainNotAllowedOnlyLimits() {
        PolicyDecision patient = evaluator.evaluate(Principal.of("guest", "public"),
                List.of("ward_summaries", "patient_records", "bed_management", "patient_records"));
        PolicyDecision beds = evaluator.evaluate(Principal.of("guest", "public"), List.of("bed_management"));

        assertThat(patient.decision()).isEqualTo(Decision.DENY);
        assertThat(patient.reasonCodes().values()).containsExactly("domain_denied");
        assertThat(patient.restrictedDomains()).containsExactly("patient_records");
        assertThat(patient.snippets()).extracting(PolicySnippet::pointer)
                .containsExactly("/roles/guest/allowed_clearances", "/roles/guest/denied_domains");
        assertThat(beds.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(evaluator.evaluate(Principal.of("nurse", "internal"), List.of("patient_records")).decision())
                .isEqualTo(Decision.PARTIAL);
        assertThat(evaluator.evaluate(Principal.of("physician", "phi"), List.of("patient_records")).decision())
                .isEqualTo(Decision.ALLOW);
        // the clearance is checked first: a denied domain does not reveal itself to a principal the role refuses
        assertThat(evaluator.evaluate(Principal.of("guest", "phi"), List.of("patient_records")).reasonCodes().values())
                .containsExactly("clearance_not_allowed");
    }

    @Test
    void theNewFieldsSurviveTheTreeAndTheBuilder() {
        assertThat(ward.clearanceLevels()).containsExactly("public", "internal", "phi");
        assertThat(ward.role("guest").orElseThrow().deniedDomains()).containsExactly("patient_records", "staffing");
        assertThat(PolicyDocument.fromTree(ward.toTree())).isEqualTo(ward);
        assertThat(ward.toTree()).containsKey("clearance_levels");
        assertThat(MarpFixtures.policy().toTree()).doesNotContainKey("clearance_levels");

        PolicyDocument built = PolicyDocument.builder().policyId("ward").version("1")
                .clearanceLevels(List.of("public", "phi"))
                .role("guest", new RolePolicy(List.of("public"), List.of(), Decision.PARTIAL, List.of("patient_records")))
                .build();
        assertThat(built.role("guest").orElseThrow().deniedDomains()).containsExactly("patient_records");
        assertThat(new RolePolicy(List.of("public"), List.of(), Decision.ALLOW).deniedDomains()).isEmpty();
    }

    @Test
    void aDomainBothAllowedAndDeniedAndAClearanceOutsideTheOrderAreRefused() {
        String contradictory = WARD.replace("\"denied_domains\": [\"patient_records\", \"staffing\"]",
                "\"denied_domains\": [\"staffing\", \"ward_summaries\"]").replace("[\"public\", \"internal\", \"phi\"]",
                "[\"public\", \"internal\"]");

        assertThatThrownBy(() -> PolicyDocument.parse(contradictory)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/roles/guest/denied_domains/1: is also one of the role's allowed_domains")
                .hasMessageContaining("/roles/physician/allowed_clearances/1: is not one of clearance_levels")
                .hasMessageContaining("/sensitivity/internal_only_clearances/0: is not one of clearance_levels");
        assertThatThrownBy(() -> PolicyDocument.parse(WARD.replace("[\"public\", \"internal\", \"phi\"]",
                "[\"public\", \"public\", \"internal\", \"phi\"]")))
                .hasMessageContaining("/clearance_levels: must not repeat an entry");
    }

    @Test
    void theResolverComparesClearancesInThePolicysOrder() {
        PrincipalResolver resolver = PrincipalResolver.builder().policy(ward).build();

        assertThat(resolver.resolve(Principal.of("physician", "phi"), "CLEARANCE: internal").principal())
                .contains(Principal.of("physician", "internal"));
        assertThat(resolver.resolve(Principal.of("nurse", "internal"), "CLEARANCE: phi").reasonCodes().values())
                .contains("principal_claim_raises_privilege");
        assertThat(PrincipalResolver.builder().policy(ward).clearanceLevels(List.of("phi", "internal")).build()
                .resolve(Principal.of("physician", "phi"), "CLEARANCE: internal").reasonCodes().values())
                .contains("principal_claim_raises_privilege");
    }

    @Test
    void aClaimedRoleMustDenyWhatTheAuthenticatedRoleDenies() {
        // A nurse who may use the public clearance and answers PARTIAL on everything: on every domain the guest is
        // not denied, never more than the guest; on a patient, more (PARTIAL where the guest is denied).
        PolicyDocument policy = PolicyDocument.builder().policyId("ward").version("1")
                .clearanceLevels(List.of("public", "internal"))
                .role("nurse", new RolePolicy(List.of("public", "internal"), List.of("ward_summaries"), Decision.PARTIAL))
                .role("guest", new RolePolicy(List.of("public"), List.of("ward_summaries"), Decision.PARTIAL,
                        List.of("patient_records")))
                .build();
        PrincipalResolver resolver = PrincipalResolver.builder().policy(policy).build();

        assertThat(policy.role("nurse").orElseThrow().defaultDecision()).isEqualTo(Decision.PARTIAL);
        assertThat(resolver.resolve(Principal.of("nurse", "public"), "ROLE: guest").principal())
                .contains(Principal.of("guest", "public"));
        assertThat(resolver.resolve(Principal.of("guest", "public"), "ROLE: nurse").reasonCodes().values())
                .contains("principal_claim_raises_privilege");
    }
}
