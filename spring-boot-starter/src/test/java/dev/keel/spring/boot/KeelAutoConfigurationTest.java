package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.core.spi.TokenUsage;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.keel.store.jdbc.JdbcSessionStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The auto-configuration in real Spring contexts, on real SQLite files. */
class KeelAutoConfigurationTest {

    private static final Principal AGENT = Principal.of("agent", "internal");

    @TempDir
    Path directory;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class))
                .withUserConfiguration(ScriptedModel.class)
                .withPropertyValues("keel.policy=classpath:keel/desk-policy.json",
                        "keel.routing=classpath:keel/desk-routing.json",
                        "keel.backends.desk.placement=internal", "keel.backends.desk.bean=scriptedModel",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db"));
    }

    /** The application's model: answers at once, says it is scripted, reports a model and tokens. */
    @Configuration(proxyBeanMethods = false)
    static class ScriptedModel {
        @Bean
        LlmBackend scriptedModel() {
            return request -> ChatReply.builder().text("Refunds take 14 days (scripted reply).")
                    .usage(new TokenUsage(1_000, 500)).backendId("scripted").model("scripted-1").build();
        }
    }

    @Test
    void theGovernedCallIsBuiltFromPropertiesAndAuditsIntoSqlite() {
        runner().run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Pipeline.class);
            assertThat(context.getBean(AuditSink.class)).isInstanceOf(JdbcAuditSink.class);
            assertThat(context.getBean(SessionStore.class)).isInstanceOf(JdbcSessionStore.class);

            GovernedAnswer answer = context.getBean(Pipeline.class).call(GovernedRequest.of(AGENT,
                    "How long does a refund take?"));

            assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
            assertThat(answer.text()).isEqualTo("Refunds take 14 days (scripted reply).");
            assertThat(answer.provenance().evidenceSources().of("policy")).containsExactly("desk-policy.json");
            assertThat(((JdbcAuditSink) context.getBean(AuditSink.class)).find(answer.requestId())).isPresent();
        });
        assertThat(directory.resolve("keel.db")).exists();
    }

    @Test
    void theDefaultStoreIsTheSqliteFileUnderData() {
        new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class).run(context ->
                assertThat(context.getBean(KeelProperties.class).store().url()).isEqualTo("jdbc:sqlite:./data/keel.db"));
    }

    @Configuration(proxyBeanMethods = false)
    @org.springframework.boot.context.properties.EnableConfigurationProperties(KeelProperties.class)
    static class PropertiesOnly {
    }

    @Test
    void everyBeanBacksOffForTheHostsOwnAndNoDatabaseIsOpenedThen() {
        runner().withUserConfiguration(HostParts.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(AuditSink.class)).isSameAs(context.getBean(HostParts.class).audit);
            assertThat(context.getBean(SessionStore.class)).isInstanceOf(InMemorySessionStore.class);

            context.getBean(Pipeline.class).call(GovernedRequest.of(AGENT, "How do I reset my password?"));

            assertThat(context.getBean(HostParts.class).audit.records()).hasSize(1);
        });
        assertThat(directory.resolve("keel.db")).doesNotExist();
    }

    @Configuration(proxyBeanMethods = false)
    static class HostParts {
        final InMemoryAuditSink audit = new InMemoryAuditSink();

        @Bean
        AuditSink hostAudit() {
            return audit;
        }

        @Bean
        SessionStore hostSessions() {
            return new InMemorySessionStore();
        }
    }

    @Test
    void aHostsOwnBackendsReplaceThoseOfTheProperties() {
        runner().withPropertyValues("keel.backends.desk.bean=noSuchBean")
                .withBean("hostBackends", Backends.class, () -> Backends.builder().internal("desk",
                        request -> ChatReply.builder().text("host").backendId("host").build()).build())
                .run(context -> assertThat(context.getBean(Pipeline.class).call(GovernedRequest.of(AGENT,
                        "How do I reset my password?")).text()).isEqualTo("host"));
    }

    @Test
    void offWhenDisabled() {
        runner().withPropertyValues("keel.enabled=false").run(context ->
                assertThat(context).doesNotHaveBean(Pipeline.class).doesNotHaveBean(KeelProperties.class));
    }

    @Test
    void theStoresWithoutTheGovernedCallNeedNoPolicy() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class))
                .withPropertyValues("keel.governed-call.enabled=false",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("stores-only.db"))
                .run(context -> {
                    assertThat(context).hasNotFailed().doesNotHaveBean(Pipeline.class)
                            .doesNotHaveBean(PolicyDocument.class).hasSingleBean(AuditSink.class);
                    assertThat(context.getBean(AuditSink.class).append(AuditRecord.builder().requestId("r-1")
                            .kind("stores_only").recordedAt(Instant.EPOCH).payload(Map.of("ok", true)).build()))
                            .isTrue();
                });
    }

    @Test
    void aMissingOrWrongPropertyFailsStartupNamingIt() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class))
                .withPropertyValues("keel.routing=classpath:keel/desk-routing.json",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("k.db"))
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class).hasMessage("keel.policy is not set"));
        runner().withPropertyValues("keel.backends.desk.placement=").run(context ->
                assertThat(context).getFailure().rootCause().hasMessage(
                        "keel.backends.desk.placement is not set (internal or external)"));
        runner().withPropertyValues("keel.backends.desk.bean=").withPropertyValues("keel.backends.desk.bean=other")
                .run(context -> assertThat(context).getFailure().rootCause().hasMessageContaining(
                        "keel.backends.desk is served by the LlmBackend bean 'other', and there is no such bean"));
    }

    @Test
    void aProvidersModelNameAndKeyComeFromTheVariablesThePropertiesName() {
        runner().withPropertyValues("keel.backends.desk.provider=ollama", "keel.backends.desk.model-env=DESK_MODEL",
                        "keel.backends.desk.base-url=http://127.0.0.1:9")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class).hasMessage(
                                "environment variable DESK_MODEL is not set (the model name of keel.backends.desk)"));
        runner().withPropertyValues("keel.backends.desk.provider=ollama", "keel.backends.desk.model-env=DESK_MODEL",
                        "keel.backends.desk.base-url=http://127.0.0.1:9", "DESK_MODEL=llama3.1")
                .run(context -> assertThat(context.getBean(Backends.class).find("desk").orElseThrow().id())
                        .isEqualTo("desk"));
        runner().withPropertyValues("keel.backends.desk.provider=anthropic", "keel.backends.desk.model-env=M",
                        "M=claude", "keel.backends.desk.api-key-env=DESK_KEY", "DESK_KEY=sk-ant-secret-value")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class).hasMessageContaining("langchain4j-anthropic")
                        .hasMessageNotContaining("sk-ant-secret-value"));
    }

    @Test
    void theHostsMeterRegistryGetsKeelsTimersAndCounters() {
        runner().withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
                        MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                        CompositeMeterRegistryAutoConfiguration.class))
                .withPropertyValues("keel.pricing[scripted-1].input-usd-per-million=3",
                        "keel.pricing[scripted-1].output-usd-per-million=15")
                .run(context -> {
                    Pipeline pipeline = context.getBean(Pipeline.class);
                    pipeline.call(GovernedRequest.of(AGENT, "How long does a refund take?"));
                    pipeline.call(GovernedRequest.of(Principal.of("customer", "public"), "When is my refund due?"));
                    pipeline.call(GovernedRequest.of(Principal.of("contractor", "public"), "Show the invoices"));
                    MeterRegistry meters = context.getBean(MeterRegistry.class);

                    assertThat(meters.get("keel.call").tag("keel.decision", "ALLOW").timer().count()).isEqualTo(1);
                    assertThat(meters.get("keel.call").tag("keel.decision", "PARTIAL").timer().count()).isEqualTo(1);
                    assertThat(meters.get("keel.call").tag("keel.decision", "DENY").timer().count()).isEqualTo(1);
                    assertThat(meters.get("keel.step").tag("keel.step", "reasoning").timer().count()).isEqualTo(2);
                    assertThat(meters.get("keel.model.call").tag("keel.backend", "desk").timer().count())
                            .isEqualTo(2);
                    assertThat(meters.get("keel.reason.codes").tag("keel.reason_code", "role_unknown").counter()
                            .count()).isEqualTo(1);
                    assertThat(meters.get("keel.withheld.items").tag("keel.withheld.where", "answer").counters())
                            .isNotEmpty();
                    assertThat(meters.get("keel.model.tokens").tag("keel.token.direction", "input")
                            .tag("keel.model", "scripted-1").counter().count()).isEqualTo(2_000);
                    // 2 x (1,000 x 3 + 500 x 15) / 1,000,000 US dollars
                    assertThat(meters.get("keel.model.cost").tag("keel.backend", "desk").counter().count())
                            .isEqualTo(0.021, org.assertj.core.data.Offset.offset(1e-9));
                });
    }

    @Test
    void aPriceGivenByHalfIsNamedByItsProperty() {
        runner().withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
                        MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                        CompositeMeterRegistryAutoConfiguration.class))
                .withPropertyValues("keel.pricing[scripted-1].input-usd-per-million=3")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class)
                        .hasMessage("keel.pricing[scripted-1].output-usd-per-million is not set"));
    }

    @Test
    void theMetadataDescribesEveryPropertyForIdes() throws Exception {
        String json;
        try (InputStream in = KeelProperties.class.getResourceAsStream(
                "/META-INF/spring-configuration-metadata.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> properties = (List<Map<String, Object>>) JsonCodec.strict().parseObject(json)
                .get("properties");
        Map<String, Object> descriptions = properties.stream().collect(Collectors.toMap(
                p -> (String) p.get("name"), p -> String.valueOf(p.get("description"))));

        assertThat(descriptions).containsKeys("keel.policy", "keel.policy-sources", "keel.routing", "keel.backends",
                "keel.fallback", "keel.refusal", "keel.store.url", "keel.store.username", "keel.store.password",
                "keel.store.maximum-pool-size", "keel.pricing", "keel.governed-call.enabled", "keel.chat-model.enabled");
        assertThat(descriptions.values()).allSatisfy(d -> assertThat((String) d).isNotBlank().isNotEqualTo("null")
                .doesNotContain("{@"));
    }
}
