package dev.keel.examples.committee;

import dev.keel.core.ConfigurationException;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The service's door, on the path Spring dispatches rather than on the raw request target: Spring Security's
 * firewall refuses a target that is not in canonical form (HTTP 400 {@value #REJECTED}), and behind it every request
 * needs {@code Authorization: Bearer <token>} (HTTP 401 {@value #UNAUTHORIZED} with {@code WWW-Authenticate:
 * Bearer}) except {@code GET /health}, the one path allowed without it: deny by default, so a path that no rule
 * names is closed too. Stateless (no session, no cookie), no CSRF protection (no cookie or session authenticates a
 * request, only the header), no user store: the token from the variable {@code keel.committee.token-env} names is
 * the one credential, compared in constant time, never logged or echoed.
 *
 * <p>The firewall is Spring Security's {@link StrictHttpFirewall} with its defaults (it refuses {@code ;}, an
 * encoded {@code /}, {@code \} or {@code .}, {@code %25}, {@code //}, {@code /./} and {@code /../}) and one rule
 * more: a percent-encoded unreserved character ({@code %61} for {@code a}), which no client needs to send and which
 * a check on the raw target would miss. Its beans are thread-safe singletons.
 */
@Configuration(proxyBeanMethods = false)
class ServiceSecurity {

    /** The code of HTTP 401. */
    static final String UNAUTHORIZED = "unauthorized";

    /** The code of HTTP 400 for a target the firewall refuses. */
    static final String REJECTED = "invalid_path";

    private static final Logger LOG = LoggerFactory.getLogger(ServiceSecurity.class);
    private static final String BEARER = "Bearer ";
    private static final String UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

    @Bean
    SecurityFilterChain door(HttpSecurity http, CommitteeServiceProperties properties, Environment environment)
            throws Exception {
        String token = environment.getProperty(properties.tokenEnv());
        if (token == null || token.isBlank()) {
            throw new ConfigurationException("environment variable " + properties.tokenEnv()
                    + " is not set (the bearer token that POST /api/chat requires)");
        }
        AuthenticationEntryPoint unauthorized = (request, response, failure) -> {
            String header = request.getHeader(HttpHeaders.AUTHORIZATION);
            LOG.warn("refused: {} bearer token", header == null ? "no" : isBearer(header) ? "a wrong" : "not a");
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
            ErrorBody.write(response, HttpServletResponse.SC_UNAUTHORIZED, UNAUTHORIZED,
                    "a valid bearer token is required");
        };
        return http.csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .exceptionHandling(handling -> handling.authenticationEntryPoint(unauthorized))
                .addFilterBefore(new BearerToken(token), AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> requests
                        // The container's own error page for a request already let in (or refused by the container).
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .requestMatchers(HttpMethod.GET, "/health").permitAll()
                        .anyRequest().authenticated())
                .build();
    }

    /** The firewall, and its refusals as the service's error body. */
    @Bean
    WebSecurityCustomizer firewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.getEncodedUrlBlocklist().addAll(encodedUnreserved());
        RequestRejectedHandler rejected = (request, response, failure) -> {
            LOG.info("refused: a request target that is not in canonical form");
            ErrorBody.write(response, HttpServletResponse.SC_BAD_REQUEST, REJECTED,
                    "the request path is not in canonical form");
        };
        return web -> web.httpFirewall(firewall).requestRejectedHandler(rejected);
    }

    /** {@code %41} to {@code %7E} for every unreserved character, in upper and lower case hex. */
    static List<String> encodedUnreserved() {
        return UNRESERVED.chars().boxed().flatMap(c -> Stream.of(String.format("%%%02X", c),
                String.format("%%%02x", c))).distinct().toList();
    }

    private static boolean isBearer(String header) {
        return header.regionMatches(true, 0, BEARER, 0, BEARER.length());
    }

    /** Authenticates the request that carries the token; any other goes on unauthenticated, and is refused. */
    private static final class BearerToken extends OncePerRequestFilter {

        private final byte[] token;

        BearerToken(String token) {
            this.token = token.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            String header = request.getHeader(HttpHeaders.AUTHORIZATION);
            if (header != null && isBearer(header) && MessageDigest.isEqual(token,
                    header.substring(BEARER.length()).strip().getBytes(StandardCharsets.UTF_8))) {
                SecurityContext context = SecurityContextHolder.createEmptyContext();
                context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("client", null,
                        List.of()));
                SecurityContextHolder.setContext(context);
            }
            chain.doFilter(request, response);
        }
    }
}
