package dev.keel.spring.boot;

import dev.keel.aiservices.GovernedChatModel;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.spring.boot.internal.SecuritySubject;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

/**
 * The governed chat model as a bean: a langchain4j {@code ChatModel} whose every chat is one call of the application's
 * {@link Pipeline}, for AI Services ({@code keel-aiservices}, see {@code docs/spring-boot.md}). Built when
 * langchain4j's {@code ChatModel} and {@code keel-aiservices} are on the class path and there is a {@link Pipeline}
 * bean; backs off for the application's own {@link GovernedChatModel}; off with {@code keel.chat-model.enabled=false}.
 * The principal of each chat comes from the application's {@code Supplier<Principal>} bean, the subject from Spring
 * Security's authentication when Spring Security is on the class path, and the labels of the messages the model
 * governed are kept in the {@link SessionStore}, by subject.
 *
 * <p>The bean is a thread-safe singleton.
 */
@AutoConfiguration(after = KeelAutoConfiguration.class)
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
                                           SessionStore sessionStore) {
        Supplier<Principal> source = principal.getIfUnique(() -> {
            throw new ConfigurationException("the governed chat model needs the principal of each chat: define one"
                    + " bean of type Supplier<Principal> (the authenticated user's role and clearance), or set"
                    + " keel.chat-model.enabled=false");
        });
        GovernedChatModel.Builder model = GovernedChatModel.builder(pipeline).principal(source)
                .labelStore(sessionStore);
        if (ClassUtils.isPresent(SPRING_SECURITY, KeelChatModelAutoConfiguration.class.getClassLoader())) {
            model.subject(SecuritySubject::current);
        }
        return model.build();
    }
}
