package dev.keel.spring.boot;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.aiservices.GovernedStreamingChatModel;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
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
 * The governed chat models as beans: a langchain4j {@code ChatModel} whose every chat is one call of the application's
 * {@link Pipeline}, and its streaming twin ({@link GovernedStreamingChatModel}, whose every chat is one streamed
 * call), for AI Services ({@code keel-aiservices}, see {@code docs/spring-boot.md}). Each is built when
 * langchain4j's {@code ChatModel} and {@code keel-aiservices} are on the class path and there is a {@link Pipeline}
 * bean; each backs off for the application's own; both are off with {@code keel.chat-model.enabled=false}.
 * The principal of each chat comes from the {@code Supplier<Principal>} bean (with Spring Security on the class path
 * the starter's, by the {@link KeelPrincipalMapper}, unless the application defines its own), the subject from
 * Spring Security's authentication by the same mapper. The labels of the messages the model governed are kept by the
 * pipeline in its session store (the starter's pipeline takes the {@link SessionStore} bean), by subject, so that a
 * chat memory that keeps only text gets them back, across restarts.
 *
 * <p>The beans are thread-safe singletons.
 */
@AutoConfiguration(after = {KeelAutoConfiguration.class, KeelSecurityAutoConfiguration.class})
@ConditionalOnClass(name = {"dev.langchain4j.model.chat.ChatModel", KeelChatModelAutoConfiguration.GOVERNED_CHAT_MODEL})
@ConditionalOnProperty(prefix = "keel", name = "enabled", havingValue = "true", matchIfMissing = true)
public final class KeelChatModelAutoConfiguration {

    /** The class whose presence says that keel-aiservices is on the class path. */
    static final String GOVERNED_CHAT_MODEL = "dev.keel.aiservices.GovernedChatModel";

    private static final String SPRING_SECURITY = "org.springframework.security.core.context.SecurityContextHolder";

    /** The governed chat model's reasoning, for the pipeline's default reasoning step. */
    static ReasoningStep reasoning() {
        return GovernedChatModel.reasoning();
    }

    /**
     * The governed chat model over the application's pipeline.
     *
     * @throws ConfigurationException when the application defines no {@code Supplier<Principal>} bean
     */
    @Bean
    @ConditionalOnBean(Pipeline.class)
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "keel.chat-model", name = "enabled", havingValue = "true", matchIfMissing = true)
    public GovernedChatModel keelChatModel(Pipeline pipeline, ObjectProvider<Supplier<Principal>> principal,
                                           BeanFactory beans) {
        return builder(pipeline, principal, beans).build();
    }

    /**
     * The streaming twin of {@link #keelChatModel}: the same principal and subject, each chat one streamed call of
     * the pipeline.
     *
     * @throws ConfigurationException when the application defines no {@code Supplier<Principal>} bean
     */
    @Bean
    @ConditionalOnBean(Pipeline.class)
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "keel.chat-model", name = "enabled", havingValue = "true", matchIfMissing = true)
    public GovernedStreamingChatModel keelStreamingChatModel(Pipeline pipeline,
                                                             ObjectProvider<Supplier<Principal>> principal,
                                                             BeanFactory beans) {
        return builder(pipeline, principal, beans).buildStreaming();
    }

    private static GovernedChatModel.Builder builder(Pipeline pipeline, ObjectProvider<Supplier<Principal>> principal,
                                                     BeanFactory beans) {
        Supplier<Principal> source = principal.getIfUnique(() -> {
            throw new ConfigurationException("the governed chat model needs the principal of each chat: define one"
                    + " bean of type Supplier<Principal> (the authenticated user's role and clearance), add Spring"
                    + " Security (its authentication is then mapped), or set keel.chat-model.enabled=false");
        });
        GovernedChatModel.Builder model = GovernedChatModel.builder(pipeline).principal(source);
        if (ClassUtils.isPresent(SPRING_SECURITY, KeelChatModelAutoConfiguration.class.getClassLoader())) {
            model.subject(SecurityContextPrincipals.subject(beans));
        }
        return model;
    }
}
