package dev.keel.examples.committee;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.TurnStep;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * The committee service: {@code POST /api/chat} and {@code GET /health}. Every request is a governed call of the
 * starter's {@link dev.keel.pipeline.Pipeline} (policy {@code keel.policy}, routing table {@code keel.routing}: the
 * shipped {@value CommitteeModels#POLICY} and {@value CommitteeModels#ROUTING} unless set) whose reasoning is the
 * committee and whose backends are the committee's roles ({@link CommitteeModels}); the pipeline audits each call,
 * and the service stores the committee's own record beside it, both through the starter's audit sink (SQLite in
 * {@code ./data/keel.db} unless {@code keel.store.url} says otherwise). Real models answer unless
 * {@code keel.committee.replay} names recordings. The door is {@code ServiceSecurity}: every path but
 * {@code GET /health} needs the bearer token; every body is bounded by {@code BodyLimitFilter} before anything reads
 * it; the service listens on 127.0.0.1 unless {@code server.address} says otherwise. No user store: the
 * token is the one credential.
 *
 * <p>{@code java -jar keel-examples-committee-exec.jar [--address HOST] [--port N] [--config FILE] [--db
 * FILE-OR-URL] [--replay DIR]} ({@link ServiceArguments}). Its beans are thread-safe singletons.
 */
@SpringBootApplication(exclude = UserDetailsServiceAutoConfiguration.class)
@EnableConfigurationProperties(CommitteeServiceProperties.class)
public class CommitteeApplication {

    private static final Logger LOG = LoggerFactory.getLogger(CommitteeApplication.class);

    /**
     * Runs the service. A start that fails on Keel's own configuration or arguments ends the process with exit code
     * 2 and the failure's one line on standard error (Spring Boot's report, on the log, says the same); any other
     * failure is Spring Boot's to report.
     */
    public static void main(String[] args) {
        try {
            SpringApplication.run(CommitteeApplication.class, ServiceArguments.toSpring(args));
        } catch (RuntimeException failure) {
            Optional<String> line = startupLine(failure);
            if (line.isEmpty()) {
                throw failure;
            }
            System.err.println("keel: " + line.get());
            System.exit(2);
        }
    }

    /** The message of the first Keel configuration or input failure in the cause chain of {@code failure}. */
    static Optional<String> startupLine(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConfigurationException || cause instanceof InvalidInputException) {
                return Optional.of(cause.getMessage());
            }
        }
        return Optional.empty();
    }

    /** The committee's models: the recordings with {@code keel.committee.replay}, else the configured models. */
    @Bean
    CommitteeModels committeeModels(CommitteeServiceProperties properties, Environment environment)
            throws IOException {
        String configJson = properties.config().getContentAsString(StandardCharsets.UTF_8);
        dev.keel.models.Environment variables = name -> Optional.ofNullable(environment.getProperty(name));
        if (properties.replay() != null && !properties.replay().isBlank()) {
            RecordedReplies replies = RecordedReplies.at(properties.replay());
            LOG.info("replay mode: every model call is answered from the recordings of {} ({})", replies.source(),
                    replies.conversations().size());
            return CommitteeModels.replaying(configJson, variables, replies);
        }
        return CommitteeModels.live(configJson, variables);
    }

    /** The governed call's backends: the committee's roles, and the house's own. */
    @Bean
    Backends committeeBackends(CommitteeModels models) {
        return models.backends();
    }

    /** The governed call's reasoning: the committee. */
    @Bean
    ReasoningStep committeeReasoning(CommitteeModels models, ObjectProvider<Clock> clock) {
        return models.reasoning(clock.getIfAvailable(Clock::systemUTC));
    }

    /** In replay mode, the recording that answered a call in its audit record. */
    @Bean
    TurnStep committeeReplayNote(CommitteeModels models) {
        return models.replayNote();
    }

    /** The chat path: the governed call for the service's principal. */
    @Bean
    ChatService chatService(Pipeline pipeline, CommitteeModels models, CommitteeServiceProperties properties) {
        return ChatService.builder().pipeline(pipeline).models(models)
                .principal(properties.principal().toPrincipal()).build();
    }

    /** The request id of every request, first. */
    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter() {
        FilterRegistrationBean<RequestIdFilter> registration = new FilterRegistrationBean<>(new RequestIdFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /**
     * The body limit, right after the request id: {@code keel.committee.max-body-size}, at most the strict JSON
     * codec's document limit (which counts characters, never more than a body's bytes).
     */
    @Bean
    FilterRegistrationBean<BodyLimitFilter> bodyLimitFilter(CommitteeServiceProperties properties) {
        long limit = properties.maxBodySize().toBytes();
        long documents = JsonCodec.strict().limits().maxDocumentLength();
        if (limit < 1 || limit > documents) {
            throw new ConfigurationException("keel.committee.max-body-size must be between 1 byte and the JSON"
                    + " document limit of " + documents + " bytes");
        }
        FilterRegistrationBean<BodyLimitFilter> registration = new FilterRegistrationBean<>(
                new BodyLimitFilter(limit));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }
}
