package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.LlmBackend;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.test.context.TestSecurityContextHolder;

/**
 * The principal mapping as {@code keel.security.*} configures it, an application's own mapper and principal source in
 * its place, and no mapping without Spring Security: real contexts on the starter, signed in through Spring
 * Security's {@link TestSecurityContextHolder}.
 */
class PrincipalMappingTest {

    private static final String REFUNDS = "How long does a refund take?";

    @TempDir
    Path directory;

    @AfterEach
    void signOut() {
        TestSecurityContextHolder.clearContext();
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnPrincipal {
        static final Principal CUSTOMER = Principal.of("customer", "public");

        @Bean
        Supplier<Principal> signedIn() {
            return () -> CUSTOMER;
        }
    }

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class,
                        KeelSecurityAutoConfiguration.class, KeelChatModelAutoConfiguration.class))
                .withBean("deskModel", LlmBackend.class, () -> request -> ChatReply.builder().text("hi")
                        .backendId("desk").build())
                .withPropertyValues("keel.policy=classpath:keel/desk-policy.json",
                        "keel.routing=classpath:keel/desk-routing.json", "keel.backends.desk.placement=internal",
                        "keel.backends.desk.bean=deskModel",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db"));
    }

    private static void signIn(String name, String... authorities) {
        TestSecurityContextHolder.setAuthentication(new TestingAuthenticationToken(name, "n/a",
                AuthorityUtils.createAuthorityList(authorities)));
    }

    @Test
    void prefixesDefaultsAndTheAnonymousPrincipalFromTheProperties() {
        runner().withPropertyValues("keel.security.role-prefix=GROUP_", "keel.security.clearance-prefix=LEVEL_",
                "keel.security.default-clearance=public", "keel.security.anonymous-role=customer",
                "keel.security.anonymous-clearance=public").run(context -> {
                    @SuppressWarnings("unchecked")
                    Supplier<Principal> principal = context.getBean(Supplier.class);

                    signIn("ada", "GROUP_agent", "LEVEL_internal", "ROLE_customer");
                    assertThat(principal.get()).isEqualTo(Principal.of("agent", "internal"));
                    signIn("cy", "GROUP_customer");
                    assertThat(principal.get()).as("the default clearance")
                            .isEqualTo(Principal.of("customer", "public"));
                    TestSecurityContextHolder.setAuthentication(new AnonymousAuthenticationToken("key",
                            "anonymousUser", AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
                    assertThat(principal.get()).as("the anonymous user")
                            .isEqualTo(Principal.of("customer", "public"));
                    TestSecurityContextHolder.clearContext();
                    assertThat(principal.get()).as("nobody").isEqualTo(Principal.of("customer", "public"));
                });
    }

    @Test
    void halfAnAnonymousPrincipalFailsStartupNamingBothProperties() {
        runner().withPropertyValues("keel.security.anonymous-role=customer").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class)
                        .hasMessageContaining("keel.security.anonymous-role")
                        .hasMessageContaining("keel.security.anonymous-clearance"));
    }

    @Test
    void theApplicationsMapperReplacesTheDefaultAndGivesTheSubjectToo() {
        KeelPrincipalMapper byName = new KeelPrincipalMapper() {
            @Override
            public Principal principal(@Nullable Authentication authentication) {
                return Principal.of("agent", "internal");
            }

            @Override
            public String subject(@Nullable Authentication authentication) {
                return "staff:" + (authentication == null ? "none" : authentication.getName());
            }
        };
        runner().withBean(KeelPrincipalMapper.class, () -> byName).run(context -> {
            assertThat(context).hasSingleBean(KeelPrincipalMapper.class);
            signIn("ada");

            ChatResponse response = context.getBean(GovernedChatModel.class).chat(UserMessage.from(REFUNDS));

            AuditRecord record = ((JdbcAuditSink) context.getBean(AuditSink.class)).find(response.id())
                    .orElseThrow();
            assertThat(record.payload()).containsEntry("subject", "staff:ada").containsEntry("decision", "ALLOW");
        });
    }

    @Test
    void theApplicationsPrincipalSupplierReplacesTheStartersOne() {
        runner().withUserConfiguration(OwnPrincipal.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Supplier.class);
            assertThat(context.getBean(Supplier.class).get()).isEqualTo(OwnPrincipal.CUSTOMER);
        });
    }

    @Test
    void withoutSpringSecurityThereIsNoMapping() {
        runner().withClassLoader(new FilteredClassLoader("org.springframework.security"))
                .withPropertyValues("keel.chat-model.enabled=false").run(context ->
                        assertThat(context).hasNotFailed().doesNotHaveBean(KeelPrincipalMapper.class)
                                .doesNotHaveBean(Supplier.class));
    }
}
