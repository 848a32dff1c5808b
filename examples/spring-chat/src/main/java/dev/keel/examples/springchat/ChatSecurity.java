package dev.keel.examples.springchat;

import dev.keel.core.json.JsonCodec;
import dev.keel.spring.boot.KeelProperties;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * Who may do what: the page and its script, and {@code GET /actuator/health}, are open; the rest of Actuator (the
 * meters, whose tags are every user's decisions, reason codes and withheld kinds) needs a user of
 * {@link ChatAccounts} with the authority {@value #OPERATOR}; everything else needs a user of {@link ChatAccounts} by
 * HTTP Basic, on every request; a signed-in user without the authority is refused (HTTP 403, {@code {"error":
 * {"code": "forbidden"}}}). The API is stateless: no session and no cookie, and a
 * refusal (HTTP 401, {@code {"error": {"code": "unauthenticated"}}}) carries no {@code WWW-Authenticate} challenge,
 * so a browser never asks for the password itself and never stores it to send on its own; a request is
 * authenticated only by the {@code Authorization} header its sender put there, which a page of another site cannot
 * do, so there is no CSRF token to check. The page is served with a content security policy that lets it run only
 * its own script and talk only to its own origin. The beans are thread-safe singletons.
 */
@Configuration(proxyBeanMethods = false)
class ChatSecurity {

    /** The code of HTTP 401. */
    static final String UNAUTHENTICATED = "unauthenticated";

    /** The code of HTTP 403. */
    static final String FORBIDDEN = "forbidden";

    /**
     * The authority of the users who may read Actuator's endpoints beyond health: the operators. It names no role of
     * the policy, so the principal mapping never reads it.
     */
    static final String OPERATOR = "OPERATOR";

    private static final String CONTENT_SECURITY_POLICY =
            "default-src 'self'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

    @Bean
    SecurityFilterChain chatFilterChain(HttpSecurity http) throws Exception {
        AuthenticationEntryPoint unauthenticated = (request, response, failure) -> refuse(response,
                HttpServletResponse.SC_UNAUTHORIZED, UNAUTHENTICATED, "sign in: HTTP Basic with a user of the service");
        AccessDeniedHandler forbidden = (request, response, failure) -> refuse(response,
                HttpServletResponse.SC_FORBIDDEN, FORBIDDEN, "this needs an operator of the service");
        return http.csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(AbstractHttpConfigurer::disable)
                .httpBasic(basic -> basic.authenticationEntryPoint(unauthenticated))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(unauthenticated)
                        .accessDeniedHandler(forbidden))
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY)))
                .authorizeHttpRequests(requests -> requests
                        // The dispatch that ends a streamed answer continues a request already authorised.
                        .dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR).permitAll()
                        .requestMatchers(HttpMethod.GET, "/", "/index.html", "/chat.js", "/chat.css",
                                "/actuator/health").permitAll()
                        // Keel's meters are tagged with what was decided for everyone: operators only.
                        .requestMatchers("/actuator/**").hasAuthority(OPERATOR)
                        .anyRequest().authenticated())
                .build();
    }

    /** Answers a refused request with {@code status} and its code, as JSON. */
    private static void refuse(HttpServletResponse response, int status, String code, String message)
            throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(JsonCodec.strict().write(Map.of("error", Map.of("code", code, "message",
                message))));
    }

    /**
     * The users of {@code application.yml}, with their role and clearance as authorities under the prefixes the
     * starter's principal mapping reads ({@code keel.security.role-prefix}, {@code keel.security.clearance-prefix}),
     * and {@value #OPERATOR} for an operator.
     */
    @Bean
    UserDetailsService chatUserDetails(ChatAccounts accounts, KeelProperties keel) {
        KeelProperties.Security prefixes = keel.security();
        List<UserDetails> users = accounts.users().entrySet().stream().map(entry -> {
            ChatAccounts.Account account = entry.getValue();
            List<String> authorities = new ArrayList<>(List.of(prefixes.rolePrefix() + account.role(),
                    prefixes.clearancePrefix() + account.clearance()));
            if (account.operator()) {
                authorities.add(OPERATOR);
            }
            return User.withUsername(entry.getKey()).password(account.password())
                    .authorities(authorities.toArray(String[]::new)).build();
        }).toList();
        return new InMemoryUserDetailsManager(users);
    }

    /** Reads the encoding from each stored password's prefix ({@code {bcrypt}}). */
    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }
}
