package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.pipeline.Pipeline;
import dev.keel.spring.ai.KeelAdvisor;
import java.util.function.Supplier;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

/**
 * Keel's Spring AI advisor as a bean: a {@link KeelAdvisor} whose every {@code ChatClient} call or stream is one
 * governed call of the application's {@link Pipeline}, for an application that adds {@code keel-spring-ai} (see
 * {@code docs/spring-ai.md}). It is built when Spring AI's {@code ChatClient} and {@code keel-spring-ai} are on the
 * class path and there is a {@link Pipeline} bean, backs off for the application's own, and is off with
 * {@code keel.spring-ai.enabled=false}. Who asks comes from the {@code Supplier<Principal>} bean (with Spring
 * Security the starter's, by the {@link KeelPrincipalMapper}), the audit subject from Spring Security's
 * authentication by the same mapper; the application adds the bean and its {@link KeelAdvisor#caller()} to its
 * ChatClient, so that a stream reads the signed-in user where it is subscribed, on the request's thread. The labels
 * of what each call said are kept by the pipeline in its session store (the starter's pipeline takes the
 * {@link dev.keel.core.spi.SessionStore} bean), so that the history a chat memory replays as text gets them back,
 * across restarts.
 *
 * <p>The bean is a thread-safe singleton.
 */
@AutoConfiguration(after = {KeelAutoConfiguration.class, KeelSecurityAutoConfiguration.class})
@ConditionalOnClass(name = {"org.springframework.ai.chat.client.ChatClient", KeelSpringAiAutoConfiguration.KEEL_ADVISOR})
@ConditionalOnProperty(prefix = "keel", name = "enabled", havingValue = "true", matchIfMissing = true)
public final class KeelSpringAiAutoConfiguration {

    /** The class whose presence says that keel-spring-ai is on the class path. */
    static final String KEEL_ADVISOR = "dev.keel.spring.ai.KeelAdvisor";

    private static final String SPRING_SECURITY = "org.springframework.security.core.context.SecurityContextHolder";

    /**
     * The advisor over the application's pipeline.
     *
     * @throws ConfigurationException when the application defines no {@code Supplier<Principal>} bean
     */
    @Bean
    @ConditionalOnBean(Pipeline.class)
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "keel.spring-ai", name = "enabled", havingValue = "true", matchIfMissing = true)
    public KeelAdvisor keelAdvisor(Pipeline pipeline, ObjectProvider<Supplier<Principal>> principal,
                                   BeanFactory beans) {
        Supplier<Principal> source = principal.getIfUnique(() -> {
            throw new ConfigurationException("Keel's Spring AI advisor needs the principal of each call: define one"
                    + " bean of type Supplier<Principal> (the authenticated user's role and clearance), add Spring"
                    + " Security (its authentication is then mapped), or set keel.spring-ai.enabled=false");
        });
        KeelAdvisor.Builder advisor = KeelAdvisor.builder(pipeline).principal(source);
        if (ClassUtils.isPresent(SPRING_SECURITY, KeelSpringAiAutoConfiguration.class.getClassLoader())) {
            advisor.subject(SecurityContextPrincipals.subject(beans));
        }
        return advisor.build();
    }
}
