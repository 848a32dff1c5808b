package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.langchain4j.data.message.UserMessage;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.WithAnonymousUser;
import org.springframework.security.test.context.support.WithMockUser;

/**
 * The principal and the subject of each governed chat from Spring Security's authentication, in a real application
 * on the starter (the support desk's policy: agents see refunds, customers product help only), signed in with Spring
 * Security's test support.
 */
class SpringSecurityPrincipalTest extends DeskBootTest {

    private static final String REFUNDS = "How long does a refund take?";

    @Autowired
    Supplier<Principal> principal;

    @Autowired
    GovernedChatModel chatModel;

    @Autowired
    AuditSink auditSink;

    /** The audit record of one chat, answered or denied (a denied chat is the AI Service's exception). */
    private AuditRecord chat(String message) {
        String id;
        try {
            id = chatModel.chat(UserMessage.from(message)).id();
        } catch (KeelDeniedException denied) {
            id = denied.requestId();
        }
        return ((JdbcAuditSink) auditSink).find(id).orElseThrow();
    }

    @Test
    @WithMockUser(username = "ada", authorities = {"ROLE_AGENT", "CLEARANCE_INTERNAL"})
    void theRoleAndClearanceComeFromTheAuthoritiesAndTheSubjectFromTheName() {
        assertThat(principal.get()).isEqualTo(Principal.of("AGENT", "INTERNAL"));

        AuditRecord record = chat(REFUNDS);

        assertThat(record.payload()).containsEntry("subject", "ada").containsEntry("decision", "ALLOW")
                .containsEntry("host_principal", Map.of("role", "AGENT", "clearance", "INTERNAL"))
                .containsEntry("principal", Map.of("role", "agent", "clearance", "internal"));
    }

    @Test
    @WithMockUser(username = "cy", authorities = {"ROLE_CUSTOMER", "CLEARANCE_PUBLIC"})
    void anotherRoleGetsThePolicysDecisionForThatRole() {
        AuditRecord record = chat(REFUNDS);

        assertThat(record.payload()).containsEntry("subject", "cy").containsEntry("decision", "PARTIAL")
                .containsEntry("host_principal", Map.of("role", "CUSTOMER", "clearance", "PUBLIC"));
    }

    /** Spring's ROLE_USER, which the policy does not know, does not make the agent's role ambiguous. */
    @Test
    @WithMockUser(username = "ada", authorities = {"ROLE_USER", "ROLE_AGENT", "CLEARANCE_INTERNAL"})
    void onlyThePolicysRolesCount() {
        assertThat(principal.get()).isEqualTo(Principal.of("AGENT", "INTERNAL"));
    }

    @Test
    @WithMockUser(username = "both", authorities = {"ROLE_AGENT", "ROLE_CUSTOMER", "CLEARANCE_INTERNAL"})
    void twoOfThePolicysRolesAreNoPrincipalAndTheCallIsDenied() {
        assertThat(principal.get()).isNull();

        assertThat(chat(REFUNDS).payload()).containsEntry("subject", "both").containsEntry("decision", "DENY")
                .containsEntry("host_principal", null).containsEntry("reason_codes", List.of("principal_missing"));
    }

    @Test
    @WithMockUser(username = "nobody-cleared", authorities = "ROLE_AGENT")
    void aUserWithoutAClearanceIsNoPrincipalUnlessADefaultIsSet() {
        assertThat(principal.get()).isNull();
    }

    @Test
    @WithAnonymousUser
    void theAnonymousUserIsNoPrincipalAndNoSubject() {
        assertThat(principal.get()).isNull();

        assertThat(chat(REFUNDS).payload()).containsEntry("subject", null).containsEntry("decision", "DENY")
                .containsEntry("reason_codes", List.of("principal_missing"));
    }
}
