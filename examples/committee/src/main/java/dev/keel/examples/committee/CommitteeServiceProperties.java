package dev.keel.examples.committee;

import dev.keel.core.Principal;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.core.io.Resource;
import org.springframework.util.unit.DataSize;

/**
 * The service's settings, under {@code keel.committee}. Immutable and thread-safe.
 *
 * @param config      the committee's {@code llm.config.json}, a resource location (the shipped sample unless set)
 * @param replay      {@value RecordedReplies#SHIPPED} or a directory of recordings: every model call answered from
 *                    them; real models when unset
 * @param tokenEnv    the NAME of the environment variable holding the bearer token that {@code /api/chat} requires
 * @param principal   whom the bearer token authenticates: every request is governed for this role and clearance
 *                    ({@code client}, {@code internal} unless set), as the policy ({@code keel.policy}) knows them
 * @param maxBodySize the largest request body, refused with HTTP 413 past it ({@value #DEFAULT_MAX_BODY_SIZE}, the
 *                    strict JSON codec's document limit, unless set; never more)
 */
@ConfigurationProperties("keel.committee")
public record CommitteeServiceProperties(@DefaultValue("classpath:committee/llm.config.json") Resource config,
                                         String replay,
                                         @DefaultValue("KEEL_COMMITTEE_TOKEN") String tokenEnv,
                                         @DefaultValue Client principal,
                                         @DefaultValue(DEFAULT_MAX_BODY_SIZE) DataSize maxBodySize) {

    /** The role of the service's client in the shipped policy. */
    public static final String DEFAULT_ROLE = "client";

    /** The clearance of the service's client in the shipped policy. */
    public static final String DEFAULT_CLEARANCE = "internal";

    /** The largest body unless set: 8 MiB, the strict JSON codec's document limit. */
    public static final String DEFAULT_MAX_BODY_SIZE = "8MB";

    /** The principal's role and clearance. */
    public record Client(@DefaultValue(DEFAULT_ROLE) String role, @DefaultValue(DEFAULT_CLEARANCE) String clearance) {

        /** The principal as the governed call takes it. */
        public Principal toPrincipal() {
            return Principal.of(role, clearance);
        }
    }
}
