package dev.keel.spring.boot;

import dev.keel.core.Principal;
import dev.keel.policy.PolicyDocument;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The principal of each request from Spring Security, when it is on the class path: a {@link KeelPrincipalMapper}
 * from {@code keel.security.*} ({@link KeelPrincipalMapper#fromAuthorities}, only the policy's roles counting when
 * there is a {@link PolicyDocument} bean), and the {@code Supplier<Principal>} the governed chat model asks, which
 * maps the authentication on the calling thread. Each backs off for the application's own bean of its type. See
 * {@code docs/spring-boot.md}.
 *
 * <p>The beans are thread-safe singletons.
 */
@AutoConfiguration(after = KeelAutoConfiguration.class, before = KeelChatModelAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
@ConditionalOnProperty(prefix = "keel", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(KeelProperties.class)
public final class KeelSecurityAutoConfiguration {

    /** The mapping of {@code keel.security.*}; only the policy's roles count, when there is a policy bean. */
    @Bean
    @ConditionalOnMissingBean
    public KeelPrincipalMapper keelPrincipalMapper(KeelProperties properties, ObjectProvider<PolicyDocument> policy) {
        List<String> roles = policy.stream().findFirst().map(document -> List.copyOf(document.roles().keySet()))
                .orElse(List.of());
        return KeelPrincipalMapper.fromAuthorities(properties.security(), roles);
    }

    /** The principal of the authentication on the calling thread, by the mapper; null for no principal. */
    @Bean
    @ConditionalOnMissingBean(value = Principal.class, parameterizedContainer = Supplier.class)
    public Supplier<Principal> keelPrincipal(KeelPrincipalMapper mapper) {
        return SecurityContextPrincipals.principal(mapper)::get;
    }
}
