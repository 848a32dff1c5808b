package dev.keel.examples.committee;

import dev.keel.committee.CommitteeConfig;
import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.AuditSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * The committee service: {@code POST /api/chat} and {@code GET /health}, every request stored by the starter's
 * audit sink (SQLite in {@code ./data/keel.db} unless {@code keel.store.url} says otherwise). Real models answer
 * unless {@code keel.committee.replay} names recordings.
 *
 * <p>The service uses the starter's stores, not its governed call ({@code keel.governed-call.enabled=false}), so it
 * needs no policy or routing table.
 *
 * <p>{@code java -jar keel-examples-committee-exec.jar [--port N] [--config FILE] [--db FILE-OR-URL] [--replay
 * DIR]} ({@link ServiceArguments}). Its beans are thread-safe singletons.
 */
@SpringBootApplication
@EnableConfigurationProperties(CommitteeServiceProperties.class)
public class CommitteeApplication {

    private static final Logger LOG = LoggerFactory.getLogger(CommitteeApplication.class);

    public static void main(String[] args) {
        SpringApplication.run(CommitteeApplication.class, ServiceArguments.toSpring(args));
    }

    /** The chat path: on recordings with {@code keel.committee.replay}, else on the configured models. */
    @Bean
    ChatService chatService(CommitteeServiceProperties properties, AuditSink auditSink, Environment environment,
                            ObjectProvider<Clock> clock) throws IOException {
        String configJson = properties.config().getContentAsString(StandardCharsets.UTF_8);
        Clock time = clock.getIfAvailable(Clock::systemUTC);
        if (properties.replay() != null && !properties.replay().isBlank()) {
            RecordedReplies replies = RecordedReplies.at(properties.replay());
            LOG.info("replay mode: every model call is answered from the recordings of {} ({})", replies.source(),
                    replies.conversations().size());
            return ChatService.replaying(CommitteeConfig.parse(configJson,
                    name -> Optional.ofNullable(environment.getProperty(name))), replies, auditSink, time);
        }
        return ChatService.live(LiveCommittee.build(configJson,
                name -> Optional.ofNullable(environment.getProperty(name)), time), auditSink, time);
    }

    /** The request id of every request, first. */
    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter() {
        FilterRegistrationBean<RequestIdFilter> registration = new FilterRegistrationBean<>(new RequestIdFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /** The bearer token of {@code /api/}, read from the variable {@code keel.committee.token-env} names. */
    @Bean
    FilterRegistrationBean<BearerTokenFilter> bearerTokenFilter(CommitteeServiceProperties properties,
                                                                Environment environment) {
        String token = environment.getProperty(properties.tokenEnv());
        if (token == null || token.isBlank()) {
            throw new ConfigurationException("environment variable " + properties.tokenEnv()
                    + " is not set (the bearer token that POST /api/chat requires)");
        }
        FilterRegistrationBean<BearerTokenFilter> registration = new FilterRegistrationBean<>(
                new BearerTokenFilter(token));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }
}
