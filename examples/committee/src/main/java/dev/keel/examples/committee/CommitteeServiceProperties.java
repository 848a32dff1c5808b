package dev.keel.examples.committee;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.core.io.Resource;

/**
 * The service's settings, under {@code keel.committee}. Immutable and thread-safe.
 *
 * @param config   the committee's {@code llm.config.json}, a resource location (the shipped sample unless set)
 * @param replay   {@value RecordedReplies#SHIPPED} or a directory of recordings: every model call answered from
 *                 them; real models when unset
 * @param tokenEnv the NAME of the environment variable holding the bearer token that {@code /api/chat} requires
 */
@ConfigurationProperties("keel.committee")
public record CommitteeServiceProperties(@DefaultValue("classpath:committee/llm.config.json") Resource config,
                                         String replay,
                                         @DefaultValue("KEEL_COMMITTEE_TOKEN") String tokenEnv) {
}
