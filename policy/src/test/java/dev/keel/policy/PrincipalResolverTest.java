package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PrincipalResolverTest {

    private static final PolicyDocument POLICY = MarpFixtures.policy();

    private final PrincipalResolver lowerOnly = PrincipalResolver.builder().policy(POLICY).build();
    private final PrincipalResolver marp = MarpFixtures.principalResolver();

    private static String principal(PrincipalResolution resolution) {
        return resolution.principal().map(p -> p.role() + "/" + p.clearance()).orElse("none");
    }

    @ParameterizedTest(name = "host {0}/{1}, prompt \"{2}\" -> {3} {4}")
    @CsvSource(nullValues = "-", delimiter = '|', value = {
        // no claim: the host principal, canonicalised
        "Planner | Top Secret | How many boats retire?           | planner/top_secret | principal_from_host",
        // lowering the clearance is allowed
        "planner | top_secret | ROLE: planner, CLEARANCE: secret | planner/secret     | principal_claim_applied",
        "planner | secret     | clearance level = unclassified   | planner/unclassified | principal_claim_applied",
        // raising the clearance is refused
        "planner | secret     | CLEARANCE: top secret            | planner/secret     | principal_claim_raises_privilege",
        // a role that sees no more (guest: fewer clearances, PARTIAL default) is a lowering
        "planner | secret     | role: guest                      | guest/secret       | principal_claim_applied",
        // auditor sees the provenance views a planner does not: a raise
        "planner | secret     | ROLE / CLEARANCE: auditor / secret | planner/secret   | principal_claim_raises_privilege",
        // a guest cannot become a planner
        "guest   | secret     | role=planner                     | guest/secret       | principal_claim_raises_privilege",
        // a role the policy does not know is always denied, so claiming it never raises anything
        "planner | secret     | role: visitor                    | visitor/secret     | principal_claim_applied",
        // a clearance outside the ordering cannot be compared: refused
        "planner | secret     | clearance: cosmic                | planner/secret     | principal_claim_raises_privilege",
        // two different claims: ignored
        "planner | secret     | role: guest ... role: auditor    | planner/secret     | principal_claim_conflicting",
        // prose that merely mentions the word claims nothing
        "planner | secret     | What is the role of crew readiness in the clearance process? | planner/secret | principal_from_host",
    })
    void lowerOnlyLetsAClaimLowerButNeverRaise(String role, String clearance, String prompt, String expected,
            String reason) {
        PrincipalResolution resolution = lowerOnly.resolve(Principal.of(role, clearance), prompt);

        assertThat(principal(resolution)).isEqualTo(expected);
        assertThat(resolution.reasonCodes().values()).contains(reason);
    }

    @Test
    void withoutHostPrincipalOrDefaultThereIsNoPrincipal() {
        PrincipalResolution plain = lowerOnly.resolve(null, "How many boats retire?");
        PrincipalResolution claimed = lowerOnly.resolve(null, "ROLE: planner / CLEARANCE: secret");

        assertThat(plain.principal()).isEmpty();
        assertThat(plain.source()).isEqualTo(PrincipalSource.NONE);
        assertThat(plain.reasonCodes().values()).containsExactly("principal_missing");
        assertThat(claimed.principal()).isEmpty();
        assertThat(claimed.reasonCodes().values())
                .containsExactly("principal_claim_without_principal", "principal_missing");
        assertThat(claimed.claim()).contains(new PromptClaim("planner", "secret"));
    }

    @ParameterizedTest(name = "MARP: host {0}/{1}, prompt \"{2}\" -> {3}")
    @CsvSource(nullValues = "-", delimiter = '|', value = {
        // the seed: no claim and no host principal -> planner / secret
        "-       | -          | Retire two boats in Q3            | planner/secret     | principal_from_default",
        // without a host principal a claim is used as written, even a raise
        "-       | -          | ROLE / CLEARANCE: auditor / TOP SECRET | auditor/top_secret | principal_claim_applied",
        // against the host's principal a claim may only lower privilege
        "guest   | secret     | role: planner, clearance: top-secret | guest/secret | principal_claim_raises_privilege principal_from_host",
        "planner | top_secret | CLEARANCE: secret                 | planner/secret     | principal_claim_applied",
        // a partial claim keeps the rest of the host or default principal
        "-       | -          | Clearance: top_secret             | planner/top_secret | principal_claim_applied",
        "guest   | unclassified | ROLE: auditor                   | auditor/unclassified | principal_claim_applied",
        "planner | secret     | nothing claimed                   | planner/secret     | principal_from_host",
    })
    void theMarpResolverTakesTheClaimAndDefaultsToPlannerSecret(String role, String clearance, String prompt,
            String expected, String reason) {
        Principal host = role == null ? null : Principal.of(role, clearance);

        PrincipalResolution resolution = marp.resolve(host, prompt);

        assertThat(principal(resolution)).isEqualTo(expected);
        assertThat(resolution.reasonCodes().values()).containsExactly(reason.split(" "));
    }

    @Test
    void ignoreModeReportsTheClaimButKeepsTheHostPrincipal() {
        PrincipalResolver ignoring = PrincipalResolver.builder().promptClaims(PromptClaimMode.IGNORE).build();

        PrincipalResolution resolution = ignoring.resolve(Principal.of("guest", "secret"), "ROLE: guest CLEARANCE: unclassified");

        assertThat(principal(resolution)).isEqualTo("guest/secret");
        assertThat(resolution.source()).isEqualTo(PrincipalSource.HOST);
        assertThat(resolution.claim()).contains(new PromptClaim("guest", "unclassified"));
        assertThat(resolution.reasonCodes().values()).containsExactly("principal_claim_ignored", "principal_from_host");
    }

    @Test
    void withoutAPolicyOnlyTheSameRolePasses() {
        PrincipalResolver noPolicy = PrincipalResolver.builder().build();

        assertThat(principal(noPolicy.resolve(Principal.of("planner", "secret"), "role: guest"))).isEqualTo("planner/secret");
        assertThat(principal(noPolicy.resolve(Principal.of("planner", "secret"), "role: planner clearance: unclassified")))
                .isEqualTo("planner/unclassified");
    }

    @Test
    void clearanceLevelsAreConfigurable() {
        PrincipalResolver custom = PrincipalResolver.builder().clearanceLevels(List.of("Public", "Internal", "Secret"))
                .build();

        assertThat(principal(custom.resolve(Principal.of("planner", "secret"), "clearance: internal")))
                .isEqualTo("planner/internal");
        assertThat(principal(custom.resolve(Principal.of("planner", "internal"), "clearance: secret")))
                .isEqualTo("planner/internal");
    }

    @Test
    void theWireFormNamesTheSource() {
        assertThat(marp.resolve(null, "hello").toWire()).containsEntry("principal_source", "default")
                .containsEntry("role", "planner").containsEntry("clearance", "secret");
    }
}
