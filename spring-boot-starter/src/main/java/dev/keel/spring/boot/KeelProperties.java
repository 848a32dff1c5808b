package dev.keel.spring.boot;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.core.io.Resource;

/**
 * The {@code keel.*} properties of {@code application.yml}, every one listed in {@code docs/spring-boot.md}.
 * Immutable and thread-safe (Spring binds them once). The descriptions below are what IDEs show.
 *
 * @param policy        the policy document (JSON), for example "classpath:keel/policy.json"
 * @param policySources where the policy came from, as recorded in every answer's provenance; the policy's file
 *                      name unless set
 * @param routing       the routing table (JSON), for example "classpath:keel/routing.json"
 * @param backends      the model backends by the names the routing table uses
 * @param fallback      the internal backend that answers when an external one fails or must not be called; the
 *                      first internal backend (by name) unless set
 * @param retry         how a provider's backend retries a failure that may pass
 * @param refusal       what a refused answer says; Keel's default sentence unless set
 * @param store         where audit records and session states are kept
 * @param pricing       prices by model name, for the cost meter ("keel.model.cost"); a model name with dots
 *                      is written in brackets, "keel.pricing[llama3.1]"
 * @param security      how a Spring Security authentication becomes the principal, when Spring Security is on the
 *                      class path
 */
@ConfigurationProperties("keel")
public record KeelProperties(@Nullable Resource policy, @Nullable List<String> policySources,
                             @Nullable Resource routing, @DefaultValue Map<String, Backend> backends,
                             @Nullable String fallback, @DefaultValue Retry retry, @Nullable String refusal,
                             @DefaultValue Store store, @DefaultValue Map<String, Price> pricing,
                             @DefaultValue Security security) {

    /**
     * One model backend.
     *
     * @param placement whether the backend runs in the house ("internal": every prompt may go there) or
     *                  outside ("external": every prompt passes the egress filter first)
     * @param provider   who serves it: "bean" (an "LlmBackend" bean of the application) or a provider kind:
     *                   "ollama", "openai" (any OpenAI-compatible endpoint), "anthropic", "embedded" (no
     *                   model: Keel's extractive backend, which says so), or a kind the application registers
     * @param bean       the name of the "LlmBackend" bean, for provider "bean"; the backend's own name
     *                   unless set
     * @param modelEnv   the NAME of the environment variable that holds the model name (every provider that runs
     *                   a model)
     * @param baseUrl    the provider's address; for ollama "OLLAMA_HOST" unless set, for openai and anthropic
     *                   their public APIs
     * @param baseUrlEnv the NAME of the environment variable that holds the provider's address, instead of base-url
     * @param apiKeyEnv  the NAME of the environment variable that holds the API key (required for anthropic)
     * @param timeout    how long one call may take
     */
    public record Backend(@Nullable Placement placement, @DefaultValue("bean") String provider, @Nullable String bean,
                          @Nullable String modelEnv, @Nullable String baseUrl, @Nullable String baseUrlEnv,
                          @Nullable String apiKeyEnv, @DefaultValue("60s") Duration timeout) {
    }

    /**
     * How a provider's backend retries a failure that may pass (a timeout, HTTP 429 or 5xx): attempt n (from 2)
     * waits initial-backoff times multiplier to the power n-2, at most max-backoff.
     *
     * @param maxAttempts    calls in all, the first included (1 to 20)
     * @param initialBackoff the wait before the second attempt
     * @param multiplier     how much longer each next wait is (1 to 10)
     * @param maxBackoff     the longest wait
     */
    public record Retry(@DefaultValue("3") int maxAttempts, @DefaultValue("250ms") Duration initialBackoff,
                        @DefaultValue("2") double multiplier, @DefaultValue("4s") Duration maxBackoff) {
    }

    /** Where a backend runs. */
    public enum Placement {
        /** In the house: every prompt may go there. */
        INTERNAL,
        /** Outside the house: every prompt passes the egress filter, and nothing internal-only is sent. */
        EXTERNAL
    }

    /**
     * The audit and session stores.
     *
     * @param url             "jdbc:sqlite:<file>" (one node) or "jdbc:postgresql://<host>/<database>"
     *                        (any number of nodes; add the PostgreSQL driver)
     * @param username        the database user (PostgreSQL)
     * @param password        the database password (PostgreSQL); never logged
     * @param maximumPoolSize the most connections the pool opens; 1 for SQLite and 10 for PostgreSQL unless set
     */
    public record Store(@DefaultValue("jdbc:sqlite:./data/keel.db") String url, @Nullable String username,
                        @Nullable String password, @Nullable Integer maximumPoolSize) {

        /** Without the password, and without the URL's parameters, where a password may be given too. */
        @Override
        public String toString() {
            int query = url == null ? -1 : url.indexOf('?');
            return "Store[url=" + (query < 0 ? url : url.substring(0, query) + "?...") + ", username=" + username
                    + ", password=" + (password == null ? null : "******") + ", maximumPoolSize=" + maximumPoolSize
                    + "]";
        }
    }

    /**
     * What a model costs.
     *
     * @param inputUsdPerMillion  US dollars per million input tokens
     * @param outputUsdPerMillion US dollars per million output tokens
     */
    public record Price(@Nullable BigDecimal inputUsdPerMillion, @Nullable BigDecimal outputUsdPerMillion) {
    }

    /**
     * How the starter's principal mapping reads a Spring Security authentication (see {@link KeelPrincipalMapper}).
     *
     * @param rolePrefix         the prefix of the granted authority that names the role: "ROLE_FINANCE" is the role
     *                           "FINANCE"
     * @param clearancePrefix    the prefix of the granted authority that names the clearance: "CLEARANCE_INTERNAL"
     *                           is the clearance "INTERNAL"
     * @param defaultRole        the role of a signed-in user with no role authority; no principal unless set
     * @param defaultClearance   the clearance of a signed-in user with no clearance authority; no principal unless
     *                           set
     * @param anonymousRole      the role of the anonymous user (and of nobody), for example the policy's guest
     *                           role; with anonymous-clearance; no principal unless both are set
     * @param anonymousClearance the clearance of the anonymous user, with anonymous-role
     */
    public record Security(@DefaultValue("ROLE_") String rolePrefix, @DefaultValue("CLEARANCE_") String clearancePrefix,
                           @Nullable String defaultRole, @Nullable String defaultClearance,
                           @Nullable String anonymousRole, @Nullable String anonymousClearance) {
    }
}
