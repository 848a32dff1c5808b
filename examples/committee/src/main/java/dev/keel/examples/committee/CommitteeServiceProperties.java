package dev.keel.examples.committee;

import dev.keel.core.Principal;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.core.io.Resource;

/**
 * The service's settings, under {@code keel.committee}. Immutable and thread-safe.
 *
 * @param config    the committee's {@code llm.config.json}, a resource location (the shipped sample unless set)
 * @param replay    {@value RecordedReplies#SHIPPED} or a directory of recordings: every model call answered from
 *                  them; real models when unset
 * @param tokenEnv  the NAME of the environment variable holding the bearer token that {@code /api/chat} requires
 * @param principal whom the bearer token authenticates: every request is governed for this role and clearance
 *                  ({@code client}, {@code internal} unless set), as the policy ({@code keel.policy}) knows them
 */
@ConfigurationProperties("keel.committee")
public record CommitteeServiceProperties(@DefaultValue("classpath:committee/llm.config.json") Resource config,
                                         String replay,
                                         @DefaultValue("KEEL_COMMITTEE_TOKEN") String tokenEnv,
                                         @DefaultValue Client principal) {

    /** The role of the service's client in the shipped policy. */
    public static final String DEFAULT_ROLE = "client";

    /** The clearance of the service's client in the shipped policy. */
    public static final String DEFAULT_CLEARANCE = "internal";

    /** The principal's role and clearance. */
    public record Client(@DefaultValue(DEFAULT_ROLE) String role, @DefaultValue(DEFAULT_CLEARANCE) String clearance) {

        /** The principal as the governed call takes it. */
        public Principal toPrincipal() {
            return Principal.of(role, clearance);
        }
    }
}
