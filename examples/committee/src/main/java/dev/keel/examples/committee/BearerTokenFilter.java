package dev.keel.examples.committee;

import dev.keel.core.json.JsonCodec;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets a request under {@code /api/} through only with {@code Authorization: Bearer <token>}; answers HTTP 401
 * otherwise. The token is compared in constant time and neither it nor the header is ever logged or echoed.
 * Thread-safe.
 */
public final class BearerTokenFilter extends OncePerRequestFilter {

    private static final Logger LOG = LoggerFactory.getLogger(BearerTokenFilter.class);
    private static final String PREFIX = "Bearer ";

    private final byte[] token;

    /** Requires {@code token}, which must not be blank. */
    public BearerTokenFilter(String token) {
        if (Objects.requireNonNull(token, "token").isBlank()) {
            throw new IllegalArgumentException("the bearer token must not be blank");
        }
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith("/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String authorization = request.getHeader("Authorization");
        boolean bearer = authorization != null && authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
        if (bearer && MessageDigest.isEqual(token,
                authorization.substring(PREFIX.length()).strip().getBytes(StandardCharsets.UTF_8))) {
            chain.doFilter(request, response);
            return;
        }
        LOG.warn("refused: {} bearer token", authorization == null ? "no" : bearer ? "a wrong" : "not a");
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", "Bearer");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getWriter().write(JsonCodec.strict().write(Map.of("error", Map.of("code", "unauthorized",
                "message", "a valid bearer token is required"))));
    }
}
