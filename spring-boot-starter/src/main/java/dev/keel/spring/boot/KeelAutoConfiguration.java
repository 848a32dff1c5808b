package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.WireFormatException;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.models.ModelPrice;
import dev.keel.models.PriceTable;
import dev.keel.models.config.ProviderKind;
import dev.keel.models.config.ProviderKinds;
import dev.keel.pipeline.AnswerComposer;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.EnforcementStep;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.TurnStep;
import dev.keel.policy.DomainDetector;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PrincipalResolver;
import dev.keel.routing.RoutingTable;
import dev.keel.store.jdbc.JdbcStores;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * The governed call and its parts as beans, from {@link KeelProperties}: the policy, the routing table, the
 * backends, the reasoning step, the stores (SQLite in {@code ./data/keel.db} unless {@code keel.store.url} says
 * otherwise) and the {@link Pipeline}, which keeps its session state in the {@link SessionStore}, observed through the host's {@link ObservationRegistry} when it has one
 * (Spring Boot Actuator makes one). Each bean backs off when the host defines one of its type; the pipeline also
 * takes the host's {@link EvidenceProvider}, {@link TurnStep}s and {@link EnforcementStep}s (in their order),
 * {@link AnswerComposer}, {@link PrincipalResolver}, {@link DomainDetector}, {@link KnowledgeRanker}, {@link Clock}
 * and {@link IdSource}, and the backends take the host's {@link ProviderKind}s. Off with {@code keel.enabled=false}; the governed call alone (the stores stay) with
 * {@code keel.governed-call.enabled=false}. See {@code docs/spring-boot.md}.
 *
 * <p>The beans are thread-safe singletons; building them reads the policy and routing resources and opens the
 * database.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnProperty(prefix = "keel", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(KeelProperties.class)
public final class KeelAutoConfiguration {

    /**
     * The stores of {@code keel.store}, migrated. Lazy: opened only when the audit sink or the session store is
     * taken from them, so a host that supplies both opens no database.
     */
    @Bean(destroyMethod = "close")
    @Lazy
    @ConditionalOnMissingBean
    public JdbcStores keelStores(KeelProperties properties) {
        KeelProperties.Store store = properties.store();
        Placeholders.requireResolved("keel.store.url", store.url());
        Placeholders.requireResolved("keel.store.username", store.username());
        Placeholders.requireResolved("keel.store.password", store.password());
        JdbcStores.Builder builder = JdbcStores.builder().url(store.url());
        String username = store.username();
        if (username != null) {
            builder.username(username);
        }
        String password = store.password();
        if (password != null) {
            builder.password(password);
        }
        Integer maximumPoolSize = store.maximumPoolSize();
        if (maximumPoolSize != null) {
            builder.maximumPoolSize(maximumPoolSize);
        }
        return builder.build();
    }

    /** Every call's audit record, in the stores. */
    @Bean
    @ConditionalOnMissingBean
    public AuditSink keelAuditSink(JdbcStores stores) {
        return stores.auditSink();
    }

    /** Session states, in the stores. */
    @Bean
    @ConditionalOnMissingBean
    public SessionStore keelSessionStore(JdbcStores stores) {
        return stores.sessionStore();
    }

    /**
     * The governed call and the parts only it uses (policy, routing table, backends, reasoning). Off with
     * {@code keel.governed-call.enabled=false}, for an application that uses Keel's stores but not the governed
     * call, so that it needs no policy or routing table.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "keel.governed-call", name = "enabled", havingValue = "true",
            matchIfMissing = true)
    static class GovernedCall {

        /** The policy named by {@code keel.policy}. */
        @Bean
        @ConditionalOnMissingBean
        public PolicyDocument keelPolicy(KeelProperties properties) {
            String text = ResourceText.read(properties.policy(), "keel.policy");
            try {
                return PolicyDocument.parse(text);
            } catch (InvalidPolicyException | WireFormatException invalid) {
                throw ResourceText.invalid("keel.policy", properties.policy(), invalid);
            }
        }

        /** The routing table named by {@code keel.routing}. */
        @Bean
        @ConditionalOnMissingBean
        public RoutingTable keelRoutingTable(KeelProperties properties) {
            String text = ResourceText.read(properties.routing(), "keel.routing");
            try {
                return RoutingTable.parse(text);
            } catch (InvalidPolicyException | WireFormatException invalid) {
                throw ResourceText.invalid("keel.routing", properties.routing(), invalid);
            }
        }

        /**
         * The backends of {@code keel.backends}; model names and keys from the environment variables they name. A
         * provider kind is found among the built-in ones, those listed for {@link java.util.ServiceLoader} and the
         * application's {@link ProviderKind} beans.
         */
        @Bean
        @ConditionalOnMissingBean
        public Backends keelBackends(KeelProperties properties, ListableBeanFactory beans,
                                     Environment environment, ObjectProvider<ProviderKind> providerKinds) {
            ProviderKinds defaults = ProviderKinds.defaults();
            ProviderKinds kinds = defaults.with(providerKinds.orderedStream()
                    .filter(kind -> defaults.find(kind.name()).filter(found -> found.getClass() == kind.getClass())
                            .isEmpty())
                    .toList());
            return PropertyBackends.build(properties.backends(), properties.fallback(), properties.retry(), kinds,
                    name -> beans.containsBean(name) && beans.isTypeMatch(name, LlmBackend.class)
                            ? beans.getBean(name, LlmBackend.class) : null,
                    name -> Optional.ofNullable(environment.getProperty(name)));
        }

        /**
         * One model call with the conversation ({@link SingleCallReasoning#userMessage()}); with keel-aiservices on the
         * class path, the governed chat model's reasoning, which reasons so for every other request and gives an AI
         * Service's typed return its JSON shape.
         */
        @Bean
        @ConditionalOnMissingBean
        public ReasoningStep keelReasoning() {
            return ClassUtils.isPresent(KeelChatModelAutoConfiguration.GOVERNED_CHAT_MODEL,
                    KeelAutoConfiguration.class.getClassLoader()) ? KeelChatModelAutoConfiguration.reasoning()
                    : SingleCallReasoning.userMessage();
        }

        /** The governed call. */
        @Bean
        @ConditionalOnMissingBean
        public Pipeline keelPipeline(KeelProperties properties, PolicyDocument policy, RoutingTable routing,
                                     Backends backends, ReasoningStep reasoning, AuditSink auditSink,
                                     SessionStore sessionStore,
                                     ObjectProvider<ObservationRegistry> observations,
                                     ObjectProvider<EvidenceProvider> evidence, ObjectProvider<TurnStep> turnSteps,
                                     ObjectProvider<EnforcementStep> enforcement, ObjectProvider<AnswerComposer> composer,
                                     ObjectProvider<PrincipalResolver> principalResolver,
                                     ObjectProvider<DomainDetector> domainDetector,
                                     ObjectProvider<KnowledgeRanker> knowledgeRanker, ObjectProvider<Clock> clock,
                                     ObjectProvider<IdSource> idSource) {
            Pipeline.Builder pipeline = Pipeline.builder().policy(policy).routing(routing).backends(backends)
                    .reasoning(reasoning).auditSink(auditSink).sessionStore(sessionStore)
                    .observationRegistry(observations.getIfAvailable(() -> ObservationRegistry.NOOP));
            List<String> sources = properties.policySources() != null ? properties.policySources()
                    : properties.policy() != null && properties.policy().getFilename() != null
                    ? List.of(properties.policy().getFilename()) : List.of();
            pipeline.policySources(sources.toArray(String[]::new));
            if (properties.refusal() != null) {
                pipeline.refusal(properties.refusal());
            }
            evidence.ifAvailable(pipeline::evidence);
            turnSteps.orderedStream().forEach(pipeline::turnStep);
            enforcement.orderedStream().forEach(pipeline::enforcement);
            composer.ifAvailable(pipeline::composer);
            principalResolver.ifAvailable(pipeline::principalResolver);
            domainDetector.ifAvailable(pipeline::domainDetector);
            knowledgeRanker.ifAvailable(pipeline::knowledgeRanker);
            clock.ifAvailable(pipeline::clock);
            idSource.ifAvailable(pipeline::idSource);
            try {
                return pipeline.build();
            } catch (ConfigurationException mismatch) {
                // The pipeline names the routing table's backend; the operator sets properties.
                throw new ConfigurationException(mismatch.getMessage() + " (the routing table is keel.routing, the"
                        + " backends are keel.backends.<name>)", mismatch);
            }
        }
    }

    /** Keel's meters beside the timers, when the host has a {@link MeterRegistry} (Spring Boot Actuator). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
    static class Meters {

        @Bean
        @ConditionalOnBean(MeterRegistry.class)
        @ConditionalOnMissingBean
        KeelMeterObservationHandler keelMeterObservationHandler(MeterRegistry meters, KeelProperties properties) {
            Map<String, ModelPrice> prices = new LinkedHashMap<>();
            properties.pricing().forEach((model, price) -> prices.put(model, new ModelPrice(
                    priceMember(price.inputUsdPerMillion(), model, "input-usd-per-million"),
                    priceMember(price.outputUsdPerMillion(), model, "output-usd-per-million"))));
            return new KeelMeterObservationHandler(meters, PriceTable.of(prices));
        }

        /** A price's member, which {@code keel.pricing[model]} must give. */
        private static BigDecimal priceMember(@Nullable BigDecimal value, String model, String member) {
            if (value == null) {
                throw new ConfigurationException("keel.pricing[" + model + "]." + member + " is not set");
            }
            return value;
        }
    }
}
